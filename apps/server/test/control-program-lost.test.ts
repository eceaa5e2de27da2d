import { Fleet } from '@sl/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.js';
import { createControlTestApp } from './support/control-app.js';
import { describeEachEngine } from './support/each-engine.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, waitFor, type TestTerminal } from './support/gateway.js';
import { bearer, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const ZONE = 'Asia/Shanghai';
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });
const program = [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }];

/**
 * Issue 25 item 5: a terminal that lost its program (factory reset, a `plan.clear` the server did not send) says so in
 * its heartbeats, and the reconcile job binds it again and writes it to the terminal's timing log.
 */
describeEachEngine('control: a terminal that lost its program is bound again', (engine) => {
  let t: TestApp;
  let fleet: Fleet;
  let lamps: TestTerminal[];
  let admin: Caller;
  let adminToken: string;
  let planId: number;
  let closeGateway: () => Promise<void>;
  let gatewayUrl: string;
  const sim = (i: number) => fleet.terminals[i];
  const db = () => t.database.db;
  const reconcile = (now = new Date()) => t.app.services.control.downloads.reconcile(now);

  /** The newest stored heartbeat's report, `undefined` when it carries none. */
  const reported = async (terminalId: number) => {
    const [row] = rowsOf<{ extra: Record<string, unknown> | string | null }>(
      await db().execute(sql`select extra from heartbeat where terminal_id = ${terminalId} order by ts desc limit 1`),
    );
    const extra = typeof row?.extra === 'string' ? (JSON.parse(row.extra) as Record<string, unknown>) : row?.extra;
    return extra && 'programFingerprint' in extra ? extra.programFingerprint : undefined;
  };
  /** Asks a terminal for a heartbeat and waits until it is stored. */
  const freshBeat = async (terminalId: number) => {
    const [{ n: before }] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from heartbeat where terminal_id = ${terminalId}`));
    await t.app.services.gateway!.commands.send(terminalId, 'heartbeat.request', {}, { ttlMs: 5000 });
    await waitFor(async () => rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from heartbeat where terminal_id = ${terminalId}`))[0].n > before, 10_000, 'a new heartbeat');
  };
  // The reconcile job judges only heartbeats stamped a minute past the terminal's confirmation (clocks may be off by
  // that much): the confirmation is moved back instead of the test waiting.
  const confirmedMinutesAgo = (terminalId: number, minutes: number) =>
    db().execute(sql`update control_task set updated_at = now() - make_interval(mins => ${minutes}) where terminal_id = ${terminalId} and cmd = 'plan.bind'`);
  const timingLog = async (terminalId: number) =>
    rowsOf<{ msg: string; detail: unknown }>(await db().execute(sql`select msg, detail from terminal_log where terminal_id = ${terminalId} and kind = 'timing' and msg like 'program lost%' order by id`));
  const task = async (terminalId: number) =>
    (await admin.get(`/policy/task?source=plan&sourceId=${planId}&terminalId=${terminalId}`)).data.list[0] as { state: string; attempts: number };

  beforeAll(async () => {
    const control = await createControlTestApp(engine);
    t = control.t;
    closeGateway = () => control.gateway.close();
    gatewayUrl = control.gateway.url;
    adminToken = await t.login();
    admin = caller(t, adminToken);
    lamps = [];
    for (let i = 0; i < 2; i++) lamps.push(await insertTerminal(db(), { family: 'rdcsm', model: 2, deptId: 2, lat: 31.23, lng: 121.47, status: 3, registerState: 1 }));
    fleet = new Fleet(lamps.map((l) => ({ family: 'rdcsm' as const, sn: l.sn, secret: l.secret, model: 2 as const, loops: 1, phases: 1, lat: 31.23, lng: 121.47, heartbeatS: 60 })), { url: gatewayUrl, ackTimeoutMs: 2000 });
    await fleet.start();
    await fleet.waitConnected(2, 10_000);
    const policyId = (await admin.post('/policy/addData', { name: 'lost and found', family: 'rdcsm', model: 2, steps: program })).data.id;
    planId = (await admin.post('/plan/add', { name: 'lost and found', policyId, groupMode: 1, targetIds: lamps.map((l) => l.terminalId), startDate: dayIn(-1), endDate: dayIn(1) })).data.id;
    await waitFor(async () => (await task(lamps[0].terminalId))?.state === 'succeeded' && (await task(lamps[1].terminalId))?.state === 'succeeded', 10_000, 'plan bound');
  });
  afterAll(async () => {
    await fleet?.stop();
    await closeGateway?.();
    await t?.close();
  });

  it('the terminal reports the fingerprint it was bound with, and an unchanged program is not sent again', async () => {
    const fingerprint = sim(0).state.plan?.fingerprint;
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(sim(1).state.plan?.fingerprint).toBe(fingerprint); // the same plan, the same program
    await confirmedMinutesAgo(lamps[0].terminalId, 5);
    await freshBeat(lamps[0].terminalId);
    expect(await reported(lamps[0].terminalId)).toBe(fingerprint);
    expect(await reconcile()).toBe(0);
  });

  it('a factory reset from the console (/send/set/init): the next reconcile binds the program again and logs it', async () => {
    const fingerprint = sim(0).state.plan!.fingerprint;
    const id = lamps[0].terminalId;
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/send/set/init', headers: bearer(adminToken), payload: { terminalId: id } });
    expect(sent.json().code).toBe(200);
    await waitFor(() => sim(0).state.plan === undefined, 10_000, 'the terminal forgot its program');
    await freshBeat(id);
    expect(await reported(id)).toBeNull();

    expect(await reconcile()).toBe(1);
    await waitFor(() => sim(0).state.plan?.fingerprint === fingerprint, 10_000, 'program bound again');
    await waitFor(async () => (await task(id)).state === 'succeeded', 10_000, 'the re-bind confirmed');
    expect((await task(id)).attempts).toBe(2);
    const log = await timingLog(id);
    expect(log).toHaveLength(1);
    expect(log[0].msg).toBe(`program lost (reports none, was sent ${fingerprint}): bound again`);
    // The heartbeat that reported the loss predates the new confirmation: it is not judged again, nothing loops.
    expect(await reconcile()).toBe(0);
    // Once confirmed long enough, the terminal's report matches again.
    await confirmedMinutesAgo(id, 5);
    await freshBeat(id);
    expect(await reported(id)).toBe(fingerprint);
    expect(await reconcile()).toBe(0);
    expect(await timingLog(id)).toHaveLength(1);
  });

  it('a plan.clear the server did not send: bound again within one reconcile run', async () => {
    const id = lamps[1].terminalId;
    const fingerprint = sim(1).state.plan!.fingerprint;
    const clear = await t.app.services.gateway!.commands.send(id, 'plan.clear', {}, { ttlMs: 5000 });
    expect(clear.taskId).toBeGreaterThan(0);
    await waitFor(() => sim(1).state.plan === undefined, 10_000, 'program cleared on site');
    // Reported too soon after the confirmation (as a terminal whose clock runs fast could): not judged yet.
    await confirmedMinutesAgo(id, 0);
    await freshBeat(id);
    expect(await reported(id)).toBeNull();
    expect(await reconcile()).toBe(0);
    await confirmedMinutesAgo(id, 5);
    expect(await reconcile()).toBe(1);
    await waitFor(() => sim(1).state.plan?.fingerprint === fingerprint, 10_000, 'program bound again');
    expect((await timingLog(id)).map((r) => r.detail)).toEqual([{ reported: null, sent: fingerprint, planId, strategyId: null }]);
  });

  it('a terminal whose firmware does not report a fingerprint is left alone', async () => {
    const old = await insertTerminal(db(), { family: 'rdcsm', model: 2, deptId: 2, lat: 31.23, lng: 121.47, status: 3, registerState: 1 });
    const client = await connectTerminal(gatewayUrl, old);
    try {
      // It answers every command as the old firmware does, and never says which program it has.
      client.on('message', (topic, payload) => {
        if (topic !== old.down('command')) return;
        const cmd = JSON.parse(payload.toString()) as { mid: string };
        void publishJson(client, old.up('reply'), { mid: `r-${cmd.mid}`, ts: Date.now(), ref: cmd.mid, ok: true, code: 0 });
      });
      const bound = nextMessage<{ cmd: string }>(client, old.down('command'), (m) => m.cmd === 'plan.bind');
      const plan = (await admin.get(`/plan/info/${planId}`)).data;
      expect((await admin.put('/plan/update', { ...plan, targetIds: [...plan.targetIds, old.terminalId] })).code).toBe(200);
      await bound;
      await waitFor(async () => (await task(old.terminalId))?.state === 'succeeded', 10_000, 'bound');
      await confirmedMinutesAgo(old.terminalId, 5);
      await publishJson(client, old.up('heartbeat'), lampHeartbeat('old-1'));
      await waitFor(async () => rowsOf(await db().execute(sql`select 1 from heartbeat where terminal_id = ${old.terminalId}`)).length > 0, 10_000, 'heartbeat stored');
      expect(await reported(old.terminalId)).toBeUndefined();
      expect(await reconcile()).toBe(0);
      expect(await timingLog(old.terminalId)).toEqual([]);
    } finally {
      await client.endAsync();
    }
  });
});
