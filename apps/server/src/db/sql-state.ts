/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`), if it carries one. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Whether the database refused the data itself (class 22 data exception, class 23 integrity violation),
 * as opposed to being unreachable, missing a table or out of resources: the same rows would fail again.
 */
export function isDataError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}
