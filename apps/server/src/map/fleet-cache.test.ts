import { describe, expect, it } from 'vitest';
import { MapFlag, MapState } from '@sl/contracts';
import { FleetCache, type FleetSnapshot } from './fleet-cache.js';
import { LitStates } from './lit-states.js';

const snapshot = (ids: number[]): FleetSnapshot => ({
  ids: Int32Array.from(ids), x: Int32Array.from(ids.map(() => 121_000_000)), y: Int32Array.from(ids.map(() => 31_000_000)),
  dept: Int32Array.from(ids.map((id) => (id % 2 ? 2 : 3))), base: Uint8Array.from(ids.map(() => MapState.off)),
  model: Uint8Array.from(ids.map(() => 2)), family: Uint8Array.from(ids.map(() => 0)), offline: new Uint8Array(ids.length), deptNames: new Map([[2, 'two'], [3, 'three']]),
});

describe('FleetCache', () => {
  it('selects by department, merges lit lamps and applies pushed states', async () => {
    const lit = new LitStates(async () => [1]);
    await lit.ready();
    const cache = new FleetCache(async () => snapshot([1, 2, 3]));
    const s = await cache.current();
    expect([...cache.select(s, 'all', lit).state]).toEqual([MapState.lit, MapState.off, MapState.off]);
    const two = cache.select(s, new Set([2]), lit);
    expect([...two.ids]).toEqual([1, 3]);
    expect(two.depts).toEqual([{ deptId: 2, deptName: 'two' }]);
    cache.heard([[3, MapState.alarm], [1, MapState.offline], [99, MapState.alarm]]);
    expect([...cache.select(s, 'all', lit).state]).toEqual([MapState.offline, MapState.off, MapState.alarm]);
    cache.heard([[1, MapState.lit]]);
    expect(cache.select(s, 'all', lit).state[0]).toBe(MapState.lit);
  });

  it('keeps lit and offline as flags beside the state, which an alarm hides', async () => {
    const lit = new LitStates(async () => [1, 2]);
    await lit.ready();
    const cache = new FleetCache(async () => snapshot([1, 2, 3]));
    const s = await cache.current();
    // 1: lit and in alarm; 2: offline, last seen lit, with another alarm open; 3: offline, dark.
    cache.heard([[1, MapState.alarm, MapFlag.lit], [2, MapState.alarm, MapFlag.lit | MapFlag.offline], [3, MapState.offline, MapFlag.offline]]);
    const c = cache.select(s, 'all', lit);
    expect([...c.state]).toEqual([MapState.alarm, MapState.alarm, MapState.offline]);
    expect([...c.flags]).toEqual([MapFlag.lit, MapFlag.lit | MapFlag.offline, MapFlag.offline]);
  });

  it('a write makes the next read wait for a new copy, even when a read was under way; an old copy answers while it reloads', async () => {
    let version = 0;
    let release = () => undefined as void;
    const cache = new FleetCache(async () => {
      const ids = version === 0 ? [1] : [1, 2];
      if (version++ === 1) await new Promise<void>((r) => (release = r));
      return snapshot(ids);
    }, 1000, () => now);
    let now = 0;
    expect((await cache.current()).ids.length).toBe(1);
    now = 2000; // old: answered at once, reloaded behind
    expect((await cache.current()).ids.length).toBe(1);
    cache.invalidate(); // written while that reload runs
    const next = cache.current();
    release();
    expect((await next).ids.length).toBe(2);
  });
});
