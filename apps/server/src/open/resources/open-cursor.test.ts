import { expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from './open-cursor.js';

it('reads back the cursor it wrote, refuses one it did not, and marks the last page', () => {
  expect(decodeCursor(encodeCursor(42))).toBe(42);
  expect(decodeCursor(undefined)).toBe(0);
  expect(() => decodeCursor('bm9wZQ')).toThrow(/cursor/);
  const rows = [1, 2, 3].map((id) => ({ id }));
  expect(pageOf(rows, 2, (r) => r.id)).toEqual({ items: [1, 2], nextCursor: encodeCursor(2) });
  expect(pageOf(rows, 3, (r) => r.id)).toEqual({ items: [1, 2, 3], nextCursor: null });
});
