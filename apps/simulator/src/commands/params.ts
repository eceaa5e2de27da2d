import type { CommandTarget } from './target.js';
import { badParams } from './target.js';

type Value = number | string | boolean;

const isNum = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);

/** Named parameters backed by terminal state; any other name is stored as a free parameter. */
const KNOWN: Record<string, { get: (t: CommandTarget) => Value | undefined; set: (t: CommandTarget, v: Value) => void }> = {
  heartbeatS: {
    get: (t) => t.state.heartbeatS,
    set: (t, v) => {
      if (!isNum(v) || !Number.isInteger(v) || v < 10 || v > 3600) throw badParams('heartbeatS must be an integer 10..3600');
      t.state.heartbeatS = v;
      t.rescheduleHeartbeat();
    },
  },
  voltageHigh: threshold('voltageHigh'),
  voltageLow: threshold('voltageLow'),
  currentHigh: threshold('currentHigh'),
  currentLow: threshold('currentLow'),
  leakageMa: threshold('leakageMa'),
  overCurrentA: threshold('overCurrentA'),
  locked: {
    get: (t) => t.state.locked,
    set: (t, v) => {
      if (typeof v !== 'boolean') throw badParams('locked must be a boolean');
      t.state.locked = v;
    },
  },
  firmware: { get: (t) => t.config.firmware ?? 'sim-1.0.0', set: () => { throw badParams('firmware is read-only'); } },
};

function threshold(name: 'voltageHigh' | 'voltageLow' | 'currentHigh' | 'currentLow' | 'leakageMa' | 'overCurrentA') {
  return {
    get: (t: CommandTarget) => t.state.thresholds[name],
    set: (t: CommandTarget, v: Value) => {
      if (!isNum(v) || v < 0) throw badParams(`${name} must be a number >= 0`);
      t.state.thresholds[name] = v;
    },
  };
}

export function setParams(t: CommandTarget, values: Record<string, Value>) {
  for (const [name, v] of Object.entries(values)) {
    if (KNOWN[name]) KNOWN[name].set(t, v);
    else t.state.params[name] = v;
  }
}

export function queryParams(t: CommandTarget, names?: string[]): Record<string, Value> {
  const all: Record<string, Value> = { ...t.state.params };
  for (const [name, p] of Object.entries(KNOWN)) {
    const v = p.get(t);
    if (v !== undefined) all[name] = v;
  }
  if (!names) return all;
  return Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
}
