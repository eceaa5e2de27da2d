import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { heartbeats, terminalLogs, terminals } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { cabinetHeartbeat, connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, waitFor } from './support/gateway.js';

describeEachEngine('gateway ingest', (engine) => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    gateway = await startTestGateway(database.db);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync()));
    await gateway?.close();
    await database?.close();
  });

  it('stores hello and heartbeat before acknowledging them, and marks the terminal online', async () => {
    const { db } = database;
    const t = await insertTerminal(db, { family: 'rdc4m', model: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);

    const helloAck = nextMessage(client, t.down('ack'), (m) => m.ref === 'h-1');
    await publishJson(client, t.up('hello'), { mid: 'h-1', ts: Date.now(), model: 1, firmware: '4.2.0', imsi: '460001234567890', loops: 4, phases: 3, heartbeatS: 30 });
    await helloAck;
    const [afterHello] = await db.select().from(terminals).where(eq(terminals.terminalId, t.terminalId));
    expect(afterHello).toMatchObject({ firmware: '4.2.0', imsi: '460001234567890', loops: 4, phases: 3, heartbeatS: 30 });

    const ack = nextMessage<{ mid: string; ts: number; ref: string }>(client, t.down('ack'), (m) => m.ref === 'hb-1');
    await publishJson(client, t.up('heartbeat'), cabinetHeartbeat('hb-1'));
    const received = await ack;
    // The row must already be there the moment the ack arrives.
    const rows = await db.select().from(heartbeats).where(and(eq(heartbeats.terminalId, t.terminalId), eq(heartbeats.mid, 'hb-1')));
    expect(rows).toHaveLength(1);
    expect(received.mid).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    expect(rows[0]).toMatchObject({ model: 1, voltageA: expect.closeTo(229.8, 3), voltageC: expect.closeTo(228.9, 3), currentB: expect.closeTo(11.7, 3), leakageMa: expect.closeTo(4.2, 3), on: true });
    expect(rows[0].powerFactor).toBeCloseTo((0.97 + 0.96 + 0.97) / 3, 3);
    expect(rows[0].extra).toMatchObject({ door: 'closed', lock: 'locked', mode: 'auto' });

    // The heartbeat's lock reading reaches the terminal row in the next online-state batch.
    const row = await waitFor(async () => {
      const [r] = await db.select().from(terminals).where(eq(terminals.terminalId, t.terminalId));
      return r.onlineState === 1 && r.locked && r;
    }, 3000, 'online and locked');
    expect(row.lastSeenAt).not.toBeNull();
    // The batch logs the lock and status changes a statement after the row: a reader may see the row first.
    const logsOf = (kind: string) => db.select().from(terminalLogs).where(and(eq(terminalLogs.terminalId, t.terminalId), eq(terminalLogs.kind, kind)));
    const statusLogs = await waitFor(async () => {
      const logs = await logsOf('status');
      return logs.some((l) => (l.detail as { from?: number })?.from === 2) && logs;
    }, 5000, 'the status log');
    expect(statusLogs.map((l) => l.detail)).toContainEqual({ from: 2, to: 1 });
    // The hello and the heartbeat may reach presence in two batches: the status log then comes with the hello's, the
    // lock log with the heartbeat's, a statement after the row shows locked (a CI run read it in between).
    const lockLogs = await waitFor(async () => {
      const logs = await logsOf('lock');
      return logs.length > 0 && logs;
    }, 5000, 'the lock log');
    expect(lockLogs).toHaveLength(1);
    expect(lockLogs[0].detail).toEqual({ locked: true, source: 'heartbeat' });
  });

  it('stores a repeated mid once and still acknowledges it', async () => {
    const { db } = database;
    const t = await insertTerminal(db, { family: 'rdcsm', model: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    // A resend is the same message (the device's outbox keeps it): same mid, same time.
    const message = cabinetHeartbeat('dup-1');
    for (let i = 0; i < 2; i++) {
      const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'dup-1');
      await publishJson(client, t.up('heartbeat'), message);
      await ack;
    }
    const rows = await db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId));
    expect(rows).toHaveLength(1);
  });

  it('marks a terminal abnormal when the supply voltage is out of range, and online again when it is back', async () => {
    const { db } = database;
    const t = await insertTerminal(db, { family: 'rdcsm', model: 2 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const state = async () => (await db.select().from(terminals).where(eq(terminals.terminalId, t.terminalId)))[0].onlineState;
    const lamp = (mid: string, voltage: number) => ({ mid, ts: Date.now(), model: 2, on: true, dim: 50, voltage, current: 0.5, power: 0.1, powerFactor: 0.9, energyKwh: 1, burnHours: 2, lampFailure: false });
    await publishJson(client, t.up('heartbeat'), lamp('v-1', 250));
    await waitFor(async () => (await state()) === 3, 3000, 'abnormal');
    await publishJson(client, t.up('heartbeat'), lamp('v-2', 230));
    await waitFor(async () => (await state()) === 1, 3000, 'online');
    const [hb] = await db.select().from(heartbeats).where(and(eq(heartbeats.terminalId, t.terminalId), eq(heartbeats.mid, 'v-2')));
    expect(hb).toMatchObject({ model: 2, voltageA: 230, dim: 50, on: true, burnHours: 2 });
  });
});
