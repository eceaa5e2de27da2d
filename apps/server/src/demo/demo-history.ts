import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AlarmWorkflow } from '../alarms/alarm-workflow.js';
import { installationTimeZone, terminalZone } from '../devices/terminal/terminal-zone-domain.js';
import { ensurePartitions } from '../fleet/partitions.js';
import { RollupRepository } from '../fleet/rollups.js';
import { demoTerminals } from '../seed/seed-demo-terminals.js';
import { DemoHistoryRepository } from './demo-history-repository.js';
import { DemoIncidents } from './demo-incidents.js';
import { demoEpisodes } from './demo-episodes.js';
import { litSpans } from './demo-lighting.js';
import { demoProfile, plausibleMeter, seededRandom } from './demo-readings.js';
import { PastHeartbeatRepository, type PastSpan } from './past-heartbeat-repository.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Heartbeats per statement: a few hours of one terminal, so a request waiting behind one is not kept long (PGlite runs one statement at a time). */
const CHUNK_MS = 12 * HOUR_MS;
/** A claim this old without a finish is an instance that stopped half-way: another start redoes it. */
const STALE_MS = 10 * 60_000;

export type DemoHistoryConfig = Pick<Config, 'DEMO_HISTORY_DAYS' | 'ROLLUP_TIME_ZONE' | 'OFFLINE_AFTER_MISSED'> & Partial<Pick<Config, 'SEED_LANGUAGE'>>;

export interface DemoHistoryOptions {
  db: Db;
  /** The server's alarm workflow; the past is written through it silently. */
  alarms: AlarmWorkflow;
  config: DemoHistoryConfig;
  now?: Date;
  /** How long to wait for each demo terminal's first live heartbeat, so its past meets it (0 in tests). */
  liveWaitMs?: number;
  /** Checked between statements: true stops the writing (the server is shutting down). */
  stopped?: () => boolean;
}

export interface DemoHistoryResult {
  /** Whether this run claimed the writing (false: another start wrote it, or is writing it). */
  claimed: boolean;
  written: boolean;
  /** Not claimed because another start is writing it, or stopped half-way less than ten minutes ago. */
  unfinished?: boolean;
  terminals: number;
  heartbeats: number;
  alarms: number;
}

// Gives queued requests their turn between two statements.
const breathe = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Demo mode, once per database: the demo terminals' past `DEMO_HISTORY_DAYS` days, so plots and
 * statistics have something to show at first start. Heartbeats at each terminal's interval (lit by
 * night, dimmed after midnight, offline now and then), the faults and alarms of those days, device
 * logs, then the fleet's rollups over the range. Meant to run in the background once the server
 * listens; every write is idempotent, so a run cut short is redone by a later start.
 */
export async function writeDemoHistory(o: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const result: DemoHistoryResult = { claimed: false, written: false, terminals: 0, heartbeats: 0, alarms: 0 };
  const days = o.config.DEMO_HISTORY_DAYS;
  const now = o.now ?? new Date();
  const stopped = o.stopped ?? (() => false);
  const repo = new DemoHistoryRepository(o.db);
  if (days <= 0) return result;
  if (!(await repo.claim(days, new Date(now.getTime() - STALE_MS)))) return { ...result, unfinished: !(await repo.marker())?.finishedAt };
  result.claimed = true;

  const from = new Date(now.getTime() - days * DAY_MS);
  await ensurePartitions(o.db, from, now);
  const units = await repo.units(demoTerminals().map((d) => d.sn));
  const live = await waitForLive(repo, units.map((u) => u.terminalId), from, o.liveWaitMs ?? 0, stopped);
  const heartbeats = new PastHeartbeatRepository(o.db);
  const crew = await repo.crew();
  const incidents = new DemoIncidents(o.db, o.alarms, crew, o.config.OFFLINE_AFTER_MISSED, o.config.SEED_LANGUAGE);

  for (const u of units) {
    if (stopped()) return result;
    const rng = seededRandom(u.sn);
    const profile = demoProfile(rng);
    const first = live.get(u.terminalId);
    const stepMs = u.heartbeatS * 1000;
    const end = Math.floor(Math.min(now.getTime(), first?.ts.getTime() ?? Infinity) / stepMs) * stepMs;
    const episodes = demoEpisodes(u, from.getTime(), end, rng);
    const spans: PastSpan[] = [
      ...litSpans(from.getTime(), end, u.lat, u.lng, terminalZone({ timeZone: u.ownZone ?? null, deptZone: u.deptZone ?? null, lat: u.lat, lng: u.lng }, installationTimeZone()).timeZone).map((s) => ({ kind: 'lit' as const, ...s })),
      ...episodes.map((e) => ({ kind: e.kind, lo: e.from, hi: e.to })),
    ];
    const meter = first ?? plausibleMeter(u, rng);
    // Newest first: each chunk's meters count back from the chunk after it.
    for (let hi = end; hi > from.getTime(); hi -= CHUNK_MS) {
      if (stopped()) return result;
      const lo = Math.max(from.getTime(), hi - CHUNK_MS);
      await heartbeats.insert({ unit: u, profile, from: new Date(lo), to: new Date(hi), spans: spans.filter((s) => s.hi > lo && s.lo < hi), end: meter });
      await breathe();
    }
    result.alarms += await incidents.write(u, episodes);
    result.terminals++;
  }
  result.heartbeats = await repo.pastHeartbeatCount();
  await rollUp(o.db, o.config.ROLLUP_TIME_ZONE, from, now, stopped);
  if (stopped()) return result;
  await repo.finish();
  return { ...result, written: true };
}

async function waitForLive(repo: DemoHistoryRepository, ids: number[], since: Date, waitMs: number, stopped: () => boolean) {
  const until = Date.now() + waitMs;
  for (;;) {
    const live = await repo.firstLiveReadings(ids, since);
    if (live.size >= ids.length || Date.now() >= until || stopped()) return live;
    await sleep(500);
  }
}

/** The fleet's own rollups over the written range, a few hours per call so each transaction stays short. */
async function rollUp(db: Db, timeZone: string, from: Date, to: Date, stopped: () => boolean) {
  const rollups = new RollupRepository(db, timeZone);
  for (let t = from.getTime(); t < to.getTime() && !stopped(); t += 6 * HOUR_MS) {
    await rollups.rollUp(new Date(t), new Date(Math.min(to.getTime(), t + 6 * HOUR_MS)));
    await breathe();
  }
}

export interface DemoHistoryLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Starts `writeDemoHistory` in the background (the server already answers); `stop` ends it between two statements. */
export function startDemoHistory(db: Db, alarms: AlarmWorkflow, config: DemoHistoryConfig, log: DemoHistoryLog): { stop(): Promise<void> } {
  let stopping = false;
  const started = Date.now();
  const done = writeDemoHistory({ db, alarms, config, liveWaitMs: 15_000, stopped: () => stopping })
    .then((r) => {
      if (r.written) log.info({ ...r, ms: Date.now() - started }, `demo history: the past ${config.DEMO_HISTORY_DAYS} days written`);
      else if (r.unfinished) log.info({}, 'demo history: being written by another start, or cut short less than ten minutes ago (a later start redoes it)');
      else if (!r.claimed && config.DEMO_HISTORY_DAYS > 0) log.info({}, 'demo history: already written for this database');
    })
    .catch((err) => log.error({ err }, 'demo history could not be written; a later start tries again'));
  return {
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}
