import { afterAll, beforeAll, expect, it } from 'vitest';
import { terminals } from '../src/db/schema/index.js';
import { verifyTerminalSecret } from '../src/gateway/terminal-secret.js';
import { demoTerminalSecret, seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller } from './terminals-fixtures.js';

describeEachEngine('demo terminals seed', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('adds 30 registered terminals in use, once, with secrets derived from the demo secret', async () => {
    const db = t.database.db;
    expect(await seedDemoTerminals(db, { demoSecret: 'demo-fleet' })).toBe(30);
    expect(await seedDemoTerminals(db, { demoSecret: 'demo-fleet' })).toBe(0);
    const rows = await db.select().from(terminals);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.family))).toEqual(new Set(['rdcsm', 'rdc4m']));
    expect(new Set(rows.map((r) => r.model))).toEqual(new Set([1, 2]));
    expect(new Set(rows.map((r) => r.deptId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rows.every((r) => r.status === 3 && r.registerState === 1 && Math.abs(r.lng! - 121.47) < 0.05 && Math.abs(r.lat! - 31.23) < 0.05)).toBe(true);
    for (const r of rows.slice(0, 3)) {
      expect(verifyTerminalSecret(demoTerminalSecret('demo-fleet', r.family as 'rdcsm', r.sn), r.secretHash)).toBe(true);
      expect(verifyTerminalSecret(demoTerminalSecret('other', r.family as 'rdcsm', r.sn), r.secretHash)).toBe(false);
    }
    const tab = (await caller(t, await t.login()).get('/terminal/tab')).data;
    expect(tab).toMatchObject({ total: 30, inUse: 30 });
  });
});
