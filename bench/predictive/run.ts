// bench/predictive: how well the daily failure score (apps/server/src/assets/health-model.ts) finds lamps that fail
// within 30 days, and how long the daily job takes for a large fleet on PostgreSQL.
//
//   npx tsx bench/predictive/run.ts [--lamps 10000] [--days 180] [--degraded 0.03] [--scale 100000] [--engine postgres|none]
//
// Part 1 (pure, no database): a fleet of `lamps` lamps over `days` days, `degraded` of them wearing out by the
// simulator's modes (power drift, power-factor decline, cycling, sudden failure). Each day every working lamp's day is
// folded into its health and scored, exactly as the daily job does. Every 7th day from day 30 to `days - 30`, each lamp
// still working is one case: predicted positive when its score is at least LIKELY_TO_FAIL_SCORE, actually positive when
// it fails within the next 30 days. Precision and recall are printed over all cases.
// Part 2 (PostgreSQL): `scale` lamps with 30 days of lamp_day rows each; one run of the daily job (runHealth) is timed.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { LIKELY_TO_FAIL_SCORE } from '@sl/contracts';
import { EMPTY_HEALTH, foldDay, scoreLamp, type Health } from '../../apps/server/src/assets/health-model.js';
import { runHealth } from '../../apps/server/src/assets/health-job.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';
import { DAY_MS, daySums, makeFleet, rng } from './fleet-model.js';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    lamps: { type: 'string', default: '10000' },
    days: { type: 'string', default: '180' },
    degraded: { type: 'string', default: '0.03' },
    scale: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'postgres' },
  },
});
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function accuracy(n: number, days: number, degradedShare: number) {
  const t0 = Date.UTC(2026, 0, 1);
  const fleet = makeFleet(n, days, degradedShare, t0);
  const noise = rng(7);
  const health: Health[] = fleet.map(() => EMPTY_HEALTH);
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const byMode = new Map<string, { found: number; all: number }>();
  // A positive is foreseeable when its lamp shows a sign by the case day: its wear has started and is not a sudden failure.
  const foreseeable = { found: 0, all: 0 };
  for (let d = 0; d < days; d++) {
    fleet.forEach((l, i) => {
      const sums = daySums(l, d, t0, noise);
      if (sums) health[i] = foldDay(health[i], sums);
    });
    if (d < 30 || d > days - 30 || d % 7 !== 2) continue;
    fleet.forEach((l, i) => {
      if (l.failDay !== null && l.failDay <= d) return; // failed already: not a case
      const burnHours = l.startBurnHours + d * 11;
      const { score } = scoreLamp(health[i], { ratedLifeH: l.ratedLifeH, repairs: l.repairs, estimatedBurnHours: burnHours });
      const predicted = score >= LIKELY_TO_FAIL_SCORE;
      const actual = l.failDay !== null && l.failDay - d <= 30;
      if (predicted && actual) c.tp++;
      else if (predicted) c.fp++;
      else if (actual) c.fn++;
      else c.tn++;
      if (actual) {
        const m = byMode.get(l.degradation!.mode) ?? { found: 0, all: 0 };
        m.all++;
        if (predicted) m.found++;
        byMode.set(l.degradation!.mode, m);
        if (l.degradation!.mode !== 'suddenFailure' && l.degradation!.startedAt <= t0 + d * DAY_MS) {
          foreseeable.all++;
          if (predicted) foreseeable.found++;
        }
      }
    });
  }
  return { ...c, precision: c.tp / Math.max(1, c.tp + c.fp), recall: c.tp / Math.max(1, c.tp + c.fn), byMode, foreseeable };
}

async function scoringTime(lamps: number) {
  const database = await openThrowawayPostgres(PG_ADMIN_URL, 'bench_predictive');
  try {
    const db = database.db;
    await db.execute(sql`insert into lamp_type (manufacturer, model, rated_power_w, rated_life_h) values ('Bench', 'LED-100', 100, 100000)`);
    await db.execute(sql`insert into lamp_asset (pole_no, lamp_type_id, install_date) select 'B-' || g, 1, date '2022-01-01' from generate_series(1, ${lamps}) g`);
    const today = new Date(Date.UTC(2026, 3, 1));
    await db.execute(sql`insert into lamp_day (asset_id, day, lit_readings, ratio_sum, pf_sum, cycles, burn_hours)
      select a, ${today.toISOString().slice(0, 10)}::date - d, 660, 660 * (1 - d * 0.001 * (a % 7)), 660 * 0.95, (a % 13 = 0)::int * 3, 20000 + 11 * (60 - d)
      from generate_series(1, ${lamps}) a, generate_series(1, 30) d`);
    await db.execute(sql`analyze`);
    const started = performance.now();
    const first = await runHealth(db, today);
    const firstMs = performance.now() - started;
    // The next day's run: one new day per lamp, as in production.
    const next = new Date(today.getTime() + DAY_MS);
    await db.execute(sql`insert into lamp_day (asset_id, day, lit_readings, ratio_sum, pf_sum, cycles, burn_hours)
      select a, ${today.toISOString().slice(0, 10)}::date, 660, 660 * 0.97, 660 * 0.95, 0, 20400 from generate_series(1, ${lamps}) a`);
    const s2 = performance.now();
    const daily = await runHealth(db, next, today);
    const dailyMs = performance.now() - s2;
    return { first, firstMs, daily, dailyMs };
  } finally {
    await database.close();
  }
}

const n = Number(args.lamps), days = Number(args.days), share = Number(args.degraded);
const started = performance.now();
const a = accuracy(n, days, share);
console.log(`fleet: ${n} lamps × ${days} days, ${share * 100} % degraded; threshold ${LIKELY_TO_FAIL_SCORE}; cases every 7th day from day 30 to ${days - 30}`);
console.log(`cases: ${a.tp + a.fp + a.fn + a.tn} (tp ${a.tp}, fp ${a.fp}, fn ${a.fn}, tn ${a.tn})`);
console.log(`precision ${a.precision.toFixed(3)}, recall ${a.recall.toFixed(3)} for "fails within 30 days"`);
for (const [mode, m] of a.byMode) console.log(`  recall by wear mode: ${mode.padEnd(14)} ${(m.found / m.all).toFixed(3)} (${m.found}/${m.all})`);
const positives = a.tp + a.fn;
console.log(`foreseeable positives (wear started by the case day, not sudden): ${a.foreseeable.all} of ${positives} (${(a.foreseeable.all / positives).toFixed(3)}: the highest recall any score of these days can reach)`);
console.log(`recall on foreseeable positives ${(a.foreseeable.found / Math.max(1, a.foreseeable.all)).toFixed(3)} (${a.foreseeable.found}/${a.foreseeable.all})`);
console.log(`(model part ${((performance.now() - started) / 1000).toFixed(1)} s)`);
if (args.engine === 'postgres') {
  const s = await scoringTime(Number(args.scale));
  console.log(`PostgreSQL, ${Number(args.scale)} lamps: first run (30 days each to fold) ${(s.firstMs / 1000).toFixed(1)} s for ${s.first.lamps} lamps / ${s.first.days} days; daily run ${(s.dailyMs / 1000).toFixed(1)} s for ${s.daily.days} days, ${s.daily.written} lamps written`);
}
