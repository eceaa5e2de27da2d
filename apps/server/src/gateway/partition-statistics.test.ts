import { describe, expect, it } from 'vitest';
import { silentLog } from './device-transport.js';
import { PartitionStatistics } from './partition-statistics.js';

const DAY = 86_400_000;
const day1 = Date.UTC(2026, 10, 27);

function setup(result: () => Promise<boolean> = async () => true) {
  const calls: Array<[string, string]> = [];
  const stats = new PartitionStatistics((table, day) => {
    calls.push([table, day.toISOString()]);
    return result();
  }, silentLog, 10);
  return { stats, calls };
}
const times = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i * 1000);

describe('PartitionStatistics', () => {
  it('asks for statistics of a day once, when that many rows were written into it', () => {
    const { stats, calls } = setup();
    stats.wrote('heartbeat', times(9, day1));
    expect(calls).toEqual([]);
    stats.wrote('heartbeat', times(1, day1 + 3_600_000));
    expect(calls).toEqual([['heartbeat', new Date(day1).toISOString()]]);
    stats.wrote('heartbeat', times(50, day1 + 7_200_000));
    expect(calls).toHaveLength(1);
  });

  it('counts each table and day apart', () => {
    const { stats, calls } = setup();
    // Five rows either side of midnight, then five more of the second day: only that day reaches ten.
    stats.wrote('heartbeat', times(10, day1 + DAY - 5000));
    stats.wrote('device_event', times(9, day1 + DAY));
    expect(calls).toEqual([]);
    stats.wrote('heartbeat', times(5, day1 + DAY + 60_000));
    expect(calls).toEqual([['heartbeat', new Date(day1 + DAY).toISOString()]]);
    stats.wrote('device_event', [day1 + DAY + 1]);
    expect(calls.at(-1)).toEqual(['device_event', new Date(day1 + DAY).toISOString()]);
  });

  it('asks again after as many rows when the analysis failed', async () => {
    const { stats, calls } = setup(async () => {
      throw new Error('database away');
    });
    stats.wrote('heartbeat', times(10, day1));
    expect(calls).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    stats.wrote('heartbeat', times(9, day1));
    expect(calls).toHaveLength(1);
    stats.wrote('heartbeat', times(1, day1));
    expect(calls).toHaveLength(2);
  });
});
