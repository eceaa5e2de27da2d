import { Fleet } from '@sl/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlJobs } from '../src/control/control-runtime.js';
import { Scheduler } from '../src/scheduler/scheduler.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, waitFor, type TestTerminal } from './support/gateway.js';
import { createControlTestApp, silent } from './support/control-app.js';
import { bearer, type TestApp } from './support/test-app.js';

const PROGRAM = [
  { at: 'sunset', offsetMin: -10, action: 'on', level: 100 },
  { at: '23:00', action: 'dim', level: 50 },
  { at: 'sunrise', offsetMin: 10, action: 'off' },
];
const PLACE = { lat: 31.23, lng: 121.47 };
const ZONE = 'Asia/Shanghai';
// A plan's days are in its zone: yesterday to today's tomorrow there, so it is bound now whatever the hour.
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });

// Fixed instants, the same at any hour of the run: a night in Shanghai (UTC+8) long after any run.
const DAY = '2099-06-15';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
const START = at('23:05');
const DURATION_MIN = 30;
const EXPIRED_MSG = 'expired before the terminal confirmed it';

/**
 * An emergency override's expiry with the clocks in the test's hands: the terminals' (the simulator runs the
 * override and its expiry itself) and the scheduler's (the job that closes the override's unconfirmed tasks).
 * At 23:10 the override rules (100 %, where the program says 50 %); at 23:36 it has expired and each terminal
 * is back on its program for that moment; the job closes the tasks of the terminals that never confirmed it.
 */
describeEachEngine('an emergency override expires on injected clocks', (engine) => {
  let t: TestApp;
  let fleet: Fleet;
  let lamps: TestTerminal[];
  let unreachable: TestTerminal;
  let h: Record<string, string>;
  let closeGateway: () => Promise<void>;
  let scheduler: Scheduler;
  /** The terminals' clock: the real one while they take commands (each carries a real expiry), then fixed instants. */
  let terminalNow: number | undefined;
  let schedulerNow = at('23:00');
  let emergencyId: number;

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => (await t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) })).json();
  const tasks = async () => (await api('GET', `/policy/task?source=emergency&sourceId=${emergencyId}&pageSize=50`)).data.list as Array<{ terminalId: number; state: string; msg: string }>;
  const taskOf = async (x: TestTerminal) => (await tasks()).find((task) => task.terminalId === x.terminalId)!;
  const sim = (x: TestTerminal) => fleet.terminal(x.sn)!;
  const lighting = (x: TestTerminal) => ({ on: sim(x).state.loops[0], dim: sim(x).state.dim });
  /** Moves the terminals' clock; each follows its override or program within a tick of the simulator. */
  const terminalsAt = async (hhmm: string, expected: { on: boolean; dim: number }) => {
    terminalNow = at(hhmm);
    for (const x of [lamps[0], lamps[1]]) {
      await waitFor(() => JSON.stringify(lighting(x)) === JSON.stringify(expected), 10_000, `${x.sn} at ${hhmm}`);
    }
  };
  /** The program's level at a local minute of DAY, from the server's own timeline of it (not the simulator's). */
  const programLevel = async (hhmm: string) => {
    const preview = await api('POST', '/policy/preview', { steps: PROGRAM, ...PLACE, date: DAY, timeZone: ZONE });
    const [hh, mm] = hhmm.split(':').map(Number);
    const minute = hh * 60 + mm;
    return (preview.data.segments as Array<{ from: number; to: number; level: number }>).find((s) => s.from <= minute && minute < s.to)!.level;
  };

  beforeAll(async () => {
    const control = await createControlTestApp(engine);
    t = control.t;
    const { gateway } = control;
    closeGateway = () => gateway.close();
    // Only the expiry job: the others would judge the plan by the scheduler's clock, a day the plan does not cover.
    scheduler = new Scheduler(t.database.db, silent, { now: () => new Date(schedulerNow), tickMs: 3_600_000 });
    scheduler.register(controlJobs(t.database.db, t.app.services.control, gateway).find((j) => j.name === 'control.override-expiry')!);
    h = bearer(await t.login());

    const lamp = { family: 'rdcsm' as const, model: 2, deptId: 2, ...PLACE, status: 3, registerState: 1 };
    lamps = [];
    for (let i = 0; i < 3; i++) lamps.push(await insertTerminal(t.database.db, lamp));
    // Registered, never connected: no override reaches it.
    unreachable = await insertTerminal(t.database.db, lamp);
    fleet = new Fleet(lamps.map((l) => ({ family: 'rdcsm' as const, sn: l.sn, secret: l.secret, model: 2 as const, loops: 1, phases: 1, ...PLACE, heartbeatS: 3600 })), {
      url: gateway.url, ackTimeoutMs: 2000, clock: () => terminalNow ?? Date.now(),
    });
    await fleet.start();
    await fleet.waitConnected(3, 10_000);

    const policy = (await api('POST', '/policy/addData', { name: 'expiry', family: 'rdcsm', model: 2, steps: PROGRAM })).data;
    const targetIds = [...lamps, unreachable].map((l) => l.terminalId);
    const plan = await api('POST', '/plan/add', { name: 'expiry', policyId: policy.id, groupMode: 1, targetIds, startDate: dayIn(-1), endDate: dayIn(1), timeZone: ZONE });
    expect(plan.code).toBe(200);
    await waitFor(() => lamps.every((l) => sim(l).state.plan?.planId === `plan-${plan.data.id}`), 10_000, 'program bound on the three lamps');
    // The third lamp stops answering: the override reaches it, its confirmation never comes back.
    sim(lamps[2]).injectFault('silent');
  });
  afterAll(async () => {
    await scheduler?.stop();
    await fleet?.stop();
    await closeGateway?.();
    await t?.close();
  });

  it('the override rules its terminals from its start: full power where the program dims', async () => {
    const e = await api('POST', '/plan/emergency/add', { name: 'storm', action: 'on', level: 100, groupMode: 1, targetIds: [...lamps, unreachable].map((l) => l.terminalId), startAt: new Date(START).toISOString(), durationMin: DURATION_MIN });
    expect(e.code).toBe(200);
    expect(Date.parse(e.data.expireAt)).toBe(at('23:35'));
    emergencyId = e.data.id;
    await waitFor(async () => (await tasks()).filter((task) => task.state === 'succeeded').length === 2, 10_000, 'two lamps confirmed the override');
    // Before its start the program rules; from its start the override, at full power where the program dims.
    await terminalsAt('23:01', { on: true, dim: await programLevel('23:01') });
    expect(await programLevel('23:10')).toBe(50);
    await terminalsAt('23:10', { on: true, dim: 100 });
  });

  it('at expiry each terminal is back on its program for that moment, and the job closes the unconfirmed tasks', async () => {
    // Before the expiry the job leaves every task as it is.
    schedulerNow = at('23:34');
    await scheduler.tick();
    const before = await tasks();
    expect(before).toHaveLength(4);
    expect(before.filter((task) => task.msg === EXPIRED_MSG)).toEqual([]);

    const level = await programLevel('23:36');
    expect(level).toBe(50);
    await terminalsAt('23:36', { on: true, dim: level });

    schedulerNow = at('23:36');
    await scheduler.tick();
    for (const x of [lamps[0], lamps[1]]) expect(await taskOf(x)).toMatchObject({ state: 'succeeded' });
    for (const x of [lamps[2], unreachable]) expect(await taskOf(x)).toMatchObject({ state: 'failed', msg: EXPIRED_MSG });
    expect((await scheduler.lastRuns()).find((r) => r.name === 'control.override-expiry')).toMatchObject({ lastError: null, runs: 2 });
  });
});
