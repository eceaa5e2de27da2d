import { describe } from 'vitest';
import { postgresAvailable } from './engines.js';

const pgUp = await postgresAvailable();

/** Runs the same suite on PGlite and, when reachable, on the PostgreSQL server. */
export function describeEachEngine(name: string, suite: (engine: 'pglite' | 'postgres') => void) {
  describe(`${name} [pglite]`, () => suite('pglite'));
  describe.skipIf(!pgUp)(`${name} [postgres]`, () => suite('postgres'));
}
