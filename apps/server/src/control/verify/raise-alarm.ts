import type { AlarmTarget, AlarmWorkflow } from '../../alarms/alarm-workflow.js';

/** Alarm kinds verification raises: lit in daylight (TALQ day-burning), dark when it should be lit. */
export type VerificationKind = 'dayBurning' | 'lampFailure';

export interface VerificationAlarms {
  /** `loop`: a cabinet's loop, null for a lamp (or a whole cabinet). */
  raise(t: AlarmTarget, kind: VerificationKind, level: number, loop: number | null): Promise<boolean>;
  clear(t: AlarmTarget, kind: VerificationKind, loop: number | null): Promise<boolean>;
}

/**
 * The one place verification writes alarms: through the alarm domain's workflow (one open alarm per
 * terminal, kind and loop, logged, announced as `alarm.changed` and so pushed to the console). A clear
 * is logged as the verification's (`verificationCleared`), not as the device's.
 */
export function verificationAlarms(alarms: AlarmWorkflow): VerificationAlarms {
  return {
    raise: async (t, kind, level, loop) => Boolean(await alarms.raise(t, kind, { value: level, loop })),
    clear: (t, kind, loop) => alarms.clear(t, kind, loop, new Date(), 'verificationCleared'),
  };
}
