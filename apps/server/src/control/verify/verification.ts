import { lightStatesOf, TerminalModel, type LightStates, type ProgramStep } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { DEFAULT_TIME_ZONE } from '../download/download-service.js';
import { commandedAt, GRACE_MS } from './commanded.js';
import type { VerificationAlarms } from './raise-alarm.js';
import { alarmKey, latestReadings, openVerificationAlarms, type Observed } from './verification-repository.js';

export { GRACE_MS } from './commanded.js';
/** Only readings this recent are judged. */
const FRESH_MS = 15 * 60_000;

/** One thing verification judges: a single lamp (loop null) or one loop of a cabinet. */
interface Unit {
  loop: number | null;
  /** Measured light (actualLightState). */
  lit: boolean;
}

/**
 * A cabinet's loops, each judged on its own: lit by its measured current where the cabinet reports one,
 * else by its relay while the cabinet as a whole draws light.
 */
function unitsOf(r: Observed, light: LightStates): Unit[] {
  if (r.model === TerminalModel.singleLamp) return [{ loop: null, lit: light.actual }];
  const count = Math.max(1, r.loops, ...light.loops.map((l) => l.no));
  return Array.from({ length: count }, (_, i) => {
    const reported = light.loops.find((l) => l.no === i + 1);
    return { loop: i + 1, lit: reported ? (reported.lit ?? (reported.on && light.actual)) : light.actual };
  });
}

/**
 * Compares the latest heartbeat of each bound terminal with what should rule it (commanded.ts) on measured
 * light, loop by loop for a cabinet. Lit while it should be dark raises day-burning, dark while it should be
 * lit raises lampFailure. An alarm clears only on evidence: lampFailure when the lamp (loop) is seen lit and
 * the device no longer reports its lamp failed, day-burning when it is seen dark while it should be; either
 * is logged as the verification's (`verificationCleared`). Readings under a manual switch, or near a step or
 * an override's boundary, are not judged. Returns how many terminals were judged.
 */
export async function verifyTerminals(db: Db, verification: VerificationAlarms, now = new Date()): Promise<number> {
  let judged = 0;
  const readings = await latestReadings(db, now, FRESH_MS, GRACE_MS);
  const alarms = onlyChanges(verification, await openVerificationAlarms(db));
  for (const r of readings) {
    const at = new Date(r.ts).getTime();
    const rated = { model: r.model, loops: r.loops, ratedPowerW: r.ratedPowerW };
    const light = lightStatesOf(r, rated);
    const units = unitsOf(r, light);
    const bound = JSON.parse(r.program) as { program: ProgramStep[]; tz?: { name: string } };
    const steps = bound.program;
    // The zone the terminal was sent (the plan's, or the terminal's own for a strategy); older binds carried none.
    const place = { lat: r.lat, lng: r.lng, timeZone: bound.tz?.name ?? r.timeZone ?? DEFAULT_TIME_ZONE };
    const mode = light.mode ?? (r.controlMode === 'manual' ? 'manual' : 'auto');
    const commanded = commandedAt(at, { mode, manualUntil: light.manualUntil }, r.overrides, { steps, place }, units.length);
    if (!commanded.lit) continue;
    judged++;
    const target = { terminalId: r.terminalId, name: r.name, deptId: r.deptId, family: r.family };
    for (const [i, u] of units.entries()) {
      const should = commanded.lit[i];
      if (u.lit && !should) await alarms.raise(target, 'dayBurning', 100, u.loop);
      if (!u.lit && should) await alarms.raise(target, 'lampFailure', 0, u.loop);
      if (u.lit && !light.lampFailure) await alarms.clear(target, 'lampFailure', u.loop);
      if (!u.lit && !should) await alarms.clear(target, 'dayBurning', u.loop);
    }
    if (units[0].loop !== null) await clearWholeCabinet(alarms, target, units, commanded.lit);
  }
  return judged;
}

/** Raises only what is not open and clears only what is: most readings change nothing, and cost no write. */
function onlyChanges(alarms: VerificationAlarms, open: Set<string>): VerificationAlarms {
  return {
    raise: async (t, kind, level, loop) => !open.has(alarmKey(t.terminalId, kind, loop)) && alarms.raise(t, kind, level, loop),
    clear: async (t, kind, loop) => open.has(alarmKey(t.terminalId, kind, loop)) && alarms.clear(t, kind, loop),
  };
}

/** Alarms raised on a whole cabinet (loop null, before loops were judged one by one) clear when every loop agrees. */
async function clearWholeCabinet(alarms: VerificationAlarms, target: Parameters<VerificationAlarms['clear']>[0], units: Unit[], should: boolean[]) {
  if (units.every((u) => u.lit)) await alarms.clear(target, 'lampFailure', null);
  if (units.every((u, i) => !u.lit && !should[i])) await alarms.clear(target, 'dayBurning', null);
}
