import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { menus, users } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/seed.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { TEST_SECRET } from './support/test-app.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sl-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps PGlite data in its folder across restarts and seeds only once', async () => {
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: dir, ADMIN_PASSWORD: 'first-start-pw' });
  const first = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  expect((await seedDatabase(first.db, config)).admin).toEqual({ username: 'admin', password: 'first-start-pw', source: 'ADMIN_PASSWORD' });
  await first.close();
  const second = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  expect((await seedDatabase(second.db, config)).admin).toBeUndefined();
  const names = (await second.db.select({ username: users.username }).from(users)).map((u) => u.username).sort();
  expect(names).toEqual(['admin', 'operator', 'repairer', 'repairer1', 'repairer3', 'repairer4', 'repairer5', 'visitor']);
  await second.close();
});

describeEachEngine('seed', (engine) => {
  it('generates an administrator password when neither ADMIN_PASSWORD nor demo mode gives one', async () => {
    const db = await openTestDatabase(engine);
    try {
      const result = await seedDatabase(db.db, loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: dir, DEMO: 'false' }));
      expect(result.admin?.source).toBe('generated');
      expect(result.admin?.password).toMatch(/^[\w-]{12}$/);
      const [{ n }] = await db.db.select({ n: count() }).from(users);
      expect(n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('re-applies the menu catalogue without duplicating it', async () => {
    const db = await openTestDatabase(engine);
    try {
      const config = loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: dir });
      await seedDatabase(db.db, config);
      const [{ n: before }] = await db.db.select({ n: count() }).from(menus);
      await seedDatabase(db.db, config);
      const [{ n: after }] = await db.db.select({ n: count() }).from(menus);
      expect(after).toBe(before);
      expect(before).toBeGreaterThan(150);
    } finally {
      await db.close();
    }
  });
});
