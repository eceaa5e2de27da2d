import type { HeartbeatMessage } from '@sl/contracts';
import type { Db } from '../db/client.js';
import type { AlarmTarget, DeviceChange } from '../alarms/alarm-workflow.js';
import type { AssetDirectory } from './asset-directory.js';
import { LampDayRepository, type LampDaySums } from './lamp-day-repository.js';
import { PowerWatch } from './power-watch.js';

export interface AssetReadingsLog {
  error(obj: unknown, msg?: string): void;
}

export interface AssetReadingsOptions {
  /** Writes an alarm change through the alarm workflow's batch (the gateway's alarm writer). */
  change: (c: DeviceChange) => Promise<unknown>;
  log: AssetReadingsLog;
  /** How often the day sums are added to lamp_day; 0: only by flush(). */
  flushMs?: number;
  /** The core's lamp directory (domain-core.ts), which the asset services invalidate. */
  directory: AssetDirectory;
}

/**
 * The gateway's one call per stored single-lamp reading (docs/assets.md): judges the lamp's power against its type's
 * band (PowerWatch) and raises or clears the TALQ power faults through the alarm workflow, and sums the reading into
 * the lamp's day for the daily health job. Never throws into the gateway.
 */
export class AssetReadingsService {
  private readonly watch = new PowerWatch();
  private readonly days: LampDayRepository;
  private sums = new Map<string, LampDaySums>();
  private readonly timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly o: AssetReadingsOptions) {
    this.days = new LampDayRepository(db);
    if (o.flushMs) {
      this.timer = setInterval(() => void this.flush(), o.flushMs);
      this.timer.unref();
    }
  }

  /** Called for every new heartbeat; resolves when it is judged (tests wait on it), never rejects. */
  onHeartbeat(t: AlarmTarget, m: HeartbeatMessage): Promise<void> {
    if (m.model !== 2) return Promise.resolve();
    return this.judge(t, m).catch((err) => this.o.log.error({ err, terminalId: t.terminalId }, 'lamp power check failed'));
  }

  private async judge(t: AlarmTarget, m: Extract<HeartbeatMessage, { model: 2 }>) {
    const lamp = await this.o.directory.lampOf(t.terminalId);
    if (!lamp) return;
    const reading = { ts: m.ts, on: m.on, dim: m.dim, powerW: m.power * 1000, voltage: m.voltage, powerFactor: m.powerFactor, burnHours: m.burnHours };
    const { changes, day } = this.watch.observe(lamp.assetId, lamp.limits, reading);
    for (const c of changes) {
      this.o.change({ target: t, kind: c.kind, raised: c.raised, detail: { value: c.value } }).catch(() => this.watch.unknown(lamp.assetId, c.kind));
    }
    const date = new Date(m.ts).toISOString().slice(0, 10);
    const key = `${lamp.assetId}|${date}`;
    const s = this.sums.get(key) ?? { assetId: lamp.assetId, day: date, litReadings: 0, ratioSum: 0, pfSum: 0, cycles: 0, burnHours: null };
    s.litReadings += day.litReadings;
    s.ratioSum += day.ratio;
    s.pfSum += day.pf;
    s.cycles += day.cycles;
    s.burnHours = Math.max(s.burnHours ?? 0, day.burnHours);
    this.sums.set(key, s);
  }

  /** Adds the sums gathered so far to lamp_day; on failure they are kept for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.sums.size) return;
      const taken = this.sums;
      this.sums = new Map();
      try {
        await this.days.add([...taken.values()]);
      } catch (err) {
        for (const [k, v] of taken) if (!this.sums.has(k)) this.sums.set(k, v);
        this.o.log.error({ err }, 'lamp day sums not stored');
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
