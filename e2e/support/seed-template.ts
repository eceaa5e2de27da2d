// Writes what the product's first start writes before anything runs (migrations, seedAtStart as main.ts calls it,
// then the demo's terminals), into DATA_DIR: the template folder each e2e product starts
// from. Only seeding: no gateway, scheduler or demo fleet ever runs on it, so no terminal has been heard, no
// heartbeat or log is stored and no job has run, as on a first start. Every step is one the server repeats
// (idempotently) on each start, so a step added to main.ts later is still done by the copied product's start.
// `node --import tsx e2e/support/seed-template.ts` with the product's environment.
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { seedAtStart } from '../../apps/server/src/seed/seed-at-start.js';
import { seedDemoTerminals } from '../../apps/server/src/seed/seed-demo-terminals.js';

// A signing secret given here is not written to the folder: each product makes its own at its start.
const config = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(48) });
if (!config.DEMO) throw new Error('the e2e template is the demo product (DEMO=true)');
const database = await openDatabase({ pgliteDir: path.join(config.DATA_DIR, 'pglite'), partitionsAheadDays: config.PARTITIONS_AHEAD_DAYS });
try {
  await seedAtStart(database.db, config);
  await seedDemoTerminals(database.db, { demoSecret: config.DEMO_DEVICE_SECRET, locale: config.SEED_LANGUAGE });
} finally {
  await database.close();
}
