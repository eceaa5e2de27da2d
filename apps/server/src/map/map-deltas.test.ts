import { describe, expect, it } from 'vitest';
import { MapFlag, MapState, OnlineState, type MapDeltaPush } from '@sl/contracts';
import { LitStates } from './lit-states.js';
import { MapDeltas } from './map-deltas.js';
import type { MapStateRow } from './map-repository.js';

function setup(rows: MapStateRow[]) {
  const sent: Array<[number | null, MapDeltaPush]> = [];
  const asked: number[][] = [];
  const lit = new LitStates(async () => []);
  const deltas = new MapDeltas({
    repo: { states: async (ids) => (asked.push(ids), rows.filter((r) => ids.includes(r.terminalId))) },
    lit,
    publish: async (deptId, message) => void sent.push([deptId, message]),
    onError: (err) => {
      throw err;
    },
    flushMs: 0,
  });
  return { deltas, sent, asked, lit };
}

describe('MapDeltas', () => {
  const rows: MapStateRow[] = [
    { terminalId: 1, deptId: 2, onlineState: OnlineState.online, alarmed: false },
    { terminalId: 2, deptId: 2, onlineState: OnlineState.online, alarmed: true },
    { terminalId: 3, deptId: 5, onlineState: OnlineState.offline, alarmed: false },
  ];

  it('sends each batch as one message per department, with states by the one rule', async () => {
    const { deltas, sent, asked } = setup(rows);
    for (const id of [1, 2, 3, 2]) deltas.touch(id);
    await deltas.flush();
    expect(asked).toEqual([[1, 2, 3]]);
    expect(sent).toEqual([
      [2, { code: 200, event: 'mapDelta', changes: [[1, MapState.off, 0], [2, MapState.alarm, 0]] }],
      [5, { code: 200, event: 'mapDelta', changes: [[3, MapState.offline, MapFlag.offline]] }],
    ]);
  });

  it('a heartbeat is a delta only when the lamp goes on or off', async () => {
    const { deltas, sent } = setup(rows);
    deltas.reading(1, true);
    deltas.reading(1, true);
    await deltas.flush();
    expect(sent.map(([, m]) => m.changes)).toEqual([[[1, MapState.lit, MapFlag.lit]]]);
    deltas.reading(1, true);
    await deltas.flush();
    expect(sent).toHaveLength(1);
  });

  it("another instance's lit and off deltas keep this instance's lit set", () => {
    const { deltas, lit } = setup(rows);
    deltas.heard([[7, MapState.lit], [8, MapState.alarm]]);
    expect(lit.has(7)).toBe(true);
    deltas.heard([[7, MapState.off]]);
    expect(lit.has(7)).toBe(false);
    // A lamp in alarm is lit by its flag, which its state (alarm) hides.
    deltas.heard([[7, MapState.alarm, MapFlag.lit]]);
    expect(lit.has(7)).toBe(true);
  });

  it('a lit lamp in alarm keeps its lit flag in the delta', async () => {
    const { deltas, sent } = setup(rows);
    deltas.reading(2, true);
    await deltas.flush();
    expect(sent.map(([, m]) => m.changes)).toEqual([[[2, MapState.alarm, MapFlag.lit]]]);
  });
});
