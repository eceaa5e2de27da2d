import { describe, expect, it } from 'vitest';
import { BASELINE_DAYS, EMPTY_HEALTH, foldDay, MIN_LIT_READINGS, scoreLamp, type Health } from './health-model.js';

const day = (i: number, ratio: number, pf = 0.95, cycles = 0) => ({
  day: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), litReadings: 600, ratioSum: ratio * 600, pfSum: pf * 600, cycles, burnHours: 1000 + i * 11,
});
const facts = { ratedLifeH: 100_000, repairs: 0, estimatedBurnHours: null };
const fold = (days: Array<ReturnType<typeof day>>) => days.reduce<Health>((h, d) => foldDay(h, d), EMPTY_HEALTH);

describe('lamp health and failure score', () => {
  it('sets a baseline from the first days and scores a steady lamp low', () => {
    const h = fold(Array.from({ length: 60 }, (_, i) => day(i, 1 + (i % 3) * 0.005)));
    expect(h.days).toBe(60);
    expect(h.baselineRatio).toBeCloseTo(1.005, 2);
    expect(scoreLamp(h, facts).score).toBeLessThan(0.1);
  });

  it('a lamp whose power at the same level falls 0.5 % a day scores high for the trend, and for the level once past 20 %', () => {
    const falling = (n: number) => fold(Array.from({ length: n }, (_, i) => day(i, i < 20 ? 1 : 1 - (i - 20) * 0.005)));
    const early = scoreLamp(falling(50), facts); // about 13 % down, 0.5 %/day: the critical 30 % in about 5 weeks
    expect(early.score).toBeGreaterThan(0.5);
    expect(early.reasons[0].code).toBe('powerSlope');
    expect(early.reasons[0].value).toBeCloseTo(-0.035, 2);
    const late = scoreLamp(falling(80), facts);
    expect(late.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['powerDrift', 'powerSlope']));
    expect(late.score).toBeGreaterThan(early.score);
  });

  it('a falling power factor and cycling are reasons of their own', () => {
    const pf = fold(Array.from({ length: 50 }, (_, i) => day(i, 1, i < 20 ? 0.95 : 0.95 - (i - 20) * 0.008)));
    expect(scoreLamp(pf, facts).reasons[0].code).toBe('pfDecline');
    const cycling = fold(Array.from({ length: 30 }, (_, i) => day(i, 1, 0.95, i > 20 ? 40 : 0)));
    expect(scoreLamp(cycling, facts).reasons.map((r) => r.code)).toContain('cycling');
  });

  it('burning hours past rated life and past repairs raise the score', () => {
    const h = fold([day(0, 1)]);
    expect(scoreLamp({ ...h, burnHours: 110_000 }, facts).reasons[0]).toEqual({ code: 'lifeUsed', value: 1.1 });
    expect(scoreLamp(h, { ...facts, repairs: 3 }).reasons).toContainEqual({ code: 'pastRepairs', value: 3 });
  });

  it('ignores days folded already and days with too few lit readings', () => {
    const h = fold(Array.from({ length: BASELINE_DAYS }, (_, i) => day(i, 1)));
    expect(foldDay(h, day(3, 0.2))).toBe(h);
    const thin = foldDay(h, { ...day(30, 0.2), litReadings: MIN_LIT_READINGS - 1, ratioSum: 0.2 * (MIN_LIT_READINGS - 1) });
    expect(thin.days).toBe(h.days);
    expect(thin.recentRatio).toBe(h.recentRatio);
  });
});
