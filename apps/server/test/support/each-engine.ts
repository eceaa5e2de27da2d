import { describe } from 'vitest';
import { postgresAvailable } from './engines.js';

const pgUp = await postgresAvailable();

/** Runs the same suite on PGlite and, when reachable, on the PostgreSQL server. */
export function describeEachEngine(name: string, suite: (engine: 'pglite' | 'postgres') => void) {
  describe(`${name} [pglite]`, () => suite('pglite'));
  describe.skipIf(!pgUp)(`${name} [postgres]`, () => suite('postgres'));
}

/**
 * Runs a suite whose checks are about HTTP shapes (validation, limits, status codes), not SQL, on one engine:
 * PostgreSQL, the production one, when reachable; PGlite otherwise.
 */
export function describeOnOneEngine(name: string, suite: (engine: 'pglite' | 'postgres') => void) {
  const engine = pgUp ? 'postgres' : 'pglite';
  describe(`${name} [${engine}]`, () => suite(engine));
}
