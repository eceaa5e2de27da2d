import type { ProgramStep } from '@sl/contracts';
import { alarmChanges, cabinetAlarms, lampAlarms, type Alarm } from './detect.js';
import type { FaultName } from './faults.js';
import { degradationAt, type Degradation } from './degradation.js';
import { cabinetBody, lampBody } from './payloads.js';
import { nextStepAt } from './next-step.js';
import { activeOverride, decide, DEFAULT_PROGRAM, defaultTzOffsetMin, overrideDecision, type Site } from './program.js';
import { cabinetReadings, lampReadings, makeProfile, Meter, type CabinetReadings, type LampReadings } from './readings.js';
import { defaultState, loopCount, type TerminalState } from './state.js';
import type { TerminalConfig } from './types.js';

/** The terminal's hardware without its radio: state, sensors, meters, alarms and the program. */
export class Device {
  state: TerminalState;
  readonly faults = new Set<FaultName>();
  /** The lamp's wear (degradation.ts), applied to its readings; null for a healthy lamp. */
  degradation: Degradation | null = null;
  readonly site: Site;
  private readonly profile;
  private readonly meter: Meter;
  private alarms = new Map<string, Alarm>();
  private last?: CabinetReadings | LampReadings;

  constructor(readonly config: TerminalConfig, private readonly rng: () => number, hwNow: number) {
    this.state = defaultState(config);
    this.profile = makeProfile(rng);
    const lamp = config.model === 2;
    // Drawn even when the meters are given, so the terminal's other random draws stay the same.
    const energyKwh = lamp ? 100 + rng() * 900 : 5_000 + rng() * 45_000;
    const burnHours = lamp ? 1_000 + rng() * 15_000 : 0;
    this.meter = new Meter(config.meter?.energyKwh ?? energyKwh, config.meter?.burnHours ?? burnHours, hwNow);
    const tzOffsetMin = config.tzOffsetMin ?? defaultTzOffsetMin(config.lng);
    this.site = { lat: config.lat, lng: config.lng, tzOffsetMin, loops: loopCount(config) };
  }

  /** The bound program (or the sunset/sunrise default) plus the enabled local controls. */
  steps(): ProgramStep[] {
    const local = [...this.state.localControls.values()].filter((c) => c.enabled).map((c) => c.step);
    return [...(this.state.plan?.program ?? DEFAULT_PROGRAM), ...local];
  }

  /** The site with the bound program's zone (or its fixed offset, from a server that sends only that), when it gives one. */
  private programSite(): Site {
    const plan = this.state.plan;
    return { ...this.site, tzOffsetMin: plan?.tzOffsetMin ?? this.site.tzOffsetMin, tz: plan?.tz };
  }

  /** When the program's next step fires after `now`. */
  nextStepAt(now: number): number | null {
    return nextStepAt(this.steps(), now, this.programSite());
  }

  /**
   * Switches to what rules at `now`, by priority: manual mode without a hold (switched on site) keeps what it
   * set; else the ruling override; else a hold from the central system until its end; else the program.
   * A hold that has ended returns the terminal to auto. True when the lighting changed.
   */
  follow(now: number, hwNow: number): boolean {
    if (this.state.hold && this.state.hold.until <= now) {
      this.state.hold = undefined;
      this.state.mode = 'auto';
    }
    if (this.state.mode !== 'auto' && !this.state.hold) return false;
    const override = activeOverride(this.state.overrides, now);
    const hold = this.state.hold;
    const d = override ? overrideDecision(override, this.site.loops) : hold ? { loops: [...hold.loops], dim: hold.dim } : decide(this.steps(), now, this.programSite());
    const same = d.dim === this.state.dim && d.loops.every((on, i) => on === this.state.loops[i]);
    if (same) return false;
    this.measure(now, hwNow);
    this.state.loops = d.loops;
    this.state.dim = d.dim;
    return true;
  }

  /** Whether an override starts or ends, or a hold ends, in (`from`, `to`]: the terminal acts at that moment, not at the next minute. */
  boundaryIn(from: number, to: number): boolean {
    const within = (t: number) => t > from && t <= to;
    if (this.state.hold && within(this.state.hold.until)) return true;
    for (const o of this.state.overrides.values()) if (within(o.startsAt) || within(o.expiresAt)) return true;
    return false;
  }

  /** Reads the sensors and integrates the meters up to `hwNow`. */
  measure(now: number, hwNow: number) {
    const inputs = { loops: this.state.loops, dim: this.state.dim, faults: this.faults, wear: degradationAt(this.degradation, now) };
    const hour = (((now / 3_600_000 + this.site.tzOffsetMin / 60) % 24) + 24) % 24;
    const rd = this.config.model === 1
      ? cabinetReadings(this.config, this.profile, inputs, this.rng, hour)
      : lampReadings(this.profile, inputs, this.rng);
    this.meter.advance(hwNow, rd.totalKw, this.state.loops.some(Boolean));
    this.last = rd;
    return rd;
  }

  heartbeat(mid: string, now: number, hwNow: number) {
    const rd = this.measure(now, hwNow);
    return 'leakageMa' in rd
      ? cabinetBody(this.state, rd, this.meter, this.faults.has('doorOpen'), mid, now)
      : lampBody(this.state, rd, this.meter, mid, now);
  }

  /** Alarm transitions since the last call, judged on the latest readings. */
  takeAlarmChanges(now: number, hwNow: number) {
    const rd = this.last ?? this.measure(now, hwNow);
    const on = this.state.loops.some(Boolean);
    const next = 'leakageMa' in rd
      ? cabinetAlarms(this.config, this.state.thresholds, rd, this.state.loops, this.faults.has('doorOpen'))
      : lampAlarms(this.state.thresholds, rd, on, this.faults);
    const changes = alarmChanges(this.alarms, next);
    this.alarms = next;
    return changes;
  }

  /** Factory defaults; meters, faults and credentials stay. */
  reset() {
    this.state = defaultState(this.config);
  }
}
