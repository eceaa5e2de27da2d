import { connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TaskState, type CommandMessage } from '@sl/contracts';
import type { Database } from '../src/db/client.js';
import { deviceEvents, heartbeats, terminalCommands } from '../src/db/schema/index.js';
import { toHeartbeatRecord } from '../src/gateway/heartbeat-row.js';
import { ReadingRepository } from '../src/gateway/reading-repository.js';
import { SignInThrottle } from '../src/gateway/sign-in-throttle.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import {
  captureLog, connectTerminal, freePort, insertTerminal, lampHeartbeat, nextMessage, publishJson, randomSn, startTestGateway, waitFor, type TestTerminal,
} from './support/gateway.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Issue 26, items 5 to 10: what the gateway refuses from terminals and from anyone reaching its port. */
describeEachEngine('gateway input guards', (engine) => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const log = captureLog();
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // A skew of 2 minutes (default 10), to show the setting is read.
    gateway = await startTestGateway(database.db, { DEVICE_CLOCK_SKEW_S: '120' }, { log, engine });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  const terminal = async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    return { t, client };
  };
  const rowsOf = (t: TestTerminal) => database.db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId));
  const stored = async (client: MqttClient, t: TestTerminal, body: { mid: string; ts: number; [field: string]: unknown }) => {
    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === body.mid);
    await publishJson(client, t.up('heartbeat'), body);
    await ack;
  };

  it('refuses readings stamped beyond the clock skew or older than their retention, as badTimestamp, and stores none', async () => {
    const { t, client } = await terminal();
    const before = gateway.stats().rejected.badTimestamp;
    const now = Date.now();
    await publishJson(client, t.up('heartbeat'), { ...lampHeartbeat('ts-2100'), ts: Date.UTC(2100, 0, 1) });
    await publishJson(client, t.up('heartbeat'), { ...lampHeartbeat('ts-ahead'), ts: now + 10 * MINUTE });
    await publishJson(client, t.up('heartbeat'), { ...lampHeartbeat('ts-old'), ts: now - 91 * DAY }); // retention 90 days
    await publishJson(client, t.up('event'), { mid: 'ev-2100', ts: Date.UTC(2100, 0, 1), event: 'leakage', state: 'raised', value: 40 });
    await waitFor(() => gateway.stats().rejected.badTimestamp === before + 4, 5000, 'four badTimestamp refusals');
    // Within the skew (a clock a minute fast) and within retention: stored as usual.
    await stored(client, t, { ...lampHeartbeat('ts-fast'), ts: now + MINUTE });
    await stored(client, t, { ...lampHeartbeat('ts-late'), ts: now - 30 * DAY });
    expect((await rowsOf(t)).map((r) => r.mid).sort()).toEqual(['ts-fast', 'ts-late']);
    expect(await database.db.select().from(deviceEvents).where(eq(deviceEvents.terminalId, t.terminalId))).toHaveLength(0);
    const refusals = log.entries.filter((e) => e.obj.reason === 'badTimestamp' && e.obj.sn === t.sn);
    expect(refusals.map((e) => [e.obj.mid, e.obj.problem])).toEqual(
      expect.arrayContaining([['ts-2100', 'future'], ['ts-ahead', 'future'], ['ts-old', 'pastRetention'], ['ev-2100', 'future']]),
    );
  });

  it('drops a repeated mid stamped with another time: one row, every copy acknowledged', async () => {
    const { t, client } = await terminal();
    const first = lampHeartbeat('same-mid');
    await stored(client, t, first);
    await stored(client, t, { ...first, ts: first.ts + 1000 });
    await stored(client, t, { ...first, ts: first.ts - 5 * MINUTE, voltage: 200 });
    // Two copies in one batch too.
    const twice = lampHeartbeat('same-batch');
    const acks = nextMessage(client, t.down('ack'), (m) => m.ref === 'same-batch');
    client.publish(t.up('heartbeat'), JSON.stringify(twice), { qos: 1 });
    client.publish(t.up('heartbeat'), JSON.stringify({ ...twice, ts: twice.ts - 2000 }), { qos: 1 });
    await acks;
    await waitFor(async () => (await rowsOf(t)).some((r) => r.mid === 'same-batch'), 3000, 'same-batch stored');
    const rows = await rowsOf(t);
    expect(rows.map((r) => [r.mid, r.ts.getTime()]).sort()).toEqual([['same-batch', twice.ts], ['same-mid', first.ts]].sort());
    // One batch holding a mid twice (the external broker hands the gateway many messages at once): written once.
    const batch = [lampHeartbeat('in-one-batch'), { ...lampHeartbeat('in-one-batch'), ts: Date.now() - 7000 }, { ...first, ts: first.ts - 3000 }];
    const fresh = await new ReadingRepository(database.db).insertHeartbeats(batch.map((m) => toHeartbeatRecord(t.terminalId, m as Parameters<typeof toHeartbeatRecord>[1])));
    expect(fresh).toEqual([true, false, false]);
    expect((await rowsOf(t)).map((r) => r.mid).sort()).toEqual(['in-one-batch', 'same-batch', 'same-mid']);

    const event = { mid: 'ev-same', ts: Date.now(), event: 'lampFailure', state: 'raised' };
    for (const ts of [event.ts, event.ts + 3000]) {
      const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'ev-same');
      await publishJson(client, t.up('event'), { ...event, ts });
      await ack;
    }
    const events = await database.db.select().from(deviceEvents).where(eq(deviceEvents.terminalId, t.terminalId));
    expect(events.map((e) => e.ts.getTime())).toEqual([event.ts]);
  });

  it('refuses a command reply whose data holds \\u0000 or a lone surrogate as badJson, and fails its task at once', async () => {
    const { t, client } = await terminal();
    for (const [i, bad] of ['"a\\u0000b"', '"\\ud800"', '{"\\udc00x":1}'].entries()) {
      const before = gateway.stats().rejected.badJson;
      const arrived = nextMessage<CommandMessage>(client, t.down('command'));
      const sent = await gateway.commands.send(t.terminalId, 'light.open', {});
      const cmd = await arrived;
      await client.publishAsync(t.up('reply'), `{"mid":"bad-r-${i}","ts":${Date.now()},"ref":"${cmd.mid}","ok":true,"code":0,"data":{"s":${bad}}}`, { qos: 1 });
      const task = await waitFor(async () => {
        const [row] = await database.db.select().from(terminalCommands).where(eq(terminalCommands.id, sent.taskId));
        return row.state !== TaskState.pending && row;
      }, 5000, 'task settled');
      expect(task).toMatchObject({ state: TaskState.failed, replyCode: 0, replyData: null });
      expect(task.replyMsg).toMatch(/refused/);
      expect(gateway.stats().rejected.badJson).toBe(before + 1);
    }
    expect(log.entries.filter((e) => e.level === 'error' && e.obj.topic === t.up('reply'))).toEqual([]);
  });

  it('refuses a packet over 20 KiB while reading its header, from a signed-in terminal and before any sign-in', async () => {
    const { t } = await terminal();
    const before = gateway.stats();
    // Signed in, then a PUBLISH whose header announces 100 MiB: the server closes the socket after a few bytes.
    const signedIn = await rawSocket(gateway.url);
    const id = `${t.family}:${t.sn}`;
    signedIn.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: id, username: id, password: Buffer.from(t.secret), clean: true, keepalive: 60 }));
    await waitFor(() => signedIn.bytesRead >= 4, 3000, 'CONNACK');
    signedIn.write(Buffer.concat([hugeHeader(0x32), Buffer.alloc(512, 0x61)]));
    await closed(signedIn);
    await waitFor(() => gateway.stats().rejected.tooLarge === before.rejected.tooLarge + 1, 3000, 'tooLarge message');

    // Nobody signed in: a CONNECT announcing 100 MiB.
    const anonymous = await rawSocket(gateway.url);
    anonymous.write(Buffer.concat([hugeHeader(0x10), Buffer.alloc(512, 0x61)]));
    await closed(anonymous);
    await waitFor(() => gateway.stats().authRefused.tooLarge === before.authRefused.tooLarge + 1, 3000, 'tooLarge connection');
    expect(log.entries.some((e) => e.msg === 'mqtt sign-in refused' && e.obj.reason === 'tooLarge' && e.obj.address)).toBe(true);

    // A terminal's payload just above 16 KiB still closes its connection, counted as before.
    const { t: other, client } = await terminal();
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(other.up('heartbeat'), JSON.stringify({ ...lampHeartbeat('big'), pad: 'x'.repeat(17 * 1024) }), { qos: 1 });
    await gone;
    await waitFor(() => gateway.stats().rejected.tooLarge === before.rejected.tooLarge + 2, 3000, 'tooLarge payload');
  });

  it('counts and logs connections refused before sign-in: MQTT 5, and an MQTT 3.1 client id over 23 characters', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const id = `rdcsm:${t.sn}`;
    const before = gateway.stats().authRefused;
    expect(await attempt(gateway.url, { clientId: id, username: id, password: t.secret, protocolVersion: 5 })).toBe(1);
    const longId = `rdcsm:${randomSn()}-and-more-than-23`;
    expect(await attempt(gateway.url, { clientId: longId, username: longId, password: t.secret, protocolVersion: 3, protocolId: 'MQIsdp' })).toBe(2);
    const after = gateway.stats().authRefused;
    expect([after.badProtocol - before.badProtocol, after.badClientId - before.badClientId]).toEqual([1, 1]);
    const refusals = log.entries.filter((e) => e.msg === 'mqtt sign-in refused');
    expect(refusals.find((e) => e.obj.reason === 'badProtocol')?.obj).toMatchObject({ clientId: id, username: id, address: expect.stringMatching(/127\.0\.0\.1/) });
    expect(refusals.find((e) => e.obj.reason === 'badClientId')?.obj).toMatchObject({ clientId: longId });
  });

  it('binds the embedded broker to HOST only', async () => {
    const port = await freePort();
    const local = await startTestGateway(database.db, { HOST: '127.0.0.2', MQTT_PORT: String(port) }, { engine });
    try {
      const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
      const id = `rdcsm:${t.sn}`;
      expect(local.deviceUrl).toBe(`mqtt://127.0.0.2:${port}`);
      expect(await attempt(`mqtt://127.0.0.2:${port}`, { clientId: id, username: id, password: t.secret })).toBe('connected');
      expect(await attempt(`mqtt://127.0.0.1:${port}`, { clientId: id, username: id, password: t.secret })).toMatch(/ECONNREFUSED/);
    } finally {
      await local.close();
    }
  });

  it('throttles wrong secrets per client id and per address: at most the limit is checked, however many arrive at once', async () => {
    let now = Date.parse('2026-03-01T08:00:00Z');
    const rule = (limit: number) => ({ limit, windowMs: 5 * MINUTE, lockMs: 5 * MINUTE });
    const throttleLog = captureLog();
    const guarded = await startTestGateway(database.db, {}, { engine, log: throttleLog, signInThrottle: new SignInThrottle({ clientId: rule(3), address: rule(8) }, () => now) });
    try {
      const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
      const id = `rdcsm:${t.sn}`;
      // 20 wrong secrets at once: 3 are checked, the other 17 refused unchecked; then the right one is refused too.
      const burst = await Promise.all(Array.from({ length: 20 }, () => attempt(guarded.url, { clientId: id, username: id, password: 'wrong-secret' })));
      expect(burst.every((r) => r === 5)).toBe(true);
      expect(guarded.stats().authRefused).toMatchObject({ badCredentials: 3, throttled: 17 });
      expect(await attempt(guarded.url, { clientId: id, username: id, password: t.secret })).toBe(5);
      expect(throttleLog.entries.filter((e) => e.msg === 'mqtt sign-ins throttled').map((e) => e.obj.key)).toEqual([`id:${id}`]);

      // Other client ids from the same address: 5 more failures fill the address's 8, which then locks every client id there.
      for (let i = 0; i < 5; i++) {
        const ghost = `rdcsm:${randomSn()}`;
        expect(await attempt(guarded.url, { clientId: ghost, username: ghost, password: 'guess' })).toBe(5);
      }
      const other = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
      const otherId = `rdcsm:${other.sn}`;
      expect(await attempt(guarded.url, { clientId: otherId, username: otherId, password: other.secret })).toBe(5);
      expect(guarded.stats().authRefused).toMatchObject({ unknownTerminal: 5, throttled: 19 });

      // Once the locks end, the right secrets sign in.
      now += 5 * MINUTE + 1;
      expect(await attempt(guarded.url, { clientId: id, username: id, password: t.secret })).toBe('connected');
      expect(await attempt(guarded.url, { clientId: otherId, username: otherId, password: other.secret })).toBe('connected');
      // A right secret takes its attempt back: a terminal that reconnects often is never locked.
      for (let i = 0; i < 5; i++) expect(await attempt(guarded.url, { clientId: id, username: id, password: t.secret })).toBe('connected');
    } finally {
      await guarded.close();
    }
  });
});

const attempt = (url: string, opts: mqtt.IClientOptions) =>
  mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts }).then(
    (c) => (c.end(true), 'connected'),
    (err: Error & { code?: number | string }) => err.code ?? err.message,
  );

/** A fixed header announcing a 100 MiB packet (`first`: the packet type byte). */
function hugeHeader(first: number) {
  const bytes = [first];
  let n = 100 * 1024 * 1024;
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    bytes.push(b);
  } while (n > 0);
  return Buffer.from(bytes);
}

function rawSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
    socket.on('data', () => undefined);
  });
}

/** Resolves when the server closes the socket; rejects when it keeps it open (waiting for the rest of the packet). */
const closed = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.on('error', () => undefined);
    if (socket.destroyed) return resolve();
    const timer = setTimeout(() => (socket.destroy(), reject(new Error('the server kept the connection open'))), 5000);
    socket.once('close', () => (clearTimeout(timer), resolve()));
  });
