import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { describeEachEngine } from '../../test/support/each-engine.js';
import { openTestDatabase } from '../../test/support/engines.js';
import type { ScheduledJob } from './scheduled-job.js';
import { Scheduler } from './scheduler.js';

const silent = { info() {}, error() {} };
const MIN = 60_000;

describeEachEngine('the scheduler', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database?.close());

  /** A job recording every run's context; `fail` makes the next run throw. */
  function recorder(name: string) {
    const runs: Array<{ now: Date; lastRunAt: Date | null }> = [];
    const job: ScheduledJob & { fail: boolean } = {
      name, everyMs: MIN, fail: false,
      run: async (ctx) => {
        runs.push(ctx);
        await new Promise((r) => setTimeout(r, 20));
        if (job.fail) throw new Error('boom');
      },
    };
    return { job, runs };
  }

  it('runs a due job on exactly one of several instances', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const { job, runs } = recorder(`one-${engine}`);
    const instances = Array.from({ length: 3 }, () => new Scheduler(database.db, silent, { now: () => now }));
    for (const s of instances) s.register(job);
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toHaveLength(1);
    expect(runs[0].lastRunAt).toBeNull();
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toHaveLength(1); // not due again within the period
    now = new Date(now.getTime() + MIN);
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toHaveLength(2);
    expect(runs[1].lastRunAt).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('survives a restart and catches up from the last run, and a failed run is retried with the same lastRunAt', async () => {
    const { job, runs } = recorder(`restart-${engine}`);
    let now = new Date('2026-03-02T00:00:00Z');
    const first = new Scheduler(database.db, silent, { now: () => now });
    first.register(job);
    await first.tick();
    await first.stop();

    now = new Date('2026-03-02T05:00:00Z'); // down for five hours
    const second = new Scheduler(database.db, silent, { now: () => now });
    second.register(job);
    job.fail = true;
    await second.tick();
    expect(runs.at(-1)!.lastRunAt).toEqual(new Date('2026-03-02T00:00:00Z'));
    job.fail = false;
    await second.tick();
    expect(runs).toHaveLength(3);
    expect(runs.at(-1)!.lastRunAt).toEqual(new Date('2026-03-02T00:00:00Z'));
    const [row] = (await database.db.execute(sql`select last_error, runs from scheduler_job where name = ${job.name}`) as unknown as { rows: Array<{ last_error: string | null; runs: number }> }).rows;
    expect(row).toEqual({ last_error: null, runs: 3 });
  });

  it('leaves a run leased by a crashed instance alone until its lease ends', async () => {
    const { job, runs } = recorder(`lease-${engine}`);
    const now = new Date('2026-03-03T00:00:00Z');
    await database.db.execute(sql`insert into scheduler_job (name, running_until) values (${job.name}, ${new Date(now.getTime() + 10 * MIN).toISOString()}::timestamptz)`);
    const s = new Scheduler(database.db, silent, { now: () => now });
    s.register(job);
    await s.tick();
    expect(runs).toHaveLength(0);
    const later = new Scheduler(database.db, silent, { now: () => new Date(now.getTime() + 11 * MIN) });
    later.register(job);
    await later.tick();
    expect(runs).toHaveLength(1);
  });

  it('stop() tells a running job to stop, and the next run goes on from the time the job says it caught up to', async () => {
    const name = `stop-${engine}`;
    const steps: number[] = [];
    const runs: Array<{ lastRunAt: Date | null }> = [];
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const job: ScheduledJob = {
      name, everyMs: MIN,
      run: async ({ lastRunAt, signal }) => {
        runs.push({ lastRunAt });
        for (let hour = 0; hour < (lastRunAt ? 0 : 1000); hour++) {
          if (signal.aborted) return new Date(Date.UTC(2026, 2, 4, hour));
          steps.push(hour);
          if (hour === 2) release();
          await new Promise((r) => setTimeout(r, 10));
        }
      },
    };
    const first = new Scheduler(database.db, silent, { now: () => new Date('2026-03-05T00:00:00Z') });
    first.register(job);
    const ticking = first.tick();
    await started;
    await first.stop();
    await ticking;
    const stepsDone = steps.length;
    expect(stepsDone).toBeLessThan(10);
    const second = new Scheduler(database.db, silent, { now: () => new Date('2026-03-05T01:00:00Z') });
    second.register(job);
    await second.tick();
    expect(runs[1].lastRunAt).toEqual(new Date(Date.UTC(2026, 2, 4, stepsDone)));
    await first.tick();
    expect(runs).toHaveLength(2); // a stopped scheduler starts nothing
  });

  it('refuses a job registered twice', () => {
    const s = new Scheduler(database.db, silent);
    s.register(recorder('dup').job);
    expect(() => s.register(recorder('dup').job)).toThrow(/registered twice/);
  });
});
