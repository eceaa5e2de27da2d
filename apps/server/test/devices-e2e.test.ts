import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Fleet } from '@sl/simulator';
import type { AlarmNotice } from '../src/gateway/ports.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../src/db/schema/index.js';
import { ANSWERED_TTL_MS, timeOutPendingCommands } from './support/command-ttl.js';
import { postgresAvailable } from './support/engines.js';
import { startTestGateway } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { mosquittoAvailable, MOSQUITTO_URL } from './support/mosquitto.js';

const pgUp = await postgresAvailable();
const mqttUp = await mosquittoAvailable();

/** The editable fields of a terminal, as the edit form sends them back. */
const pick = (t: Record<string, unknown>) => {
  const keys = ['terminalId', 'sn', 'name', 'family', 'model', 'manufacturer', 'imsi', 'enterpriseId', 'deptId', 'area', 'boxId', 'lng', 'lat', 'address', 'controlMode', 'phases', 'loops', 'installDate', 'remark'];
  return Object.fromEntries(keys.filter((k) => t[k] !== null && t[k] !== undefined).map((k) => [k, t[k]]));
};

/** Polls until `check` returns a value (not undefined/false), or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 15_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The whole device path through the public surfaces only: a terminal registered over REST, the
 * simulator speaking MQTT to the gateway, and the results read back over REST.
 */
