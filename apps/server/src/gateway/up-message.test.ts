import { UP_SCHEMAS } from '@sl/contracts';
import { describe, expect, it } from 'vitest';
import { decodeUp } from './up-message.js';

const TOPIC = 'sl/rdc4m/UPM0001/up/heartbeat';
const cabinet = {
  mid: 'hb-1', ts: 1_795_000_000_000, model: 1,
  voltage: { a: 229.8, b: 230.1, c: 228.9 }, current: { a: 11.2, b: 11.7, c: 10.9 },
  activePower: { a: 2.5, b: 2.6, c: 2.4 }, powerFactor: { a: 0.97, b: 0.96, c: 0.97 },
  energyKwh: 12_345.6, leakageMa: 4.2, door: 'closed', lock: 'locked', mode: 'auto',
  loops: [{ no: 1, on: true, current: 5.1 }, { no: 2, on: false }], temperatureC: 21.5, manualUntil: 1_795_000_600_000, programFingerprint: 'p-1',
};
const lamp = {
  mid: 'hb-2', ts: 1_795_000_000_000, model: 2, on: true, dim: 80, voltage: 221, current: 0.4, power: 0.08,
  powerFactor: 0.93, energyKwh: 120.5, burnHours: 3000, lampFailure: false, mode: 'manual', programFingerprint: null,
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** Every path to a value of `v`, objects and arrays included. */
function paths(v: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  if (v === null || typeof v !== 'object') return [at];
  const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Record<string, Json>)[k as string], [...at, k]))];
}
function edited(v: Json, path: Array<string | number>, edit: (parent: Record<string | number, Json>, key: string | number) => void): Json {
  const copy = structuredClone(v);
  if (!path.length) return copy;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  edit(parent, path.at(-1)!);
  return copy;
}
/** The message, and variants of it: each value removed, replaced by something of another type or range, or given an unknown neighbour. */
function variants(base: Json): Json[] {
  const out: Json[] = [base];
  const replacements: Json[] = [null, 'x', '', true, 0, -1, 1.5, 17, 101, -1e12, 1e12, 5e15, 2 ** 53, [], {}, 'open', 'locked', 'manual', 'a'.repeat(65), 'bad mid!'];
  for (const path of paths(base)) {
    if (path.length) out.push(edited(base, path, (p, k) => (Array.isArray(p) ? p.splice(k as number, 1) : delete p[k])));
    for (const r of replacements) if (path.length) out.push(edited(base, path, (p, k) => (p[k] = r)));
    out.push(edited(base, path, (p, k) => {
      const target = path.length ? p[k] : p;
      if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, Json>).unknownKey = { nested: 1 };
    }));
  }
  return out;
}

describe('decodeUp of a heartbeat', () => {
  it('accepts and refuses exactly what the contract does, and gives the same message', () => {
    const all = [...variants(cabinet as Json), ...variants(lamp as Json), { ...lamp, model: 3 }, { ...cabinet, model: '1' }, [cabinet], 'text', 5];
    let accepted = 0;
    for (const body of all) {
      // The reference: the contract's zod schema on its own copy.
      const reference = UP_SCHEMAS.heartbeat.safeParse(structuredClone(body));
      const decoded = decodeUp(TOPIC, Buffer.from(JSON.stringify(body)));
      expect({ body, ok: decoded.ok }).toEqual({ body, ok: reference.success });
      if (decoded.ok && reference.success) {
        accepted++;
        expect(decoded.up).toEqual({ kind: 'heartbeat', msg: reference.data });
      } else if (!decoded.ok) {
        expect(decoded.reason).toBe('badSchema');
      }
    }
    // Both samples, the variants that only add unknown keys or change a value within range, at least.
    expect(accepted).toBeGreaterThan(20);
    expect(all.length - accepted).toBeGreaterThan(500);
  });
});
