import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterprises, terminals } from '../src/db/schema/index.js';
import { DEMO_ENTERPRISES, seedDemoEnterprises } from '../src/seed/seed-demo-enterprises.js';
import { seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('demo enterprises seed', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('adds a few enterprises once and shares the 30 demo terminals out between them and every department', async () => {
    const db = t.database.db;
    expect(await seedDemoEnterprises(db)).toBe(DEMO_ENTERPRISES.length);
    expect(await seedDemoEnterprises(db)).toBe(0);
    const owners = (await db.select().from(enterprises)).map((e) => e.enterpriseId);
    expect(owners).toHaveLength(3);
    expect(await seedDemoTerminals(db, { demoSecret: 'demo-fleet' })).toBe(30);
    const rows = await db.select().from(terminals);
    expect(rows.map((r) => r.sn).slice(0, 2)).toEqual(['DEMO-SM-001', 'DEMO-4M-002']);
    expect(new Set(rows.map((r) => r.enterpriseId))).toEqual(new Set(owners));
    const perDept: Record<number, number> = {};
    for (const r of rows) perDept[r.deptId!] = (perDept[r.deptId!] ?? 0) + 1;
    expect(perDept).toEqual({ 1: 6, 2: 6, 3: 6, 4: 6, 5: 6 });
  });
});
