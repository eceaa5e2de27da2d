import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { heartbeats, terminals } from '../src/db/schema/index.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, randomSn, startTestGateway, waitFor } from './support/gateway.js';

describe('gateway security and bad input', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    gateway = await startTestGateway(database.db);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  const refused = (username: string, password: string) =>
    mqtt.connectAsync(gateway.url, { clientId: username, username, password, reconnectPeriod: 0, connectTimeout: 3000 }).then(
      (c) => (c.end(true), 'connected'),
      (err: Error & { code?: number }) => err.code ?? err.message,
    );

  it('refuses a wrong password, an unknown terminal and a scrapped one at CONNACK', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const scrapped = await insertTerminal(database.db, { family: 'rdcsm', model: 2, status: 5 });
    expect(await refused(`rdcsm:${t.sn}`, 'wrong-secret')).toBe(5);
    expect(await refused(`rdcsm:${randomSn()}`, t.secret)).toBe(5);
    expect(await refused(`rdcsm:${scrapped.sn}`, scrapped.secret)).toBe(5);
    expect(await refused(`rdc4m:${t.sn}`, t.secret)).toBe(5); // right sn, wrong family
    expect(await refused(`rdcsm:${t.sn}`, t.secret)).toBe('connected');
  });

  it("refuses publishing to another terminal's topic and subscribing to its down topics", async () => {
    const mine = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const other = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const before = gateway.stats().rejected.unauthorized;
    const client = await connectTerminal(gateway.url, mine);
    clients.push(client);
    // SUBACK 0x80: mqtt.js turns the refused grant into an error; the connection stays up.
    await expect(client.subscribeAsync(other.down('command'), { qos: 1 })).rejects.toThrow(/subscribe error/i);
    expect(client.connected).toBe(true);
    await client.publishAsync(other.up('heartbeat'), JSON.stringify(lampHeartbeat('spoof-1')), { qos: 0 });
    await waitFor(() => gateway.stats().rejected.unauthorized >= before + 2, 3000, 'unauthorized count');
    const rows = await database.db.select().from(heartbeats).where(eq(heartbeats.terminalId, other.terminalId));
    expect(rows).toHaveLength(0);
  });

  it('drops and counts garbage, and keeps serving the other terminals', async () => {
    const { db } = database;
    const bad = await insertTerminal(db, { family: 'rdcsm', model: 2 });
    const good = await insertTerminal(db, { family: 'rdc4m', model: 2 });
    const badClient = await connectTerminal(gateway.url, bad);
    const goodClient = await connectTerminal(gateway.url, good);
    clients.push(badClient, goodClient);
    const before = gateway.stats();

    await badClient.publishAsync(bad.up('heartbeat'), '{"mid": "x1", "ts": ', { qos: 1 });
    await publishJson(badClient, bad.up('heartbeat'), { ...lampHeartbeat('x2'), voltage: 'high' });
    await publishJson(badClient, bad.up('event'), { mid: 'x3', ts: Date.now(), event: 'meteorStrike', state: 'raised' });
    await publishJson(badClient, `sl/rdcsm/${bad.sn}/up/gossip`, { mid: 'x4', ts: Date.now() });
    await waitFor(() => {
      const r = gateway.stats().rejected;
      return r.badJson > before.rejected.badJson && r.badSchema >= before.rejected.badSchema + 2 && r.badTopic > before.rejected.badTopic;
    }, 3000, 'rejection counts');
    // 1 MB: refused by the broker, which closes that connection.
    badClient.publish(bad.up('heartbeat'), Buffer.alloc(1024 * 1024, 'x'), { qos: 0 });
    await waitFor(() => gateway.stats().rejected.tooLarge > before.rejected.tooLarge, 5000, 'tooLarge count');

    const ack = nextMessage(goodClient, good.down('ack'), (m) => m.ref === 'ok-1');
    await publishJson(goodClient, good.up('heartbeat'), lampHeartbeat('ok-1'));
    await ack;
    expect(await db.select().from(heartbeats).where(eq(heartbeats.terminalId, good.terminalId))).toHaveLength(1);
    expect(await db.select().from(heartbeats).where(eq(heartbeats.terminalId, bad.terminalId))).toHaveLength(0);
    expect(gateway.stats().received).toBeGreaterThan(before.received);
  });

  it('counts a message from a terminal that is not registered', async () => {
    const before = gateway.stats().rejected.unknownTerminal;
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    await database.db.delete(terminals).where(eq(terminals.terminalId, t.terminalId));
    gateway.invalidateTerminal(t.terminalId);
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('gone-1'));
    await waitFor(() => gateway.stats().rejected.unknownTerminal > before, 3000, 'unknownTerminal count');
  });
});
