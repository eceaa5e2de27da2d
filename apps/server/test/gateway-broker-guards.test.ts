import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { openTestDatabase } from './support/engines.js';
import { captureLog, connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, randomSn, startTestGateway, waitFor } from './support/gateway.js';

describe('embedded broker guards', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const log = captureLog();
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    gateway = await startTestGateway(database.db, {}, { log });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  const attempt = (opts: mqtt.IClientOptions) =>
    mqtt.connectAsync(gateway.url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts }).then(
      (c) => (c.end(true), 'connected'),
      (err: Error & { code?: number }) => err.code ?? err.message,
    );

  it('refuses a retained publish from a terminal before aedes could keep it: counted, not stored, the connection closed', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const before = gateway.stats().rejected.retained;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(t.up('heartbeat'), JSON.stringify(lampHeartbeat('kept-1')), { qos: 1, retain: true });
    await closed;
    await waitFor(() => gateway.stats().rejected.retained === before + 1, 3000, 'retained count');
    expect(await database.db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId))).toHaveLength(0);
    expect(log.entries.some((e) => e.obj.reason === 'retained' && e.obj.topic === t.up('heartbeat'))).toBe(true);

    // The same message without the flag is stored and acknowledged as usual.
    const again = await connectTerminal(gateway.url, t);
    clients.push(again);
    const ack = nextMessage(again, t.down('ack'), (m) => m.ref === 'kept-1');
    await publishJson(again, t.up('heartbeat'), lampHeartbeat('kept-1'));
    await ack;
  });

  it('logs and counts every refused sign-in by reason, with client id and username but never the password', async () => {
    const db = database.db;
    const t = await insertTerminal(db, { family: 'rdcsm', model: 2 });
    const scrapped = await insertTerminal(db, { family: 'rdc4m', model: 2, status: 5 });
    const unregistered = await insertTerminal(db, { family: 'rdc4m', model: 2 });
    await db.execute(`update terminal set secret_hash = '' where terminal_id = ${unregistered.terminalId}`);
    const id = `rdcsm:${t.sn}`;
    const ghost = `rdcsm:${randomSn()}`;
    const before = gateway.stats().authRefused;
    const wrong = 'wrong-secret-7f3a';

    expect(await attempt({ clientId: id, username: id, password: wrong })).toBe(5);
    expect(await attempt({ clientId: ghost, username: ghost, password: t.secret })).toBe(5);
    expect(await attempt({ clientId: 'someone-else', username: id, password: t.secret })).toBe(5);
    expect(await attempt({ clientId: 'admin', username: 'admin', password: wrong })).toBe(5);
    const sid = `rdc4m:${scrapped.sn}`;
    expect(await attempt({ clientId: sid, username: sid, password: scrapped.secret })).toBe(5);
    const uid = `rdc4m:${unregistered.sn}`;
    expect(await attempt({ clientId: uid, username: uid, password: unregistered.secret })).toBe(5);
    expect(await attempt({ clientId: id, username: id, password: t.secret })).toBe('connected');

    const after = gateway.stats().authRefused;
    const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
    expect(delta).toEqual({
      badCredentials: 1, unknownTerminal: 1, clientIdMismatch: 1, badUsername: 1, scrapped: 1, unregistered: 1, unavailable: 0,
      badProtocol: 0, badClientId: 0, tooLarge: 0, throttled: 0,
    });

    const refusals = log.entries.filter((e) => e.msg === 'mqtt sign-in refused');
    expect(refusals.find((e) => e.obj.reason === 'badCredentials')?.obj).toMatchObject({ clientId: id, username: id });
    expect(refusals.find((e) => e.obj.reason === 'clientIdMismatch')?.obj).toMatchObject({ clientId: 'someone-else', username: id });
    expect(refusals.find((e) => e.obj.reason === 'unknownTerminal')?.obj).toMatchObject({ clientId: ghost });
    const written = JSON.stringify(log.entries);
    for (const secret of [wrong, t.secret, scrapped.secret, unregistered.secret]) expect(written).not.toContain(secret);
  });

  it('answers an MQTT 5 client with "unacceptable protocol version": the embedded broker speaks 3.1.1 (protocol §2)', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const id = `rdcsm:${t.sn}`;
    expect(await attempt({ clientId: id, username: id, password: t.secret, protocolVersion: 5 })).toBe(1);
    expect(await attempt({ clientId: id, username: id, password: t.secret, protocolVersion: 4 })).toBe('connected');
  });
});
