import type { Db } from '../db/client.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import { foldDay, scoreLamp, type Health } from './health-model.js';
import { HealthRepository, type ScoredHealth } from './health-repository.js';

const DAY_MS = 86_400_000;
/** Burning hours a night, for lamps without a counter (cabinet circuits): the year's mean night at mid latitudes. */
const NIGHT_HOURS = 11.5;
/** lamp_day rows kept after they are folded. */
const KEEP_DAYS = 60;

/** One run: folds every complete day not folded yet into each lamp's health, scores every lamp, stores both. Answers how many lamps. */
export async function runHealth(db: Db, now: Date, lastRunAt: Date | null = null): Promise<{ lamps: number; days: number }> {
  const repo = new HealthRepository(db);
  const today = now.toISOString().slice(0, 10);
  // Days before the last run's were folded then, but for sums that arrived late: two days back are read again (each lamp skips its folded days).
  const since = lastRunAt ? new Date(lastRunAt.getTime() - 3 * DAY_MS).toISOString().slice(0, 10) : null;
  const [lamps, days] = await Promise.all([repo.lamps(), repo.daysBetween(since, today)]);
  let folded = 0;
  const scored: ScoredHealth[] = lamps.map((l) => {
    let health: Health = l.health;
    for (const d of days.get(l.assetId) ?? []) {
      health = foldDay(health, d);
      folded++;
    }
    const estimatedBurnHours = l.installDate ? Math.max(0, ((now.getTime() - Date.parse(l.installDate)) / DAY_MS) * NIGHT_HOURS) : null;
    const { score, reasons } = scoreLamp(health, { ratedLifeH: l.ratedLifeH, repairs: l.repairs, estimatedBurnHours });
    return { assetId: l.assetId, health, score, reasons };
  });
  await repo.save(scored, now);
  await repo.prune(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10));
  return { lamps: scored.length, days: folded };
}

/** The daily health and failure-score job, run by the one scheduler (docs/assets.md). */
export function assetHealthJob(db: Db): ScheduledJob {
  return { name: 'assets.health', everyMs: DAY_MS, run: async ({ now, lastRunAt }) => void (await runHealth(db, now, lastRunAt)) };
}
