import type { AddressInfo } from 'node:net';
import { connect as tcpConnect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { pushPath, severityOf, type PushChannel } from '@sl/contracts';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { GatewayHandle } from '../src/gateway/ports.js';
import { seedDatabase } from '../src/seed/seed.js';
import { installationId } from '../src/system/installation/installation-service.js';
import { createRole, createUser } from './support/accounts.js';
import { connectPush, terminatePushSockets } from './support/push-client.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { bearer, LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

interface Server {
  app: FastifyInstance;
  base: string;
  signIn(username: string): Promise<{ token: string; userId: number; uniqueId: string }>;
}

/** The real app listening on a free port, on a shared database. */
async function startServer(database: Database, env: Record<string, string> = {}, gateway?: GatewayHandle): Promise<Server> {
  const config = loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused', ...env });
  const app = await buildApp({ config, database, gateway, throttle: LENIENT_THROTTLE });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const cipher = new PasswordCipher(config.PASSWORD_KEY);
  const signIn = async (username: string) => {
    const login = (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: cipher.encrypt('123456'), code: '', uuid: '' } })).json();
    if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
    const info = (await app.inject({ url: '/api/v1/getinfo', headers: bearer(login.data.token) })).json();
    return { token: login.data.token as string, userId: info.data.userId as number, uniqueId: info.data.uniqueId as string };
  };
  return { app, base: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`, signIn };
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

type Outcome = { status: number; body: Record<string, unknown> } | { closeCode: number; reason: string };

/** How the server turns a connection away: an HTTP answer instead of the upgrade, or a close right after it. */
function refusal(url: string): Promise<Outcome> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (req, res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: json(body) });
        req.destroy();
      });
    });
    ws.on('close', (closeCode, reason) => resolve({ closeCode, reason: reason.toString() }));
    ws.on('error', reject);
  });
}

async function raiseLeakage(client: MqttClient, t: TestTerminal, mid: string) {
  const ack = nextMessage(client, t.down('ack'), (m) => m.ref === mid);
  await publishJson(client, t.up('event'), { mid, ts: Date.now(), event: 'leakage', state: 'raised', value: 42.5, loop: 1, phase: 'a' });
  await ack;
}

async function reachable(port: number): Promise<boolean> {
  const socket = tcpConnect({ host: '127.0.0.1', port, timeout: 1000 });
  const up = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
  socket.destroy();
  return up;
}

afterAll(terminatePushSockets);

describe('push connections', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let server: Server;
  let admin: Awaited<ReturnType<Server['signIn']>>;
  const mqttClients: MqttClient[] = [];
  const url = (channel: PushChannel, who: { uniqueId: string; userId: number }, token?: string) =>
    `${server.base}${pushPath(channel, who.uniqueId, who.userId)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedDatabase(database.db, loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' }));
    gateway = await startTestGateway(database.db);
    server = await startServer(database, {}, gateway);
    admin = await server.signIn('admin');
    // Seeded tree: 1 → 2 → 5, 1 → 3. Scope 4 in dept 2 sees dept 5; scope 3 in dept 3 does not.
    await createUser(database.db, 'push-below', 2, [await createRole(database.db, 'push-scope4', { dataScope: '4', permissions: ['alarm:alarm:query'] })]);
    await createUser(database.db, 'push-other', 3, [await createRole(database.db, 'push-scope3', { dataScope: '3', permissions: ['alarm:alarm:query'] })]);
  });
  afterAll(async () => {
    await Promise.all(mqttClients.map((c) => c.endAsync(true)));
    await server?.app.close();
    await gateway?.close();
    await database?.close();
  });

  it('refuses the upgrade with 401 without a token, with a forged one, and 6401 with an expired one', async () => {
    expect(await refusal(url('alarm', admin))).toMatchObject({ status: 401, body: { code: 401 } });
    expect(await refusal(url('alarm', admin, 'not.a.jwt'))).toMatchObject({ status: 401, body: { code: 401 } });
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })({ sub: admin.userId, name: 'admin', jti: randomUUID(), iat: now - 7200, exp: now - 3600 });
    expect(await refusal(url('alarm', admin, expired))).toMatchObject({ status: 401, body: { code: 6401 } });
    expect(await refusal(url('notice', admin))).toMatchObject({ status: 401, body: { code: 401 } });
  });

  it('closes with 4403 a path naming another user or another uniqueId', async () => {
    const other = await server.signIn('push-other');
    expect(await refusal(url('alarm', { uniqueId: admin.uniqueId, userId: other.userId }, admin.token))).toEqual({ closeCode: 4403, reason: 'userId does not match the token' });
    expect(await refusal(url('alarm', { uniqueId: other.uniqueId, userId: admin.userId }, admin.token))).toEqual({ closeCode: 4403, reason: 'uniqueId does not match the token' });
    expect(await refusal(url('notice', other, admin.token))).toEqual({ closeCode: 4403, reason: 'uniqueId does not match the token' });
    expect(await refusal(`${server.base}/api/v1/ws/nope/${admin.uniqueId}/${admin.userId}?token=${admin.token}`)).toMatchObject({ status: 400 });
  });

  it('answers a text ping with pong and a JSON ping with a JSON pong', async () => {
    const c = await connectPush(url('msg', admin, admin.token));
    c.ws.send('ping');
    await c.next((m) => m === 'pong');
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(json(await c.next((m) => m.startsWith('{')))).toEqual({ type: 'pong' });
  });

  it('pushes a raised leakage alarm to the users whose scope holds the terminal, with their unread count', async () => {
    const below = await server.signIn('push-below');
    const other = await server.signIn('push-other');
    const [adminSocket, belowSocket, otherSocket, adminMsg] = await Promise.all([
      connectPush(url('alarm', admin, admin.token)),
      connectPush(url('alarm', below, below.token)),
      connectPush(url('alarm', other, other.token)),
      connectPush(url('msg', admin, admin.token)),
    ]);
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 1, deptId: 5 });
    const device = await connectTerminal(gateway.url, t);
    mqttClients.push(device);
    await raiseLeakage(device, t, 'push-1');

    const isAlarm = (m: string) => (json(m).data as Array<{ terminalName?: string }> | undefined)?.[0]?.terminalName === `terminal ${t.sn}`;
    for (const [who, socket] of [[admin, adminSocket], [below, belowSocket]] as const) {
      const push = json(await socket.next(isAlarm));
      const counter = (await server.app.inject({ url: '/api/v1/alarm/number', headers: bearer(who.token) })).json();
      expect(push).toEqual({
        code: 200,
        alarmCount: counter.data.open,
        data: [{ sortId: expect.any(Number), terminalName: `terminal ${t.sn}`, alarmMsg: expect.any(String), sendUserId: 'systemUser', status: 1, event: 'raise', severity: severityOf('leakage') }],
      });
      expect(push.alarmCount).toBeGreaterThan(0);
      const alarm = (await server.app.inject({ url: `/api/v1/alarm/info/${(push.data as Array<{ sortId: number }>)[0].sortId}`, headers: bearer(admin.token) })).json();
      expect(alarm.data).toMatchObject({ kind: 'leakage', message: (push.data as Array<{ alarmMsg: string }>)[0].alarmMsg });
    }
    // A later push to everyone on the channel overtakes nothing: when it arrives, the alarm would have too.
    await server.app.services.push.publish('alarm', { code: 200, marker: 'after' }, 'everyone');
    await otherSocket.next((m) => json(m).marker === 'after');
    expect(otherSocket.messages.filter(isAlarm)).toEqual([]);
    await adminMsg.next((m) => m === 'never', 200).catch(() => undefined);
    expect(adminMsg.messages.filter(isAlarm)).toEqual([]);
  });

  it('delivers a notice pushed through services.push to the user on the notice channel', async () => {
    const c = await connectPush(url('notice', admin, admin.token));
    const notice = { code: 200, data: [{ id: 7, sendTitle: 'Outage', sendUserId: 'noticeData' }] };
    await server.app.services.push.publish('notice', notice, [admin.userId]);
    expect(json(await c.next((m) => m.includes('Outage')))).toEqual(notice);
  });
});

