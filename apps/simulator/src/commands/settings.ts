import type { CommandTarget, Handlers } from './target.js';
import { badParams, checkLoops } from './target.js';
import { queryParams, setParams } from './params.js';

type SettingsCommand =
  | 'heartbeat.request' | 'heartbeat.set' | 'clock.query' | 'clock.set' | 'param.set' | 'param.query'
  | 'alarm.set' | 'leakage.set' | 'overCurrent.set' | 'lock.set' | 'init';

/** Threshold changes can raise or clear alarms, so they go through before/afterChange. */
function thresholds(t: CommandTarget, fn: () => void) {
  t.beforeChange();
  fn();
  t.afterChange();
}

export const settingsHandlers: Handlers<SettingsCommand> = {
  'heartbeat.request': (t) => t.sendHeartbeat(),
  'heartbeat.set': (t, p) => {
    t.state.heartbeatS = p.intervalS;
    t.rescheduleHeartbeat();
  },
  'clock.query': (t) => ({ time: t.now() }),
  'clock.set': (t, p) => {
    t.state.clockOffsetMs = p.time - t.hardwareNow();
  },
  'param.set': (t, p) => thresholds(t, () => setParams(t, p)),
  'param.query': (t, p) => queryParams(t, p.names),
  'alarm.set': (t, p) => {
    const high = p.voltageHigh ?? t.state.thresholds.voltageHigh;
    const low = p.voltageLow ?? t.state.thresholds.voltageLow;
    if (low >= high) throw badParams('voltageLow must be below voltageHigh');
    const defined = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
    thresholds(t, () => Object.assign(t.state.thresholds, defined));
  },
  'leakage.set': (t, p) => thresholds(t, () => (t.state.thresholds.leakageMa = p.thresholdMa)),
  'overCurrent.set': (t, p) => {
    if (p.loop === undefined) return thresholds(t, () => (t.state.thresholds.overCurrentA = p.thresholdA));
    checkLoops(t, [p.loop]);
    thresholds(t, () => (t.state.thresholds.overCurrentLoopA[p.loop!] = p.thresholdA));
  },
  'lock.set': (t, p) => {
    t.state.locked = p.locked;
  },
  init: (t) => t.reset(),
};