function deviceFlow(engine: 'pglite' | 'postgres', broker: 'embedded' | 'mosquitto') {
  let t: TestApp;
  let fleet: Fleet;
  let h: Record<string, string>;
  let terminalId: number;
  const alarms: AlarmNotice[] = [];
  const sn = `E2E${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const env = { SWEEP_INTERVAL_MS: '200', OFFLINE_AFTER_MISSED: '2', COMMAND_TTL_MS: String(ANSWERED_TTL_MS), ...(broker === 'mosquitto' ? { MQTT_URL: MOSQUITTO_URL } : {}) };
    const gateway = await startTestGateway(t.database.db, env, broker === 'mosquitto' ? { shareGroup: `sl-e2e-${sn}` } : {});
    gateway.events.on('alarm.changed', (a: AlarmNotice) => alarms.push(a));
    t.app.services.gateway = gateway;
    h = bearer(await t.login());

    const added = (await t.app.inject({ method: 'POST', url: '/api/v1/terminal/add', headers: h, payload: { sn, name: '端到端配电柜', family: 'rdc4m', model: 1, deptId: 2, phases: 3, loops: 4, lng: 121.47, lat: 31.23 } })).json();
    expect(added.code).toBe(200);
    terminalId = added.data.terminalId;
    const registered = (await t.app.inject({ method: 'PUT', url: '/api/v1/terminal/registered', headers: h, payload: { terminalId, registerState: 1 } })).json();
    expect(registered.code).toBe(200);
    await t.app.inject({ method: 'PUT', url: '/api/v1/terminal/status/update', headers: h, payload: { terminalId, status: 2, reason: 'to the warehouse' } });
    await t.app.inject({ method: 'PUT', url: '/api/v1/terminal/status/update', headers: h, payload: { terminalId, status: 3, reason: 'installed' } });

    fleet = new Fleet([{ family: 'rdc4m', sn, secret: registered.data.secret, model: 1, loops: 4, phases: 3, lat: 31.23, lng: 121.47, heartbeatS: 10 }], { url: gateway.url, ackTimeoutMs: 2000 });
    await fleet.start();
    await fleet.waitConnected(1, 10_000);
    return async () => {
      await fleet?.stop();
      await gateway.close();
    };
  });
  afterAll(() => t?.close());

  const get = async (url: string) => (await t.app.inject({ url, headers: h })).json();
  const post = async (url: string, payload: object) => (await t.app.inject({ method: 'POST', url, headers: h, payload })).json();
  const task = async (taskId: number) => {
    const list = (await get(`/api/v1/task/list?terminalId=${terminalId}&pageSize=100`)).data.list;
    return { data: list.find((x: { taskId: number }) => x.taskId === taskId) };
  };

  it('comes online and its heartbeats are stored and listed', async () => {
    await eventually(async () => (await get(`/api/v1/terminal/info/${terminalId}`)).data.onlineState === 1, 15_000, 'online');
    const list = await eventually(async () => {
      const res = await get(`/api/v1/heartList?terminalId=${terminalId}`);
      return res.data.count > 0 && res.data;
    }, 15_000, 'a stored heartbeat');
    expect(list.list[0]).toMatchObject({ terminalId, sn, model: 1 });
    expect(list.list[0].voltageA).toBeGreaterThan(200);
  });

  it('receives light-open, and its reply marks the task succeeded', async () => {
    const sent = await post('/api/v1/rdc4m/test/light/open', { terminalId });
    expect(sent.code).toBe(200);
    const done = await eventually(async () => {
      const info = await task(sent.data.taskId);
      return info.data.state !== 'pending' && info.data;
    }, 10_000, 'the task to settle');
    expect(done.state).toBe('succeeded');
    expect(fleet.terminal(sn)!.state.loops.every(Boolean)).toBe(true);
  });

  it('raises an alarm on a leakage fault, lists it and pushes it', async () => {
    fleet.injectFault(sn, 'leakage');
    const listed = await eventually(async () => {
      const res = await post('/api/v1/alarm/list', { pageIndex: 1, pageSize: 20, terminalId });
      return res.data.list.find((a: { kind: string }) => a.kind === 'leakage');
    }, 15_000, 'a leakage alarm');
    expect(listed.status).toBe(1);
    expect(alarms.some((a) => a.terminalId === terminalId && a.kind === 'leakage' && !a.cleared)).toBe(true);
    fleet.clearFault(sn, 'leakage');
    await eventually(async () => (await get(`/api/v1/alarm/info/${listed.alarmId}`)).data.status === 6, 15_000, 'the all-clear');
  });

  it('sees a department change made over REST at once: the next alarm belongs to the new department', async () => {
    const info = (await get(`/api/v1/terminal/info/${terminalId}`)).data;
    const edit = { ...pick(info), deptId: 3 };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/terminal/edit', headers: h, payload: edit })).json().code).toBe(200);
    fleet.injectFault(sn, 'doorOpen');
    const alarm = await eventually(async () => alarms.find((a) => a.terminalId === terminalId && a.kind === 'doorOpen'), 15_000, 'a door alarm');
    expect(alarm.deptId, JSON.stringify(alarms)).toBe(3);
    fleet.clearFault(sn, 'doorOpen');
  });

  it('times out an unanswered command as failed, then goes offline with an unline log', async () => {
    await t.database.db.update(terminals).set({ heartbeatS: 1 }).where(eq(terminals.terminalId, terminalId));
    fleet.injectFault(sn, 'silent');
    const sent = await post('/api/v1/rdc4m/test/light/close', { terminalId });
    await timeOutPendingCommands(t.app.services.gateway!);
    const done = await eventually(async () => {
      const info = await task(sent.data.taskId);
      return info.data.state !== 'pending' && info.data;
    }, 10_000, 'the time-out');
    expect(done.state).toBe('timedOut');
    await eventually(async () => (await get(`/api/v1/terminal/info/${terminalId}`)).data.onlineState === 2, 15_000, 'offline');
    const unline = await get(`/api/v1/log/unline/list?terminalId=${terminalId}`);
    expect(unline.data.count).toBeGreaterThan(0);
    const lost = await post('/api/v1/alarm/list', { pageIndex: 1, pageSize: 20, terminalId, kind: 'communicationLost' });
    expect(lost.data.list.length).toBe(1);
  });
}

describe('devices end to end: simulator → embedded broker → gateway → PGlite → REST', () => deviceFlow('pglite', 'embedded'));
describe.skipIf(!pgUp || !mqttUp)('devices end to end: simulator → Mosquitto → gateway → PostgreSQL → REST', () => deviceFlow('postgres', 'mosquitto'));
