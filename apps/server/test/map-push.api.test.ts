import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapState, pushPath, type PushChannel } from '@sl/contracts';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { seedDatabase } from '../src/seed/seed.js';
import { createRole, createUser } from './support/accounts.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, type TestTerminal } from './support/gateway.js';
import { connectPush, terminatePushSockets } from './support/push-client.js';
import { bearer, LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
type Change = [number, number];
const changesOf = (text: string) => ((json(text).event === 'mapDelta' ? json(text).changes : []) as Change[]);

afterAll(terminatePushSockets);

// The path a device event takes to the map: gateway event → MapDeltas → `map` channel, per data scope.
describe('map deltas and command outcomes over the push channel', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let app: FastifyInstance;
  let base: string;
  const devices: MqttClient[] = [];
  const cipher = new PasswordCipher(loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' }).PASSWORD_KEY);
  const signIn = async (username: string) => {
    const login = (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: cipher.encrypt('123456'), code: '', uuid: '' } })).json();
    const info = (await app.inject({ url: '/api/v1/getinfo', headers: bearer(login.data.token) })).json();
    return { token: login.data.token as string, userId: info.data.userId as number, uniqueId: info.data.uniqueId as string };
  };
  const socket = (channel: PushChannel, who: Awaited<ReturnType<typeof signIn>>) =>
    connectPush(`${base}${pushPath(channel, who.uniqueId, who.userId)}?token=${encodeURIComponent(who.token)}`);
  const lampHeartbeat = (mid: string, on: boolean) => ({
    mid, ts: Date.now(), model: 2, on, dim: on ? 100 : 0, voltage: 230, current: on ? 0.6 : 0, power: on ? 0.14 : 0, powerFactor: 0.97, energyKwh: 10, burnHours: 5, lampFailure: false,
  });
  const send = async (client: MqttClient, t: TestTerminal, kind: 'heartbeat' | 'event', body: { mid: string }) => {
    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === body.mid);
    await publishJson(client, t.up(kind), body);
    await ack;
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const config = loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' });
    await seedDatabase(database.db, config);
    gateway = await startTestGateway(database.db);
    app = await buildApp({ config, database, gateway, throttle: LENIENT_THROTTLE });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // Seeded tree: 1 → 2 → 5, 1 → 3. Scope 4 in dept 2 sees dept 5; scope 3 in dept 3 does not.
    await createUser(database.db, 'map-below', 2, [await createRole(database.db, 'map-scope4', { dataScope: '4', permissions: [] })]);
    await createUser(database.db, 'map-other', 3, [await createRole(database.db, 'map-scope3', { dataScope: '3', permissions: [] })]);
  });
  afterAll(async () => {
    await Promise.all(devices.map((c) => c.endAsync(true)));
    await app?.close();
    await gateway?.close();
    await database?.close();
  });

  it('sends online, lit, alarm and cleared states as small deltas to the users whose scope holds the lamp', async () => {
    const [admin, below, other] = await Promise.all([signIn('admin'), signIn('map-below'), signIn('map-other')]);
    const [adminMap, belowMap, otherMap] = await Promise.all([socket('map', admin), socket('map', below), socket('map', other)]);
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2, deptId: 5, lng: 121.47, lat: 31.23 });
    const device = await connectTerminal(gateway.url, t);
    devices.push(device);
    const delta = (state: number) => (m: string) => changesOf(m).some(([id, s]) => id === t.terminalId && s === state);

    await send(device, t, 'heartbeat', lampHeartbeat('hb-1', true)); // first message: online, and lit
    await adminMap.next(delta(MapState.lit));
    await belowMap.next(delta(MapState.lit));

    await send(device, t, 'event', { mid: 'ev-1', ts: Date.now(), event: 'lampFailure', state: 'raised' } as { mid: string });
    await adminMap.next(delta(MapState.alarm));
    await belowMap.next(delta(MapState.alarm));
    await send(device, t, 'event', { mid: 'ev-2', ts: Date.now(), event: 'lampFailure', state: 'cleared' } as { mid: string });
    await belowMap.next((m) => changesOf(m).some(([id, s]) => id === t.terminalId && s !== MapState.alarm) && belowMap.messages.some(delta(MapState.alarm)));

    await send(device, t, 'heartbeat', lampHeartbeat('hb-2', false));
    await belowMap.next(delta(MapState.off));
    // Each message is small: only the lamps that changed.
    expect(belowMap.messages.every((m) => changesOf(m).length === 1)).toBe(true);

    // Outside the scope nothing arrives: a later push to everyone comes through alone.
    await app.services.push.publish('map', { code: 200, marker: 'after' }, 'everyone');
    await otherMap.next((m) => json(m).marker === 'after');
    expect(otherMap.messages.filter((m) => changesOf(m).length > 0)).toEqual([]);

    // The positions call agrees with the last delta.
    const res = await app.inject({ url: '/api/v1/map/terminal/' + t.terminalId, headers: bearer(below.token) });
    expect(res.json().data.state).toBe(MapState.off);
  });

  it('pushes a settled command on 50rdcsm to the user who sent it, and to nobody else', async () => {
    const [admin, below] = await Promise.all([signIn('admin'), signIn('map-below')]);
    const [adminTasks, belowTasks] = await Promise.all([socket('50rdcsm', admin), socket('50rdcsm', below)]);
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2, deptId: 5 });
    const device = await connectTerminal(gateway.url, t);
    devices.push(device);
    const command = nextMessage<{ mid: string; cmd: string }>(device, t.down('command'));
    const sent = (await app.inject({ method: 'POST', url: '/api/v1/rdcsm/test/light/close', headers: bearer(admin.token), payload: { terminalId: t.terminalId } })).json();
    expect(sent.code).toBe(200);
    const cmd = await command;
    expect(cmd.cmd).toBe('light.close');
    await publishJson(device, t.up('reply'), { mid: 'r-1', ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: 'done' });
    const push = json(await adminTasks.next((m) => json(m).taskId === sent.data.taskId));
    expect(push).toEqual({ code: 200, event: 'task', taskId: sent.data.taskId, terminalId: t.terminalId, cmd: 'light.close', state: 'succeeded', msg: 'done' });
    await app.services.push.publish('50rdcsm', { code: 200, marker: 'after' }, 'everyone');
    await belowTasks.next((m) => json(m).marker === 'after');
    expect(belowTasks.messages.filter((m) => json(m).event === 'task')).toEqual([]);
  });
});
