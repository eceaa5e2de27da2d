import { describe, expect, it } from 'vitest';
import { defaultAlarmSet, type HeartbeatMessage } from '@sl/contracts';
import type { AlarmSettings } from './alarm-settings.js';
import type { DeviceChange } from './alarm-workflow.js';
import { ThresholdWatch, type WatchedTerminal } from './threshold-watch.js';

const set = { ...defaultAlarmSet('rdcsm'), debounceS: 0, thresholds: { ...defaultAlarmSet('rdcsm').thresholds, dayBurnStart: '09:00', dayBurnEnd: '16:00' } };
const settings = { rules: async () => ({ hasThresholds: true, set }) } as unknown as Pick<AlarmSettings, 'rules'>;
/** A lit lamp at 12:50 in Quito (17:50 UTC), which is 01:50 the next day in Shanghai. */
const litAt1250Quito = (): HeartbeatMessage => ({
  mid: 'm', ts: Date.UTC(2026, 5, 10, 17, 50), model: 2, on: true, dim: 100,
  voltage: 230, current: 0.6, power: 0.14, powerFactor: 0.97, energyKwh: 1, burnHours: 1, lampFailure: false,
} as HeartbeatMessage);
const quito = (over: Partial<WatchedTerminal> = {}): WatchedTerminal => ({ terminalId: 1, name: 'q', deptId: 2, family: 'rdcsm', phases: 1, lat: -0.18, lng: -78.47, ...over });

async function dayBurning(t: WatchedTerminal): Promise<boolean> {
  const changes: DeviceChange[] = [];
  await new ThresholdWatch(settings, async (c) => void changes.push(c), 'Asia/Shanghai').check(t, litAt1250Quito());
  return changes.some((c) => c.kind === 'dayBurning' && c.raised);
}

describe('the day-burning window is read in the terminal\'s own zone', () => {
  it('a Quito lamp lit at 12:50 local burns by day (its position\'s zone), not at 01:50 Shanghai time', async () => {
    expect(await dayBurning(quito())).toBe(true);
  });
  it('its own or its department\'s zone comes first, the installation\'s last', async () => {
    expect(await dayBurning(quito({ timeZone: 'Asia/Shanghai' }))).toBe(false);
    expect(await dayBurning(quito({ deptZone: 'Asia/Shanghai' }))).toBe(false);
    expect(await dayBurning(quito({ lat: null, lng: null }))).toBe(false);
    expect(await dayBurning(quito({ lat: null, lng: null, deptZone: 'America/Guayaquil' }))).toBe(true);
  });
});
