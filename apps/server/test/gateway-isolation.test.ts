import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { alarms, deviceEvents, heartbeats } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import {
  captureLog, connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal,
} from './support/gateway.js';

/** Every ack a terminal receives, by the mid it acknowledges. */
function ackedRefs(client: MqttClient, t: TestTerminal): Set<string> {
  const refs = new Set<string>();
  client.on('message', (topic, payload) => {
    if (topic === t.down('ack')) refs.add((JSON.parse(payload.toString()) as { ref: string }).ref);
  });
  return refs;
}

describeEachEngine('gateway isolates one terminal’s unstorable readings', (engine) => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const log = captureLog();
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    gateway = await startTestGateway(database.db, {}, { log, engine });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  const connect = async (t: TestTerminal) => {
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    return { client, acked: ackedRefs(client, t) };
  };

  it('stores and acknowledges every good reading while the database refuses another terminal’s, and counts each refused one', async () => {
    const { db } = database;
    // A value the schema lets through but the database refuses: here a check constraint stands for any such value.
    await db.execute(sql`alter table heartbeat add constraint isolation_probe check (voltage_a is distinct from 666)`);
    try {
      const bad = await insertTerminal(db, { family: 'rdcsm', model: 2 });
      const good = await Promise.all([1, 2, 3, 4].map(() => insertTerminal(db, { family: 'rdc4m', model: 2 })));
      const badLink = await connect(bad);
      const goodLinks = await Promise.all(good.map(connect));
      const before = gateway.stats();

      const n = 10;
      await Promise.all([
        ...Array.from({ length: n }, (_, i) => publishJson(badLink.client, bad.up('heartbeat'), lampHeartbeat(`bad-${i}`, 666))),
        ...goodLinks.flatMap(({ client }, g) =>
          Array.from({ length: n }, (_, i) => publishJson(client, good[g].up('heartbeat'), lampHeartbeat(`good-${i}`, 230)))),
      ]);
      await waitFor(() => goodLinks.every((l) => l.acked.size === n), 10_000, 'every good reading acknowledged');
      await waitFor(() => gateway.stats().rejected.unstorable - before.rejected.unstorable === n, 10_000, 'every bad reading counted');

      for (const t of good) expect(await db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId))).toHaveLength(n);
      expect(await db.select().from(heartbeats).where(eq(heartbeats.terminalId, bad.terminalId))).toHaveLength(0);
      expect(badLink.acked.size).toBe(0);
      const after = gateway.stats();
      expect(after.batchFailures - before.batchFailures).toBeGreaterThanOrEqual(1);
      expect(after.batchFailures - before.batchFailures).toBeLessThanOrEqual(n);
      expect(after.stored - before.stored).toBe(4 * n);

      // Logged once per refused reading, with the terminal and the database's reason.
      const refusals = log.entries.filter((e) => e.obj.reason === 'unstorable' && e.level === 'warn');
      expect(refusals).toHaveLength(n);
      expect(refusals[0].obj).toMatchObject({ sn: bad.sn, terminalId: bad.terminalId, kind: 'heartbeat', sqlState: '23514' });

      // A resend of a refused reading is refused again without another write, and still not acknowledged.
      await publishJson(badLink.client, bad.up('heartbeat'), lampHeartbeat('bad-0', 666));
      await waitFor(() => gateway.stats().rejected.unstorable - before.rejected.unstorable === n + 1, 5000, 'the resend refused');
      expect(gateway.stats().batchFailures).toBe(after.batchFailures);
      expect(badLink.acked.size).toBe(0);
    } finally {
      await db.execute(sql`alter table heartbeat drop constraint isolation_probe`);
    }
  });

  it('keeps values a 32-bit real cannot hold away from the database: tiny ones stored as 0, huge ones refused', async () => {
    const { db } = database;
    const odd = await insertTerminal(db, { family: 'rdcsm', model: 2 });
    const good = await insertTerminal(db, { family: 'rdc4m', model: 2 });
    const oddLink = await connect(odd);
    const goodLink = await connect(good);
    const before = gateway.stats();

    const tinyAck = nextMessage(oddLink.client, odd.down('ack'), (m) => m.ref === 'tiny-1');
    await publishJson(oddLink.client, odd.up('heartbeat'), { ...lampHeartbeat('tiny-1', 1e-50), current: 1e-45, powerFactor: -1e-39 });
    await tinyAck;
    const [tiny] = await db.select().from(heartbeats).where(eq(heartbeats.terminalId, odd.terminalId));
    expect(tiny).toMatchObject({ voltageA: 0, currentA: 0, powerFactor: 0 });

    const eventAck = nextMessage(oddLink.client, odd.down('ack'), (m) => m.ref === 'ev-tiny');
    await publishJson(oddLink.client, odd.up('event'), { mid: 'ev-tiny', ts: Date.now(), event: 'leakage', state: 'raised', value: 1e-50 });
    await eventAck;
    await publishJson(oddLink.client, odd.up('event'), { mid: 'ev-huge', ts: Date.now(), event: 'currentHigh', state: 'raised', value: 1e39 });
    // PostgreSQL refuses \u0000 in text: refused by the schema instead of failing the hello batch.
    await publishJson(oddLink.client, odd.up('hello'), { mid: 'h-nul', ts: Date.now(), model: 2, firmware: '4.2\u0000' });
    await waitFor(() => gateway.stats().rejected.badSchema === before.rejected.badSchema + 2, 5000, 'the huge value and the NUL refused');

    const goodAck = nextMessage(goodLink.client, good.down('ack'), (m) => m.ref === 'fine-1');
    await publishJson(goodLink.client, good.up('heartbeat'), lampHeartbeat('fine-1'));
    await goodAck;

    const events = await db.select().from(deviceEvents).where(eq(deviceEvents.terminalId, odd.terminalId));
    expect(events.map((e) => [e.mid, e.value])).toEqual([['ev-tiny', 0]]);
    const raised = await waitFor(async () => (await db.select().from(alarms).where(eq(alarms.terminalId, odd.terminalId)))[0], 3000, 'leakage alarm');
    expect(raised).toMatchObject({ kind: 'leakage', value: 0 });
    expect(oddLink.acked.has('ev-huge') || oddLink.acked.has('h-nul')).toBe(false);
    expect(gateway.stats().batchFailures).toBe(before.batchFailures);
  });
});
