import { describe, expect, it } from 'vitest';
import { IDLE_MS, MAX_LAG_MS, ReadLag } from './read-lag.js';

const T0 = 1_767_225_600_000;
const at = (ms: number) => new Date(T0 + ms);

describe('ReadLag', () => {
  it('is caught up to now when reading promptly, and when it has read nothing (or nothing for a while)', () => {
    const lag = new ReadLag();
    expect(lag.caughtUpTo(T0)).toBe(T0);
    for (let i = 0; i < 20; i++) lag.heard(at(i * 1000 + 40), T0 + i * 1000);
    expect(lag.caughtUpTo(T0 + 20_000)).toBe(T0 + 20_000 - 40);
    expect(lag.caughtUpTo(T0 + 20_000 + IDLE_MS + 1)).toBe(T0 + 20_000 + IDLE_MS + 1);
  });

  it('behind a backlog, is caught up to when the messages it reads were sent, and dates them so', () => {
    const lag = new ReadLag();
    // Messages sent two minutes before they are read, one a second.
    for (let i = 0; i < 20; i++) lag.heard(at(120_000 + i * 1000), T0 + i * 1000);
    expect(lag.caughtUpTo(T0 + 140_000)).toBe(T0 + 12_000);
    // A pause in reading does not move it on (until IDLE_MS says nothing is queued).
    expect(lag.caughtUpTo(T0 + 160_000)).toBe(T0 + 12_000);
    // A message read now is dated when it was sent, not when it was read.
    expect(lag.heard(at(140_000), T0 + 20_000)).toEqual(at(20_000));
  });

  it('follows the backlog, not a terminal whose clock is wrong', () => {
    const lag = new ReadLag();
    for (let i = 0; i < 20; i++) lag.heard(at(i * 1000 + 10), T0 + i * 1000 - (i % 5 === 0 ? 3_600_000 : 0));
    expect(lag.caughtUpTo(T0 + 20_000)).toBe(T0 + 20_000 - 10);
    // Its message counts as read now, less the delivery time: neither an hour old nor (from a clock ahead) in the future.
    expect(lag.heard(at(21_000), T0 + 21_000 - 3_600_000)).toEqual(at(21_000 - 10));
    expect(lag.heard(at(22_000), T0 + 22_000 + 600_000)).toEqual(at(22_000));
  });

  it('takes a fleet far off in its clocks as at most MAX_LAG_MS behind', () => {
    const lag = new ReadLag();
    for (let i = 0; i < 20; i++) lag.heard(at(i * 1000), T0 + i * 1000 - 86_400_000);
    expect(lag.caughtUpTo(T0 + 20_000)).toBe(T0 + 20_000 - MAX_LAG_MS);
  });
});
