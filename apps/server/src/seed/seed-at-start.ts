import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { seedDatabase } from './seed.js';
import { seedDemoEnterprises } from './seed-demo-enterprises.js';
import { seedDemoNotices } from './seed-demo-notices.js';

/** What every start writes before anything runs (idempotent): the seed, and in demo mode its notices and enterprises. */
export async function seedAtStart(db: Db, config: Config) {
  const seeded = await seedDatabase(db, config);
  if (config.DEMO) await seedDemoNotices(db, Date.now(), config.SEED_LANGUAGE);
  if (config.DEMO) await seedDemoEnterprises(db, config.SEED_LANGUAGE);
  return seeded;
}
