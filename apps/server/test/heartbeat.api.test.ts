import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommandMessage } from '@sl/contracts';
import { heartbeats, terminalLogs, terminals } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
describeEachEngine('heartbeats', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let viewer: Caller;
  let a: TestTerminal;
  let b: TestTerminal;
  let c: TestTerminal;
  const ids: number[] = [];
  let gateway: Awaited<ReturnType<typeof startTestGateway>> | undefined;
  let client: MqttClient | undefined;

  const beat = async (terminalId: number, at: string, energyKwh: number, phase: number) => {
    const [row] = await t.database.db
      .insert(heartbeats)
      .values({ terminalId, mid: `m-${at}`, ts: new Date(at), model: 1, energyKwh, powerA: phase, powerB: phase, powerC: phase, voltageA: 230 })
      .returning();
    ids.push(row.id);
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    a = await insertTerminal(db, { family: 'rdc4m', deptId: 2, name: 'cabinet A' });
    b = await insertTerminal(db, { family: 'rdc4m', deptId: 3, name: 'cabinet B' });
    c = await insertTerminal(db, { family: 'rdcsm', deptId: 2, name: 'cabinet C' });
    await insertTerminal(db, { family: 'rdc4m', deptId: 2, status: 5, name: 'scrapped' });
    // A: 3 samples on 1 Jan, 2 on 2 Jan, 1 on 3 Jan (UTC); the 20:00Z sample is already 2 Jan in Shanghai.
    for (const [at, e, p] of [
      ['2026-01-01T02:00:00Z', 100, 1], ['2026-01-01T10:00:00Z', 104, 2], ['2026-01-01T20:00:00Z', 110, 1.5],
      ['2026-01-02T10:00:00Z', 115, 2], ['2026-01-02T12:00:00Z', 125, 3], ['2026-01-03T10:00:00Z', 130, 1],
    ] as const) await beat(a.terminalId, at, e, p);
    await beat(b.terminalId, '2026-01-01T05:00:00Z', 50, 1);
    await beat(b.terminalId, '2026-01-01T06:00:00Z', 58, 1);
    await beat(c.terminalId, '2026-01-01T05:00:00Z', 1, 1);
    const role = await createRole(db, 'heart-viewer', { dataScope: '3', permissions: ['terminal:heart:query', 'terminal:heart:send'] });
    await createUser(db, 'heartviewer', 2, [role]);
    admin = caller(t, await t.login());
    viewer = caller(t, await t.login('heartviewer'));
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await gateway?.close();
    await t?.close();
  });

  it('lists rdc4m heartbeats by default, other families on request, within the data scope', async () => {
    const all = await admin.get('/heartList?pageSize=50');
    expect(all).toMatchObject({ code: 200, data: { count: 8, pageIndex: 1, pageSize: 50 } });
    expect(all.data.list[0]).toMatchObject({ terminalName: 'cabinet A', sn: a.sn, family: 'rdc4m', ts: '2026-01-03T10:00:00.000Z', powerA: 1, energyKwh: 130 });
    expect((await admin.get('/heartList?family=rdcsm')).data.count).toBe(1);
    expect((await admin.get('/rdcsm/heartList')).data.list.map((h: { sn: string }) => h.sn)).toEqual([c.sn]);
    expect((await admin.get('/heart/data/list/rdc4m?from=2026-01-02T00:00:00Z')).data.count).toBe(3);
    expect((await admin.get(`/heart/data/list/rdc4m?sn=${b.sn.slice(2, 9)}`)).data.count).toBe(2);
    expect((await viewer.get('/heartList?pageSize=50')).data.count).toBe(6);
    // The same shape of query, asked by the administrator first: the viewer's statement is not the administrator's.
    expect((await admin.get(`/heartList?terminalId=${b.terminalId}`)).data).toMatchObject({ count: 2, list: [{ sn: b.sn }, { sn: b.sn }] });
    expect((await viewer.get(`/heartList?terminalId=${b.terminalId}`)).data).toMatchObject({ count: 0, list: [] });
  });

  it('reads one heartbeat only inside the scope and the family of the path', async () => {
    const idOfB = ids[6];
    expect((await admin.get(`/heartInfo/${idOfB}`)).data).toMatchObject({ id: idOfB, terminalName: 'cabinet B', energyKwh: 50 });
    expect((await viewer.get(`/heartInfo/${idOfB}`)).code).toBe(404);
    expect((await admin.get(`/heart/data/info/rdc4m/${ids[0]}`)).code).toBe(200);
    expect((await admin.get(`/rdcsm/heartInfo/${ids[0]}`)).code).toBe(404);
    expect((await admin.get(`/rdcsm/heartInfo/${ids[8]}`)).data.family).toBe('rdcsm');
  });

  it('computes energy and power per day: meter rises shared across midnight by time, mean and peak of the summed phases', async () => {
    const range = 'from=2026-01-01T00:00:00Z&to=2026-01-04T00:00:00Z';
    // Statistics days are each terminal's local days: A keeps UTC's first, then Shanghai's.
    const zoneOfA = (zone: string) => t.database.db.update(terminals).set({ timeZone: zone }).where(eq(terminals.terminalId, a.terminalId));
    await zoneOfA('UTC');
    const one = await admin.get(`/heart/data/rdc4m/statistics?terminalId=${a.terminalId}&${range}`);
    // 1 Jan: 4 + 6 + 4/14 of the 5 kWh from 20:00 to 10:00; 2 Jan: the other 10/14, 10, and 12/22 of the 5 kWh from
    // 12:00 to 10:00 the next day; 3 Jan: its 10/22.
    expect(one.data).toEqual([
      { day: '2026-01-01', energyKwh: 11.429, avgPowerKw: 4.5, maxPowerKw: 6, terminals: 1, samples: 3 },
      { day: '2026-01-02', energyKwh: 16.299, avgPowerKw: 7.5, maxPowerKw: 9, terminals: 1, samples: 2 },
      { day: '2026-01-03', energyKwh: 2.273, avgPowerKw: 3, maxPowerKw: 3, terminals: 1, samples: 1 },
    ]);
    const fleet = await admin.get(`/heart/data/rdc4m/statistics?${range}`);
    expect(fleet.data[0]).toEqual({ day: '2026-01-01', energyKwh: 19.429, avgPowerKw: 7.5, maxPowerKw: 9, terminals: 2, samples: 5 });
    // In Shanghai (UTC+8) the days start at 16:00Z: 1 Jan holds 4 and 6/10 of the 6 kWh from 10:00 to 20:00; 2 Jan
    // the other 4/10, 5, 10, and 4/22 of the last 5 kWh.
    await zoneOfA('Asia/Shanghai');
    const shanghai = await admin.get(`/heart/data/rdc4m/statistics?terminalId=${a.terminalId}&${range}&tz=Asia/Shanghai`);
    expect(shanghai.data.slice(0, 2)).toEqual([
      { day: '2026-01-01', energyKwh: 7.6, avgPowerKw: 4.5, maxPowerKw: 6, terminals: 1, samples: 2 },
      { day: '2026-01-02', energyKwh: 18.309, avgPowerKw: 6.5, maxPowerKw: 9, terminals: 1, samples: 3 },
    ]);
    await zoneOfA('UTC');
    expect((await viewer.get(`/heart/data/rdc4m/statistics?${range}`)).data[0]).toMatchObject({ energyKwh: 11.429, terminals: 1 });
    expect((await viewer.get(`/heart/data/rdc4m/statistics?terminalId=${b.terminalId}&${range}`)).data).toEqual([]);
  });

  it('rejects bad input with a message naming the field', async () => {
    expect(await admin.get('/heartList?from=yesterday')).toMatchObject({ code: 400, msg: expect.stringMatching(/from/) });
    expect(await admin.get('/heartList?terminalId=abc')).toMatchObject({ code: 400, msg: expect.stringMatching(/terminalId/) });
    expect(await admin.get('/heart/data/rdc4m/statistics?tz=Mars/Olympus')).toMatchObject({ code: 400, msg: expect.stringMatching(/tz/) });
    expect(await admin.get('/heart/data/rdc4m/statistics?from=2026-02-01&to=2026-01-01')).toMatchObject({ code: 400, msg: expect.stringMatching(/from/) });
    expect(await admin.post('/terminal/heart/send/all', { family: 'rdc9' })).toMatchObject({ code: 400, msg: expect.stringMatching(/family/) });
  });

  it('answers 400 without a gateway, and 404 for a terminal outside the scope', async () => {
    expect(await admin.post(`/sendHeartByTerminalId/${a.terminalId}`, undefined)).toMatchObject({ code: 400, msg: 'The device gateway is not running' });
    expect(await admin.post('/sendHeartAll', undefined)).toMatchObject({ code: 400, msg: 'The device gateway is not running' });
    expect((await viewer.post(`/terminal/heart/send/${b.terminalId}`, undefined)).code).toBe(404);
  });

  it('sends heartbeat.request through the gateway and lists it as a heartbeat test', async () => {
    gateway = await startTestGateway(t.database.db);
    t.app.services.gateway = gateway;
    client = await connectTerminal(gateway.url, a);
    const arrived = nextMessage<CommandMessage>(client, a.down('command'));
    const sent = await admin.post(`/terminal/heart/send/${a.terminalId}`, undefined);
    expect(sent).toMatchObject({ code: 200, data: { taskId: expect.any(Number), mid: expect.any(String) } });
    const cmd = await arrived;
    expect(cmd).toMatchObject({ mid: sent.data.mid, cmd: 'heartbeat.request', params: {} });
    await publishJson(client, a.up('reply'), { mid: 'r-heart', ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: '', data: {} });
    const info = await waitFor(async () => {
      const res = await admin.get(`/hearttestLogInfo/${sent.data.taskId}`);
      return res.data?.state === 'succeeded' ? res.data : undefined;
    }, 5000, 'settled heartbeat request');
    expect(info).toMatchObject({ taskId: sent.data.taskId, cmd: 'heartbeat.request', terminalName: 'cabinet A', createdByName: expect.any(String), replyCode: 0 });
    expect(info.durationMs).toBeGreaterThanOrEqual(0);
    expect((await admin.get('/hearttestLog')).data.list.map((x: { taskId: number }) => x.taskId)).toContain(sent.data.taskId);
    expect((await admin.get(`/rdcsm/hearttestLogInfo/${sent.data.taskId}`)).code).toBe(404);
    const logs = await t.database.db.select().from(terminalLogs).where(eq(terminalLogs.terminalId, a.terminalId));
    expect(logs.some((l) => l.kind === 'heart' && l.msg === 'heartbeat requested by admin')).toBe(true);
  });

  it('tests every commandable terminal in the caller scope in the background, one run at a time, pushing progress', async () => {
    const clientC = await connectTerminal(gateway!.url, c);
    // Both terminals hold their replies until the busy checks are done, then answer every command.
    const held: Array<() => void> = [];
    let answering = false;
    for (const [cl, term] of [[client!, a], [clientC, c]] as const) {
      cl.on('message', (topic, payload) => {
        if (topic !== term.down('command')) return;
        const cmd = JSON.parse(payload.toString()) as CommandMessage;
        const answer = () => void publishJson(cl, term.up('reply'), { mid: `r-${cmd.mid}`, ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: '', data: {} });
        if (answering) answer();
        else held.push(answer);
      });
    }
    const pushed: Array<{ event: string; data: { runId: number; done: number; total: number; running: boolean } }> = [];
    const untap = t.app.services.push.tap('msg', (m) => pushed.push(m as unknown as (typeof pushed)[number]));
    try {
      const started = await viewer.post('/sendHeartAll', undefined);
      expect(started).toMatchObject({ code: 200, data: { total: 2, running: true, done: 0 } });
      const busy = await t.app.inject({ method: 'POST', url: '/api/v1/terminal/heart/send/all', headers: { authorization: `Bearer ${await t.login()}`, 'accept-language': 'zh-CN' }, payload: {} });
      expect(busy.json()).toMatchObject({ code: 400, msg: expect.stringContaining('心跳测试正在进行') });
      expect(await admin.post('/sendHeartAll', undefined)).toMatchObject({ code: 400, msg: expect.stringMatching(/already running/) });
      expect((await viewer.get('/terminal/heart/run')).data).toMatchObject({ runId: started.data.runId, running: true, done: 0 });
      answering = true;
      held.splice(0).forEach((answer) => answer());
      const finished = await waitFor(async () => {
        const res = await viewer.get('/terminal/heart/run');
        return res.data?.running === false ? res.data : undefined;
      }, 10_000, 'finished heartbeat run');
      expect(finished).toMatchObject({ runId: started.data.runId, total: 2, sent: 2, done: 2, succeeded: 2, failed: 0 });
      const mine = pushed.filter((m) => m.event === 'heartRun' && m.data.runId === started.data.runId);
      expect(mine.at(-1)!.data).toMatchObject({ done: 2, total: 2, running: false });
      expect(mine.map((m) => m.data.done)).toEqual([...mine.map((m) => m.data.done)].sort());

      const rdcsm = await viewer.post('/terminal/heart/send/all', { family: 'rdcsm' });
      expect(rdcsm).toMatchObject({ code: 200, data: { total: 1 } });
      await waitFor(async () => ((await viewer.get('/terminal/heart/run')).data?.running === false ? true : undefined), 10_000, 'second run');
      expect((await admin.get('/rdcsm/hearttestLog')).data.count).toBe(2);
    } finally {
      untap();
      await clientC.endAsync(true);
    }
  });
});
