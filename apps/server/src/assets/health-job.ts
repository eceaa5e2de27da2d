import type { ReasonFigure } from '@sl/contracts';
import type { Db } from '../db/client.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import { foldDay, scoreLamp, type Health } from './health-model.js';
import { HealthRepository, type ScoredHealth } from './health-repository.js';

const DAY_MS = 86_400_000;
/** Burning hours a night, for lamps without a counter (cabinet circuits): the year's mean night at mid latitudes. */
const NIGHT_HOURS = 11.5;
/** lamp_day rows kept after they are folded. */
const KEEP_DAYS = 60;

const sameScore = (stored: { score: number; reasons: ReasonFigure[] }, score: number, reasons: ReasonFigure[]) =>
  Math.abs(stored.score - score) < 1e-6 &&
  stored.reasons.length === reasons.length &&
  stored.reasons.every((r, i) => r.code === reasons[i].code && r.value === reasons[i].value);

/**
 * One run: folds every complete day not folded yet into each lamp's health and scores every lamp; writes only the lamps
 * whose health or score changed (scored_at is when that last happened). Answers how many lamps, days and lamps written.
 */
export async function runHealth(db: Db, now: Date, lastRunAt: Date | null = null): Promise<{ lamps: number; days: number; written: number }> {
  const repo = new HealthRepository(db);
  const today = now.toISOString().slice(0, 10);
  // Days before the last run's were folded then, but for sums that arrived late: two days back are read again (each lamp skips its folded days).
  const since = lastRunAt ? new Date(lastRunAt.getTime() - 3 * DAY_MS).toISOString().slice(0, 10) : null;
  const [lamps, days] = await Promise.all([repo.lamps(), repo.daysBetween(since, today)]);
  let folded = 0;
  const changed: ScoredHealth[] = [];
  for (const l of lamps) {
    let health: Health = l.health;
    for (const d of days.get(l.assetId) ?? []) {
      health = foldDay(health, d);
      folded++;
    }
    const estimatedBurnHours = l.installDate ? Math.max(0, ((now.getTime() - Date.parse(l.installDate)) / DAY_MS) * NIGHT_HOURS) : null;
    const { score, reasons } = scoreLamp(health, { ratedLifeH: l.ratedLifeH, repairs: l.repairs, estimatedBurnHours });
    if (health !== l.health || !l.stored || !sameScore(l.stored, score, reasons)) changed.push({ assetId: l.assetId, health, score, reasons });
  }
  await repo.save(changed, now);
  await repo.prune(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10));
  return { lamps: lamps.length, days: folded, written: changed.length };
}

/** The daily health and failure-score job, run by the one scheduler (docs/assets.md). */
export function assetHealthJob(db: Db): ScheduledJob {
  return { name: 'assets.health', everyMs: DAY_MS, run: async ({ now, lastRunAt }) => void (await runHealth(db, now, lastRunAt)) };
}
