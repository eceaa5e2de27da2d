import type { HeartbeatMessage } from '@sl/contracts';
import type { AlarmSettings } from './alarm-settings.js';
import { judgeHeartbeat, type ThresholdKind } from './alarm-thresholds.js';
import type { AlarmTarget, DeviceChange } from './alarm-workflow.js';
import { terminalZone, type ZoneSources } from '../devices/terminal/terminal-zone-domain.js';

export interface WatchedTerminal extends AlarmTarget, Partial<ZoneSources> {
  family: string;
  /** A cabinet's phases (from its hello); a lamp has one. */
  phases: number;
}

interface Condition {
  /** Heartbeat time the condition was first seen holding, null while it does not hold. */
  since: number | null;
  /** Whether this process raised it; null after a start, when an alarm may still be open from before. */
  raised: boolean | null;
}

/**
 * The thresholds in force for the terminal (its department's settings for its family) applied to every new
 * heartbeat, with debounce: a condition raises its alarm once it has held in every heartbeat for `debounceS`
 * seconds (heartbeat timestamps; 0 raises on the first), so a one-heartbeat blip raises nothing. The first
 * heartbeat back in range clears it. Conditions live in memory per terminal; settings without thresholds cost one cached lookup.
 */
export class ThresholdWatch {
  private readonly conditions = new Map<number, Map<ThresholdKind, Condition>>();

  constructor(
    private readonly settings: Pick<AlarmSettings, 'rules'>,
    /** Writes the change; a rejection leaves the condition unknown, so the next heartbeat tries again. */
    private readonly change: (c: DeviceChange) => Promise<unknown>,
    /** The installation's zone, for terminals whose own is found nowhere else (terminal-zone-domain.ts). */
    private readonly installationZone: string,
  ) {}

  async check(t: WatchedTerminal, m: HeartbeatMessage): Promise<void> {
    const rules = await this.settings.rules(t.family, t.deptId);
    let mine = this.conditions.get(t.terminalId);
    if (!rules.hasThresholds && !mine) return;
    const readings = rules.hasThresholds ? judgeHeartbeat(rules.set.thresholds, m, t.phases, this.zoneOf(t)) : [];
    if (!mine) this.conditions.set(t.terminalId, (mine = new Map()));
    const judged = new Set<ThresholdKind>();
    for (const r of readings) {
      judged.add(r.kind);
      let c = mine.get(r.kind);
      if (!c) mine.set(r.kind, (c = { since: null, raised: null }));
      if (r.holds) {
        c.since ??= m.ts;
        if (c.raised !== true && m.ts - c.since >= rules.set.debounceS * 1000) {
          c.raised = true;
          this.write(c, { target: t, kind: r.kind, raised: true, detail: { value: r.value, phase: r.phase } });
        }
      } else {
        c.since = null;
        if (c.raised !== false) this.clear(t, r.kind, c);
      }
    }
    // A threshold that was unset since: its alarm is cleared and the condition forgotten.
    for (const [kind, c] of mine) {
      if (judged.has(kind)) continue;
      if (c.raised !== false) this.clear(t, kind, c);
      mine.delete(kind);
    }
    if (!mine.size) this.conditions.delete(t.terminalId);
  }

  /** The day-burning window is read in the terminal's own zone. */
  private zoneOf(t: WatchedTerminal): string {
    return terminalZone({ timeZone: t.timeZone ?? null, deptZone: t.deptZone ?? null, lat: t.lat ?? null, lng: t.lng ?? null }, this.installationZone).timeZone;
  }

  private clear(t: WatchedTerminal, kind: ThresholdKind, c: Condition) {
    c.raised = false;
    this.write(c, { target: t, kind, raised: false });
  }

  private write(c: Condition, change: DeviceChange) {
    this.change(change).catch(() => (c.raised = null));
  }
}
