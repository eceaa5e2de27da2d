import { badRequest, text } from '../../http/errors.js';

/** The cursor of a page: the last id it held, opaque to clients. */
export const encodeCursor = (lastId: number) => Buffer.from(`i${lastId}`).toString('base64url');

/** The id after which the next page starts (0 without a cursor); a cursor this server did not write is 400. */
export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^i(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!m) throw badRequest(text('open.badCursor'));
  return Number(m[1]);
}

/** A page from `limit + 1` rows fetched after the cursor: the extra row only says that there is a next page. */
export function pageOf<R extends { id: number }, T>(rows: R[], limit: number, map: (r: R) => T): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items: items.map(map), nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1].id) : null };
}
