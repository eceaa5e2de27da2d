import { describe, expect, it } from 'vitest';
import { zonedTime } from '../control/compiler/zone-time.js';
import { litSpans, NIGHT_DIM } from './demo-lighting.js';

const TZ = 'Asia/Shanghai';
const at = (date: string, hhmm: string) => zonedTime(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), TZ);
const levelAt = (spans: ReturnType<typeof litSpans>, t: number) => spans.find((s) => s.lo <= t && t < s.hi)?.dim;

describe('demo lighting', () => {
  // People's Square, Shanghai, late November: sunrise about 06:30, sunset about 16:55.
  const spans = litSpans(at('2026-11-20', '00:00'), at('2026-11-23', '00:00'), 31.23, 121.47, TZ);

  it('burns from sunset to sunrise at the position, full until midnight and dimmed after it', () => {
    expect(levelAt(spans, at('2026-11-21', '12:00'))).toBeUndefined();
    expect(levelAt(spans, at('2026-11-21', '06:45'))).toBeUndefined();
    expect(levelAt(spans, at('2026-11-21', '06:15'))).toBe(NIGHT_DIM);
    expect(levelAt(spans, at('2026-11-21', '02:00'))).toBe(NIGHT_DIM);
    expect(levelAt(spans, at('2026-11-21', '17:10'))).toBe(100);
    expect(levelAt(spans, at('2026-11-21', '23:59'))).toBe(100);
    expect(levelAt(spans, at('2026-11-21', '16:40'))).toBeUndefined();
  });

  it('keeps to the range asked for', () => {
    expect(spans.every((s) => s.hi > at('2026-11-20', '00:00') && s.lo < at('2026-11-23', '00:00'))).toBe(true);
    expect(spans.filter((s) => s.dim === 100)).toHaveLength(3);
  });
});

describe('demo lighting where the sun does not set or rise', () => {
  const OSLO = 'Europe/Oslo';
  const oslo = (date: string, hhmm: string) => zonedTime(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), OSLO);
  const tromso = (from: string, to: string) => litSpans(oslo(from, '00:00'), oslo(to, '00:00'), 69.65, 18.96, OSLO);

  it('burns all day through the polar night, dimmed from midnight to solar noon', () => {
    const polar = tromso('2026-12-20', '2026-12-22');
    for (const hhmm of ['03:00', '09:00', '11:00']) expect(levelAt(polar, oslo('2026-12-21', hhmm))).toBe(NIGHT_DIM);
    for (const hhmm of ['12:30', '15:00', '23:00']) expect(levelAt(polar, oslo('2026-12-21', hhmm))).toBe(100);
  });

  it('stays dark through the midnight sun', () => {
    const summer = tromso('2026-06-20', '2026-06-23');
    for (let t = oslo('2026-06-20', '00:00'); t < oslo('2026-06-23', '00:00'); t += 15 * 60_000) expect(levelAt(summer, t)).toBeUndefined();
  });
});
