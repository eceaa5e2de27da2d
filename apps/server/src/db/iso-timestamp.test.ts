import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './iso-timestamp.js';

/** Each text checked against Date's own reading of it (the reference), and the fast path against known answers. */
describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, for every fraction length and offset PostgreSQL prints', () => {
    const texts = [
      '2026-12-07 17:26:25+00', '2026-12-07 17:26:25.7+00', '2026-12-07 17:26:25.73+00', '2026-12-07 17:26:25.738+00',
      '2026-12-07 17:26:25.7381+00', '2026-12-07 17:26:25.73819+00', '2026-12-07 17:26:25.738199+00', '2026-12-07 17:26:25.999999+00',
      '1970-01-01 00:00:00+00', '2024-02-29 23:59:59.5+00', '2026-12-08 01:26:25.738+08', '2026-12-07 22:56:25.738+05:30', '2026-12-07 12:26:25-05',
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString());
    expect(isoTimestamp('2026-12-07 17:26:25.7381+00')).toBe('2026-12-07T17:26:25.738Z');
    expect(isoTimestamp('2026-12-07 17:26:25+00')).toBe('2026-12-07T17:26:25.000Z');
    expect(isoTimestamp('2026-12-07 22:56:25.738+05:30')).toBe('2026-12-07T17:26:25.738Z');
  });

  it('takes a Date as it is', () => {
    expect(isoTimestamp(new Date(Date.UTC(2026, 11, 7, 17, 26, 25, 738)))).toBe('2026-12-07T17:26:25.738Z');
  });
});
