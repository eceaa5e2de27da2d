import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_ALARM_THRESHOLDS, type CommandMessage } from '@sl/contracts';
import { deviceEvents, heartbeats, terminalCommands } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('remote settings, commands and tasks', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let viewer: Caller;
  let x4: TestTerminal;
  let xsm: TestTerminal;
  let far: TestTerminal;
  let gateway: Awaited<ReturnType<typeof startTestGateway>> | undefined;
  let client: MqttClient | undefined;
  const task: Record<string, number> = {};
  const mids = (page: { data: { list: Array<{ mid: string }> } }) => page.data.list.map((x) => x.mid).sort();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    x4 = await insertTerminal(db, { family: 'rdc4m', deptId: 2, name: 'x4' });
    xsm = await insertTerminal(db, { family: 'rdcsm', deptId: 2, name: 'xsm' });
    far = await insertTerminal(db, { family: 'rdc4m', deptId: 3, name: 'far' });
    const soon = new Date(Date.now() + 60_000);
    // Already sent (sent_at set): otherwise the gateway's queue would deliver them when x4 connects.
    const sentAt = new Date();
    const rows = await db
      .insert(terminalCommands)
      .values([
        { mid: 'alarm', terminalId: x4.terminalId, cmd: 'alarm.set', params: { voltageHigh: 250 }, expiresAt: soon, sentAt },
        { mid: 'elc', terminalId: x4.terminalId, cmd: 'param.set', params: { ctRatio: 50 }, expiresAt: soon, sentAt },
        { mid: 'other-param', terminalId: x4.terminalId, cmd: 'param.set', params: { foo: 1 }, expiresAt: soon, sentAt },
        { mid: 'elec', terminalId: x4.terminalId, cmd: 'param.query', params: {}, expiresAt: soon, sentAt },
        { mid: 'manual', terminalId: x4.terminalId, cmd: 'manauto.set', params: { mode: 'manual' }, state: 'succeeded', expiresAt: soon, sentAt, finishedAt: new Date() },
        { mid: 'recover', terminalId: x4.terminalId, cmd: 'manauto.recover', params: {}, state: 'timedOut', expiresAt: soon, sentAt },
        { mid: 'relay-sm', terminalId: xsm.terminalId, cmd: 'relay.set', params: { loop: 3, on: false }, state: 'failed', replyCode: 4, replyMsg: 'relay stuck', expiresAt: soon, sentAt },
        { mid: 'oc-far', terminalId: far.terminalId, cmd: 'overCurrent.set', params: { thresholdA: 30 }, expiresAt: soon, sentAt },
      ])
      .returning();
    for (const r of rows) task[r.mid] = r.id;
    await db.insert(heartbeats).values([
      { terminalId: x4.terminalId, mid: 'h1', ts: new Date('2026-01-01T10:00:00Z'), model: 1, currentA: 1, currentB: 2, currentC: 3 },
      { terminalId: x4.terminalId, mid: 'h2', ts: new Date('2026-01-01T11:00:00Z'), model: 1, currentA: 10.5, currentB: 11.5, currentC: 12.5 },
    ]);
    await db.insert(deviceEvents).values([
      { terminalId: x4.terminalId, mid: 'oc1', event: 'overCurrent', state: 'raised', value: 40, loop: 1, phase: 'a', ts: new Date('2026-01-01T10:30:00Z') },
      { terminalId: x4.terminalId, mid: 'oc2', event: 'overCurrent', state: 'cleared', ts: new Date('2026-01-01T10:40:00Z') },
      { terminalId: x4.terminalId, mid: 'lk', event: 'leakage', state: 'raised', ts: new Date('2026-01-01T10:50:00Z') },
    ]);
    const role = await createRole(db, 'setter', { dataScope: '3', permissions: ['terminal:set:query', 'terminal:set:send', 'terminal:terminal:control'] });
    await createUser(db, 'setter', 2, [role]);
    admin = caller(t, await t.login());
    viewer = caller(t, await t.login('setter'));
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await gateway?.close();
    await t?.close();
  });

  it('lists the tasks of each setting page by command and family', async () => {
    expect(mids(await admin.get('/terminal/set/alarm/rdc4m/list'))).toEqual(['alarm']);
    expect(mids(await admin.get('/terminal/set/elc/rdc4m/list'))).toEqual(['elc']);
    expect(mids(await admin.get('/terminal/set/elec/rdc4m/list'))).toEqual(['elec']);
    expect(mids(await admin.get('/terminal/set/manauto/rdc4m/list'))).toEqual(['manual', 'recover']);
    expect(mids(await admin.get('/terminal/set/relay/rdcsm/list'))).toEqual(['relay-sm']);
    expect((await admin.get('/terminal/set/relay/rdc4m/list')).data.count).toBe(0);
    expect(mids(await admin.get('/terminal/set/over/current/rdc4m/list'))).toEqual(['oc-far']);
    expect((await viewer.get('/terminal/set/over/current/rdc4m/list')).data.count).toBe(0);
    const info = await admin.get(`/terminal/set/relay/rdcsm/info/${task['relay-sm']}`);
    expect(info.data).toMatchObject({ taskId: task['relay-sm'], cmd: 'relay.set', params: { loop: 3, on: false }, state: 'failed', replyCode: 4, replyMsg: 'relay stuck', terminalName: 'xsm' });
    expect((await admin.get(`/terminal/set/relay/rdc4m/info/${task['relay-sm']}`)).code).toBe(404);
    expect((await viewer.get(`/terminal/set/over/current/rdc4m/info/${task['oc-far']}`)).code).toBe(404);
  });

  it('shows task executions and the manauto log', async () => {
    expect((await admin.get(`/rdcsm/relayExec/info/${task['relay-sm']}`)).data.state).toBe('failed');
    expect((await admin.get(`/rdc4m/relayExec/info/${task['relay-sm']}`)).code).toBe(404);
    expect((await admin.get(`/rdc4m/manautoExec/info/${task.recover}`)).data.state).toBe('timedOut');
    const manual = await admin.get(`/rdc4m/manauto/info/${task.manual}`);
    expect(manual.data).toMatchObject({ state: 'succeeded', durationMs: expect.any(Number) });
    expect(mids(await admin.get('/rdc4m/manautoLog/list'))).toEqual(['manual', 'recover']);
    expect((await admin.get(`/rdc4m/manautoLog/info/${task.alarm}`)).code).toBe(404);
    expect(mids(await admin.get('/task/list?cmd=param.set'))).toEqual(['elc', 'other-param']);
    expect(mids(await admin.get('/task/list?state=timedOut'))).toEqual(['recover']);
    expect(mids(await viewer.get(`/task/list?terminalId=${far.terminalId}`))).toEqual([]);
    expect(await admin.get('/task/list?cmd=light.blink')).toMatchObject({ code: 400, msg: expect.stringMatching(/cmd/) });
  });

  it("answers the outcomes of followed tasks as their pushes carry them: settled ones only, in the caller's scope", async () => {
    const ids = [task['relay-sm'], task.recover, task.alarm, task['oc-far'], task.manual].join(',');
    const outcomes = (await admin.get(`/task/outcomes?ids=${ids}`)).data as Array<{ taskId: number }>;
    expect(outcomes.sort((a, b) => a.taskId - b.taskId)).toEqual([
      { code: 200, event: 'task', taskId: task.manual, terminalId: x4.terminalId, cmd: 'manauto.set', state: 'succeeded', msg: '' },
      { code: 200, event: 'task', taskId: task.recover, terminalId: x4.terminalId, cmd: 'manauto.recover', state: 'timedOut', msg: '' },
      { code: 200, event: 'task', taskId: task['relay-sm'], terminalId: xsm.terminalId, cmd: 'relay.set', state: 'failed', msg: 'relay stuck' },
    ].sort((a, b) => a.taskId - b.taskId));
    expect((await viewer.get(`/task/outcomes?ids=${task['relay-sm']},${task['oc-far']}`)).data).toEqual([expect.objectContaining({ taskId: task['relay-sm'] })]);
    expect(await admin.get('/task/outcomes?ids=1,x')).toMatchObject({ code: 400, msg: expect.stringMatching(/ids/) });
    expect((await admin.get('/task/outcomes')).data).toEqual([]);
  });

  it('answers the over-current events and the latest per-phase currents of a terminal in scope', async () => {
    const res = await viewer.get(`/over/current/data/${x4.terminalId}`);
    expect(res.data.latest).toEqual({ ts: '2026-01-01T11:00:00.000Z', currentA: 10.5, currentB: 11.5, currentC: 12.5 });
    expect(res.data.events).toMatchObject({ count: 2, list: [{ state: 'cleared' }, { state: 'raised', value: 40, loop: 1, phase: 'A' }] });
    expect((await viewer.get(`/over/current/data/${far.terminalId}`)).code).toBe(404);
    expect((await admin.get(`/over/current/data/${far.terminalId}`)).data).toMatchObject({ latest: null, events: { count: 0 } });
  });

  it('validates send bodies, the scope and the family before the gateway', async () => {
    const relay = { terminalId: x4.terminalId, loop: 1, on: true };
    expect(await admin.post('/send/set/relay', { ...relay, loop: 0 })).toMatchObject({ code: 400, msg: expect.stringMatching(/loop/) });
    expect(await admin.post('/send/set/relay', { loop: 1, on: true })).toMatchObject({ code: 400, msg: expect.stringMatching(/terminalId/) });
    expect(await admin.post('/rdc4m/send/set/heart/info', { terminalId: x4.terminalId, intervalS: 5 })).toMatchObject({ code: 400, msg: expect.stringMatching(/intervalS/) });
    expect(await admin.post('/rdc4m/test/dimmer', { terminalId: x4.terminalId, level: 101 })).toMatchObject({ code: 400, msg: expect.stringMatching(/level/) });
    expect(await admin.post('/rdcsm/test/param/set', { terminalId: xsm.terminalId, params: 'x' })).toMatchObject({ code: 400, msg: expect.stringMatching(/params/) });
    expect((await viewer.post('/send/set/lock', { terminalId: far.terminalId, locked: true })).code).toBe(404);
    expect(await admin.post('/rdcsm/send/set/lock', { terminalId: x4.terminalId, locked: true })).toMatchObject({ code: 400, msg: expect.stringMatching(/rdc4m/) });
    expect(await admin.post('/send/set/relay', relay)).toMatchObject({ code: 400, msg: 'The device gateway is not running' });
    expect(await viewer.post('/rdc4m/test/light/open', { terminalId: x4.terminalId })).toMatchObject({ code: 400, msg: 'The device gateway is not running' });
  });

  /** Posts, receives the command as the terminal, replies ok, and answers both. */
  const roundTrip = async (url: string, body: unknown, data: Record<string, unknown> = {}) => {
    const arrived = nextMessage<CommandMessage>(client!, x4.down('command'));
    const sent = await viewer.post(url, body);
    expect(sent, url).toMatchObject({ code: 200, data: { taskId: expect.any(Number), mid: expect.any(String) } });
    const cmd = await arrived;
    expect(cmd.mid).toBe(sent.data.mid);
    await publishJson(client!, x4.up('reply'), { mid: `r-${cmd.mid}`, ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: '', data });
    return { taskId: sent.data.taskId as number, cmd };
  };
  const settled = (path: string) =>
    waitFor(async () => {
      const res = await viewer.get(path);
      return res.data?.state === 'succeeded' ? res.data : undefined;
    }, 5000, path);

  it('sends through the gateway and follows the task to its reply', async () => {
    gateway = await startTestGateway(t.database.db);
    t.app.services.gateway = gateway;
    client = await connectTerminal(gateway.url, x4);

    const relay = await roundTrip('/rdc4m/send/set/relay', { terminalId: x4.terminalId, loop: 2, on: true, ignored: 1 });
    expect(relay.cmd).toMatchObject({ cmd: 'relay.set', params: { loop: 2, on: true } });
    expect(await settled(`/rdc4m/relayExec/info/${relay.taskId}`)).toMatchObject({ cmd: 'relay.set', createdBy: expect.any(Number), replyCode: 0 });
    expect((await viewer.get(`/rdc4m/relay/info/${relay.taskId}`)).data.state).toBe('succeeded');

    const sentAfter = Date.now();
    const gmt = await roundTrip('/send/set/gmt', { terminalId: x4.terminalId });
    const arrivedBy = Date.now();
    expect(gmt.cmd.cmd).toBe('clock.set');
    // The server's time when it sent the command.
    expect(gmt.cmd.params.time).toBeGreaterThanOrEqual(sentAfter);
    expect(gmt.cmd.params.time).toBeLessThanOrEqual(arrivedBy);

    const clock = await roundTrip(`/send/set/time/${x4.terminalId}`, undefined, { time: 1767225600000 });
    const reply = await waitFor(async () => {
      const list = (await viewer.get(`/task/list?cmd=clock.query&state=succeeded`)).data.list;
      return list.find((x: { taskId: number }) => x.taskId === clock.taskId);
    }, 5000, 'clock reply');
    expect(reply.replyData).toEqual({ time: 1767225600000 });

    const reset = await roundTrip('/set/alarm/rdc4m/reset', { terminalId: x4.terminalId });
    expect(reset.cmd).toMatchObject({ cmd: 'alarm.set', params: DEFAULT_ALARM_THRESHOLDS });
    await settled(`/terminal/set/alarm/rdc4m/info/${reset.taskId}`);

    const param = await roundTrip('/rdc4m/test/param/set', { terminalId: x4.terminalId, params: { ctRatio: 40 } });
    expect(param.cmd).toMatchObject({ cmd: 'param.set', params: { ctRatio: 40 } });
    expect((await viewer.get('/terminal/set/elc/rdc4m/list')).data.list.map((x: { taskId: number }) => x.taskId)).toContain(param.taskId);

    const dim = await roundTrip('/rdc4m/test/dimmer', { terminalId: x4.terminalId, level: 60 });
    expect(dim.cmd).toMatchObject({ cmd: 'light.dim', params: { level: 60 } });
  });
});
