import { HISTORY_MAX_DAYS, type HistoryPoint, type TerminalHistory } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { HistoryRepository, HistoryRow } from './history-repository.js';

const DAY_MS = 86_400_000;

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
    const bucketS = bucketSeconds(from, to, q.points);
    const rows = await this.repo.buckets(terminalId, from, to, bucketS);
    return { terminalId, from: from.toISOString(), to: to.toISOString(), bucketS, points: rows.map(toPoint) };
  }
}
