import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/**
 * The configuration createTestApp runs the app with: the defaults, no captcha, the cheapest password hashes, plus the
 * test's own `env`. Each gets its own data folder: uploads are counted per order and per user on disk, and order ids
 * start again in every test database.
 */
export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sl-test-')), PASSWORD_HASH_COST: '4', ...env });

/** What seedDatabase reads from the configuration (src/seed/seed.ts): configs equal on these seed alike. */
const SEED_INPUTS = ['DEMO', 'ADMIN_PASSWORD', 'SEED_LANGUAGE'] as const satisfies ReadonlyArray<keyof Config>;

/** Whether `config` seeds exactly what the default test config seeds: the seeded template's contents. */
export function seedsLikeDefault(config: Config): boolean {
  const defaults = testConfig();
  return SEED_INPUTS.every((key) => config[key] === defaults[key]);
}