const redisUp = await reachable(6379);
if (!redisUp) console.warn(`Redis at ${REDIS_URL} is not reachable: the push scale-out test is skipped.`);

describe.skipIf(!redisUp)('push scale-out over Redis', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let withGateway: Server;
  let withBrowser: Server;
  let device: MqttClient | undefined;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedDatabase(database.db, loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' }));
    gateway = await startTestGateway(database.db);
    withGateway = await startServer(database, { REDIS_URL }, gateway);
    withBrowser = await startServer(database, { REDIS_URL });
    await Promise.all([withGateway.app.services.push.start(), withBrowser.app.services.push.start()]);
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await withGateway?.app.close();
    await withBrowser?.app.close();
    await gateway?.close();
    await database?.close();
  });

  it('delivers an alarm raised on one instance to a browser connected to another', async () => {
    const admin = await withBrowser.signIn('admin');
    const socket = await connectPush(`${withBrowser.base}${pushPath('alarm', admin.uniqueId, admin.userId)}?token=${admin.token}`);
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 1, deptId: 2 });
    device = await connectTerminal(gateway.url, t);
    await raiseLeakage(device, t, 'redis-1');
    const push = json(await socket.next((m) => m.includes(`terminal ${t.sn}`)));
    expect(push).toMatchObject({ code: 200, alarmCount: expect.any(Number), data: [{ terminalName: `terminal ${t.sn}`, sendUserId: 'systemUser' }] });
    expect(withGateway.app.services.push.count()).toBe(0);
    expect(withBrowser.app.services.push.count('alarm')).toBe(1);
  });

  it('delivers a message published by one hub to a socket held by the other', async () => {
    const admin = await withBrowser.signIn('admin');
    const socket = await connectPush(`${withBrowser.base}${pushPath('notice', admin.uniqueId, admin.userId)}?token=${admin.token}`);
    const tag = randomUUID();
    await withGateway.app.services.push.publish('notice', { code: 200, tag, data: [{ sendUserId: 'noticeData' }] }, [admin.userId]);
    expect(json(await socket.next((m) => m.includes(tag)))).toMatchObject({ code: 200, tag });
  });
});

