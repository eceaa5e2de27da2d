import { Fleet } from '@sl/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlJobs, followGateway } from '../src/control/control-runtime.js';
import { rowsOf } from '../src/db/sql-rows.js';
import type { ScheduledJob } from '../src/scheduler/scheduled-job.js';
import { ANSWERED_TTL_MS } from './support/command-ttl.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const DUSK_TO_DAWN = [{ at: 'sunset', action: 'on', level: 100 }, { at: 'sunrise', action: 'off' }];

/** On the equator, the longitude where the sun is `hoursFromNoon` hours past its highest right now. */
function longitudeAt(hoursFromNoon: number): number {
  const utcHours = (Date.now() % 86_400_000) / 3_600_000;
  const lng = (hoursFromNoon + 12 - utcHours) * 15;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * The whole-hour zone of a longitude, as an operator there would set it: a plan's days and sun times are
 * those of its zone, so a lamp 178° west judged in UTC would be judged by the wrong day's sunset.
 */
function zoneOf(lng: number): string {
  const hours = Math.round(lng / 15);
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** The date `days` from today in `timeZone`, YYYY-MM-DD. */
const dateIn = (timeZone: string, days: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + days * 86_400_000);

/**
 * Verification with real heartbeats from simulated terminals: one lamp where it is noon now, one where
 * it is midnight, both bound to "on at sunset, off at sunrise". A lamp made to burn in daylight raises
 * day-burning, a lamp dark at night lampFailure, both through the alarm workflow; once they follow
 * their program again the alarms clear; an emergency override the server sent is what they are judged by.
 */
describeEachEngine('control verification from heartbeats', (engine) => {
  let t: TestApp;
  let fleet: Fleet;
  let noon: TestTerminal;
  let midnight: TestTerminal;
  let admin: Caller;
  let verify: ScheduledJob;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  const sim = (x: TestTerminal) => fleet.terminals.find((s) => s.config.sn === x.sn)!;
  const latestOn = async (x: TestTerminal) =>
    rowsOf<{ on: boolean }>(await t.database.db.execute(sql`select "on" from heartbeat where terminal_id = ${x.terminalId} order by ts desc limit 1`))[0]?.on;
  /** The simulator reports its state now; resolves when the server has stored it. */
  const beat = async (x: TestTerminal, on: boolean) => {
    await waitFor(() => sim(x).state.loops[0] === on, 10_000, `${x.sn} ${on ? 'lit' : 'dark'}`);
    sim(x).sendHeartbeat();
    await waitFor(async () => (await latestOn(x)) === on, 10_000, `heartbeat of ${x.sn} stored`);
  };
  const openAlarms = async (x: TestTerminal) =>
    ((await admin.post('/alarm/list', { terminalId: x.terminalId, status: 1, pageSize: 50 })).data.list as Array<{ kind: string }>).map((a) => a.kind).sort();
  const direct = (x: TestTerminal, cmd: 'override.set' | 'override.clear', params: Record<string, unknown>) => gateway.commands.send(x.terminalId, cmd, params, { ttlMs: ANSWERED_TTL_MS });
  const runVerify = () => verify.run({ now: new Date(), lastRunAt: null, signal: new AbortController().signal });

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMAND_TTL_MS: String(ANSWERED_TTL_MS) });
    gateway = await startTestGateway(t.database.db, { SWEEP_INTERVAL_MS: '200', COMMAND_TTL_MS: String(ANSWERED_TTL_MS) });
    t.app.services.gateway = gateway;
    followGateway(t.app.services.control, gateway, silent);
    verify = controlJobs(t.database.db, t.app.services.control, gateway).find((j) => j.name === 'control.verify')!;
    admin = caller(t, await t.login());
    // Each lamp's own zone is its longitude's whole-hour zone, which its plan is written in. The zone found at its
    // position may differ: from 157° to 165° west on the equator it is the Line Islands' UTC+14, a day ahead of the
    // sun there, and the plan written for the whole-hour zone's days then did not cover the lamp's today.
    const place = (lng: number) => ({ family: 'rdcsm' as const, model: 2, deptId: 2, lat: 0, lng, timeZone: zoneOf(lng), status: 3, registerState: 1 });
    const lngs = [longitudeAt(0), longitudeAt(12)];
    [noon, midnight] = await Promise.all(lngs.map((lng) => insertTerminal(t.database.db, place(lng))));
    fleet = new Fleet([noon, midnight].map((l, i) => ({ family: 'rdcsm' as const, sn: l.sn, secret: l.secret, model: 2 as const, loops: 1, phases: 1, lat: 0, lng: lngs[i], heartbeatS: 3600 })), { url: gateway.url, ackTimeoutMs: 3000 });
    await fleet.start();
    await fleet.waitConnected(2, 10_000);
    const policy = (await admin.post('/policy/addData', { name: 'verify dusk to dawn', family: 'rdcsm', model: 2, steps: DUSK_TO_DAWN })).data;
    // One plan per lamp in the lamp's own zone, from yesterday to tomorrow there: judged at any hour of a UTC day.
    for (const [i, x] of [noon, midnight].entries()) {
      const timeZone = zoneOf(lngs[i]);
      const plan = await admin.post('/plan/add', { name: `verify ${x.sn}`, policyId: policy.id, groupMode: 1, targetIds: [x.terminalId], startDate: dateIn(timeZone, -1), endDate: dateIn(timeZone, 1), timeZone });
      expect(plan.code).toBe(200);
    }
    await waitFor(() => sim(noon).state.plan && sim(midnight).state.plan, 10_000, 'program bound on both');
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await t?.close();
  });

  it('judges lamps that follow their program as fine', async () => {
    await beat(noon, false);
    await beat(midnight, true);
    expect(await runVerify()).toBeUndefined();
    expect(await openAlarms(noon)).toEqual([]);
    expect(await openAlarms(midnight)).toEqual([]);
  });

  it('raises day-burning for a lamp lit at noon and lampFailure for a lamp dark at midnight', async () => {
    const until = Date.now() + 600_000;
    // Commands the control domain does not know about (as if switched on site): the server still expects the program.
    await direct(noon, 'override.set', { id: 'site', seq: 1, action: 'on', level: 100, startsAt: Date.now() - 1000, expiresAt: until });
    await direct(midnight, 'override.set', { id: 'site', seq: 1, action: 'off', startsAt: Date.now() - 1000, expiresAt: until });
    await beat(noon, true);
    await beat(midnight, false);
    await runVerify();
    expect(await openAlarms(noon)).toEqual(['dayBurning']);
    expect(await openAlarms(midnight)).toEqual(['lampFailure']);
    // One open alarm per terminal and kind: judging the same readings again opens nothing new.
    await runVerify();
    const all = await admin.post('/alarm/list', { terminalId: noon.terminalId, pageSize: 50 });
    expect(all.data.count).toBe(1);
  });

  it('clears both once the lamps follow their program again', async () => {
    await direct(noon, 'override.clear', { id: 'site' });
    await direct(midnight, 'override.clear', { id: 'site' });
    await beat(noon, false);
    await beat(midnight, true);
    await runVerify();
    expect(await openAlarms(noon)).toEqual([]);
    expect(await openAlarms(midnight)).toEqual([]);
  });

  it('judges a lamp by the emergency override the server sent: lit at noon under "all on" is right', async () => {
    const e = await admin.post('/plan/emergency/add', { name: 'verify storm', action: 'on', level: 100, groupMode: 1, targetIds: [noon.terminalId], durationMin: 10 });
    expect(e.code).toBe(200);
    await waitFor(async () => (await admin.get(`/policy/task?source=emergency&sourceId=${e.data.id}`)).data.list[0]?.state === 'succeeded', 10_000, 'override confirmed');
    await beat(noon, true);
    await runVerify();
    expect(await openAlarms(noon)).toEqual([]);
  });
});
