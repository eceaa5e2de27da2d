import { HISTORY_MAX_DAYS, type HistoryPoint, type TerminalHistory } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { Grain, HistoryRepository, HistoryRow } from './history-repository.js';

const DAY_MS = 86_400_000;
const GRAIN_S: Record<Grain, number> = { h: 3600, d: 86_400 };
/** Ranges longer than this read the hourly rollups, and longer than `DAILY_OVER` the daily ones. */
export const ROLLUPS_OVER_MS = 2 * DAY_MS;
const DAILY_OVER_MS = 60 * DAY_MS;

/** The bucket width that cuts the range into at most `points` buckets (whole seconds, at least one). */
export const bucketSeconds = (from: Date, to: Date, points: number) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / points));

const toPoint = (r: HistoryRow): HistoryPoint => ({
  t: new Date(r.bucket * 1000).toISOString(),
  voltageA: r.voltage_a,
  voltageB: r.voltage_b,
  voltageC: r.voltage_c,
  currentA: r.current_a,
  currentB: r.current_b,
  currentC: r.current_c,
  powerKw: r.power_kw,
  powerFactor: r.power_factor,
  energyKwh: r.energy_kwh,
  leakageMa: r.leakage_ma,
  dim: r.dim,
  onShare: r.on_share,
  samples: r.samples,
});

/** Rows of the same bucket (the rollups' last bucket and the raw rows after it) made one: means weighted by samples. */
export function mergeBuckets(rows: HistoryRow[]): HistoryRow[] {
  const out: HistoryRow[] = [];
  for (const r of rows) {
    const prev = out.at(-1);
    if (prev?.bucket !== r.bucket) {
      out.push(r);
      continue;
    }
    const mean = (a: number | null, b: number | null) =>
      a === null ? b : b === null ? a : Math.round(((a * prev.samples + b * r.samples) / (prev.samples + r.samples)) * 1000) / 1000;
    out[out.length - 1] = {
      bucket: r.bucket,
      voltage_a: mean(prev.voltage_a, r.voltage_a), voltage_b: mean(prev.voltage_b, r.voltage_b), voltage_c: mean(prev.voltage_c, r.voltage_c),
      current_a: mean(prev.current_a, r.current_a), current_b: mean(prev.current_b, r.current_b), current_c: mean(prev.current_c, r.current_c),
      power_kw: mean(prev.power_kw, r.power_kw), power_factor: mean(prev.power_factor, r.power_factor),
      energy_kwh: prev.energy_kwh === null ? r.energy_kwh : r.energy_kwh === null ? prev.energy_kwh : Math.max(prev.energy_kwh, r.energy_kwh),
      leakage_ma: mean(prev.leakage_ma, r.leakage_ma), dim: mean(prev.dim, r.dim), on_share: mean(prev.on_share, r.on_share),
      samples: prev.samples + r.samples,
    };
  }
  return out;
}

/** Downsampled heartbeat history of one terminal the caller may see (the last 24 hours by default). */
export class HistoryService {
  constructor(
    private readonly repo: HistoryRepository,
    /** Throws "not found" when the terminal is missing or out of the caller's scope. */
    private readonly assertVisible: (p: Principal, terminalId: number) => Promise<unknown>,
  ) {}

  async history(p: Principal, terminalId: number, q: { from?: Date; to?: Date; points: number }): Promise<TerminalHistory> {
    await this.assertVisible(p, terminalId);
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - DAY_MS);
    if (from >= to) throw badRequest(text('terminals.rangeOrder'));
    if (to.getTime() - from.getTime() > HISTORY_MAX_DAYS * DAY_MS) throw badRequest(text('terminals.rangeTooLong', { days: HISTORY_MAX_DAYS }));
    const span = to.getTime() - from.getTime();
    if (span <= ROLLUPS_OVER_MS) {
      const bucketS = bucketSeconds(from, to, q.points);
      const rows = await this.repo.buckets(terminalId, from, to, bucketS);
      return { terminalId, from: from.toISOString(), to: to.toISOString(), bucketS, points: rows.map(toPoint) };
    }
    const grain: Grain = span > DAILY_OVER_MS ? 'd' : 'h';
    const bucketS = Math.ceil(bucketSeconds(from, to, q.points) / GRAIN_S[grain]) * GRAIN_S[grain];
    return { terminalId, from: from.toISOString(), to: to.toISOString(), bucketS, points: (await this.fromRollups(terminalId, grain, from, to, bucketS)).map(toPoint) };
  }

  /**
   * Longer ranges read the rollups, which outlive the raw rows: the daily ones (over 60 days) up to the
   * newest day, the hourly ones up to the newest hour (the rollup job may not have finished either), and
   * the raw rows from there on, so the plot ends at the latest heartbeat. Before the first rollup run,
   * the raw rows answer alone.
   */
  private async fromRollups(terminalId: number, grain: Grain, from: Date, to: Date, bucketS: number): Promise<HistoryRow[]> {
    const rows: HistoryRow[] = [];
    // A daily rollup starts at a local midnight, at most a day before `from`; an hourly one at the start of a local hour
    // of the rollups' zone, at most an hour before it (half past a UTC hour in Asia/Kolkata).
    let start = new Date(from.getTime() - (grain === 'd' ? DAY_MS : 3_600_000));
    for (const g of grain === 'd' ? (['d', 'h'] as const) : (['h'] as const)) {
      const latest = await this.repo.latestRollup(terminalId, g, to);
      if (!latest || latest <= start) continue;
      rows.push(...(await this.repo.rollupBuckets(terminalId, g, start, latest, bucketS)));
      start = latest;
    }
    rows.push(...(await this.repo.buckets(terminalId, start > from ? start : from, to, bucketS)));
    return mergeBuckets(rows).filter((r) => (r.bucket + bucketS) * 1000 > from.getTime());
  }
}