describe.skipIf(!redisUp)('two installations on one Redis server', () => {
  // Two deployments, each with its own database (so its own installation id) and both on Redis db 0.
  const installations: Array<{ database: Database; server: Server }> = [];
  let watcher: Redis | undefined;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await openTestDatabase('pglite');
      await seedDatabase(database.db, loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' }));
      const server = await startServer(database, { REDIS_URL });
      await server.app.services.push.start();
      installations.push({ database, server });
    }
  });
  afterAll(async () => {
    watcher?.disconnect();
    for (const { server, database } of installations) {
      await server.app.close();
      await database.close();
    }
  });

  it("keeps each installation's pushes on its own channel: the same user id in the other receives none", async () => {
    const [one, two] = installations;
    const ids = await Promise.all(installations.map((i) => installationId({}, i.database.db)));
    expect(ids[0]).not.toBe(ids[1]);
    // What goes over Redis, seen by a client of neither installation.
    watcher = new Redis(REDIS_URL);
    const seen: Array<{ channel: string; tag: unknown }> = [];
    watcher.on('pmessage', (_pattern: string, channel: string, raw: string) => seen.push({ channel, tag: (JSON.parse(raw) as { message: { tag?: unknown } }).message.tag }));
    await watcher.psubscribe('sl:*');

    const admins = await Promise.all([one.server.signIn('admin'), two.server.signIn('admin')]);
    // Both seeded alike: without the prefix, a push to the first one's admin would reach the second's too.
    expect(admins[0].userId).toBe(admins[1].userId);
    const sockets = await Promise.all(
      installations.map(({ server }, i) => connectPush(`${server.base}${pushPath('notice', admins[i].uniqueId, admins[i].userId)}?token=${admins[i].token}`)),
    );
    const tags: string[] = [randomUUID(), randomUUID()];
    // In order: Redis hands out the first publish before the second, so the second installation would see both.
    await one.server.app.services.push.publish('notice', { code: 200, tag: tags[0], data: [{ sendUserId: 'noticeData' }] }, [admins[0].userId]);
    await two.server.app.services.push.publish('notice', { code: 200, tag: tags[1], data: [{ sendUserId: 'noticeData' }] }, [admins[1].userId]);

    expect(json(await sockets[1].next((m) => m.includes(tags[1])))).toMatchObject({ tag: tags[1] });
    expect(json(await sockets[0].next((m) => m.includes(tags[0])))).toMatchObject({ tag: tags[0] });
    expect(sockets[1].messages.filter((m) => m.includes(tags[0]))).toEqual([]);
    expect(sockets[0].messages.filter((m) => m.includes(tags[1]))).toEqual([]);
    const ours = () => seen.filter((s) => tags.includes(s.tag as string));
    await waitFor(() => ours().length >= 2, 5000, 'both pushes seen on Redis');
    expect(ours()).toEqual([
      { channel: `sl:${ids[0]}:push`, tag: tags[0] },
      { channel: `sl:${ids[1]}:push`, tag: tags[1] },
    ]);
  });
});
