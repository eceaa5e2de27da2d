import { describe, expect, it } from 'vitest';
import { recentFirst } from './paging.js';

const at = Date.UTC(2026, 11, 7, 0, 20); // twenty minutes past midnight UTC

/** Rows newest first at the given times; `rows(since)` answers those at or after it, as the page's SQL does. */
function table(times: number[], limit: number) {
  const asked: Array<string | undefined> = [];
  const rows = async (since?: Date) => {
    asked.push(since?.toISOString());
    return times.filter((t) => !since || t >= since.getTime()).slice(0, limit);
  };
  return { rows, asked };
}

describe('recentFirst', () => {
  it('asks from midnight UTC of the day before, then of a week before, then everything', async () => {
    const few = table([at - 60_000, at - 3 * 86_400_000], 10);
    expect(await recentFirst(10, false, few.rows, at)).toHaveLength(2);
    expect(few.asked).toEqual(['2026-12-06T00:00:00.000Z', '2026-11-30T00:00:00.000Z', undefined]);
  });

  it('answers from the first window that holds the whole page: the same rows as reading everything', async () => {
    // Twelve readings over the last 40 minutes: some before midnight, all within the day window.
    const times = Array.from({ length: 12 }, (_, i) => at - i * 200_000);
    const page = table(times, 10);
    expect(await recentFirst(10, false, page.rows, at)).toEqual(times.slice(0, 10));
    expect(page.asked).toEqual(['2026-12-06T00:00:00.000Z']);
  });

  it('reads everything at once when the page has a start of its own', async () => {
    const page = table([at], 10);
    await recentFirst(10, true, page.rows, at);
    expect(page.asked).toEqual([undefined]);
  });
});
