import { describe, expect, it } from 'vitest';
import { defaultAlarmSet, type HeartbeatMessage } from '@sl/contracts';
import { judgeHeartbeat } from './alarm-thresholds.js';

const none = defaultAlarmSet('rdc4m').thresholds;
const cabinet = (over: Partial<Extract<HeartbeatMessage, { model: 1 }>> = {}): HeartbeatMessage => ({
  mid: 'm', ts: Date.UTC(2026, 10, 23, 4, 0), model: 1, // 12:00 in Shanghai
  voltage: { a: 230, b: 231, c: 229 }, current: { a: 12, b: 11, c: 0.5 }, activePower: { a: 2, b: 2, c: 0.1 },
  powerFactor: { a: 0.97, b: 0.96, c: 0.7 }, energyKwh: 1, leakageMa: 4, door: 'closed', lock: 'locked', mode: 'auto',
  loops: [{ no: 1, on: true }], ...over,
});
const judge = (t: Partial<typeof none>, m: HeartbeatMessage, phases = 3) => judgeHeartbeat({ ...none, ...t }, m, phases, 'Asia/Shanghai');

describe('thresholds judged against one heartbeat', () => {
  it('judges only the thresholds that are set', () => {
    expect(judge({}, cabinet())).toEqual([]);
  });

  it('judges each phase the cabinet has and names the phase that decided', () => {
    expect(judge({ voltageHigh: 230.5 }, cabinet())).toEqual([{ kind: 'voltageHigh', holds: true, value: 231, phase: 'b' }]);
    // A single-phase cabinet: phases b and c carry nothing worth judging.
    expect(judge({ voltageHigh: 230.5, currentLow: 1 }, cabinet(), 1)).toEqual([
      { kind: 'voltageHigh', holds: false, value: 230, phase: 'a' },
      { kind: 'currentLow', holds: false, value: 12, phase: 'a' },
    ]);
    expect(judge({ currentLow: 1, powerFactorLow: 0.8, leakageMa: 3 }, cabinet()).map((r) => [r.kind, r.holds, r.phase])).toEqual([
      ['currentLow', true, 'c'], ['powerFactorLow', true, 'c'], ['leakage', true, null],
    ]);
  });

  it('low current and low power factor only while lit; day-burning only lit inside the window, which may pass midnight', () => {
    const dark = cabinet({ loops: [{ no: 1, on: false }] });
    expect(judge({ currentLow: 1, powerFactorLow: 0.8 }, dark).every((r) => !r.holds)).toBe(true);
    expect(judge({ dayBurnStart: '07:00', dayBurnEnd: '17:00' }, cabinet())[0].holds).toBe(true);
    expect(judge({ dayBurnStart: '07:00', dayBurnEnd: '17:00' }, dark)[0].holds).toBe(false);
    expect(judge({ dayBurnStart: '13:00', dayBurnEnd: '17:00' }, cabinet())[0].holds).toBe(false);
    expect(judge({ dayBurnStart: '22:00', dayBurnEnd: '12:30' }, cabinet())[0].holds).toBe(true);
  });

  it('a lamp has one reading and no leakage', () => {
    const lamp: HeartbeatMessage = { mid: 'l', ts: 0, model: 2, on: true, dim: 80, voltage: 250, current: 0.6, power: 0.1, powerFactor: 0.9, energyKwh: 1, burnHours: 1, lampFailure: false };
    expect(judge({ voltageHigh: 240, leakageMa: 1 }, lamp)).toEqual([{ kind: 'voltageHigh', holds: true, value: 250, phase: null }]);
  });
});
