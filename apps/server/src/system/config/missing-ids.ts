import { notFound } from '../../http/errors.js';

/** A 404 naming the requested ids that were not found; thrown inside a transaction it undoes the whole bulk change. */
export function assertAllFound(what: string, requested: number[], found: number[]): void {
  const missing = requested.filter((id) => !found.includes(id));
  if (missing.length === 0) return;
  throw notFound(`${what} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not exist`);
}
