import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { COMMUNICATION_LOST } from '@sl/contracts';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { alarms, terminals } from '../src/db/schema/index.js';
import { silentLog, type DeviceTransport, type MessageHandler } from '../src/gateway/device-transport.js';
import { startGateway, type Gateway } from '../src/gateway/gateway.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { Scheduler } from '../src/scheduler/scheduler.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal, lampHeartbeat, type TestTerminal } from './support/gateway.js';

/**
 * Two gateway instances on one database behind a broker whose shared subscription gives each its share of the
 * terminals (as Mosquitto does, a killed instance's share is queued in its session until the session expires).
 * The broker is played by the test, with queues it hands out at the pace a scenario sets, and every clock is
 * the test's: each step moves it on, delivers what is due, has each instance report its read progress and
 * has the schedulers run their due jobs, of which the offline sweep is one.
 */
const STEP_S = 10;
const HEARTBEAT_S = 60;
const SESSION_EXPIRY_S = 300;
const END_S = 900;

interface Instance {
  gateway: Gateway;
  scheduler: Scheduler;
  deliver: MessageHandler;
}

/** The broker's side of an instance: whatever it hands to the gateway goes through here. */
function testTransport(): DeviceTransport & { handler?: MessageHandler } {
  const transport: DeviceTransport & { handler?: MessageHandler } = {
    address: 'test broker',
    url: 'mqtt://test-broker',
    onMessage: (handler) => void (transport.handler = handler),
    publish: async () => undefined,
    connectedCount: () => 0,
    close: async () => undefined,
  };
  return transport;
}

interface Scenario {
  /** When instance b dies, and when it is back (never: it stays away). */
  bDiesAt: number;
  bBackAt?: number;
  /** How many messages b reads per step at this time (everything when absent). */
  bReads?: (s: number) => number | undefined;
}

describeEachEngine('presence judged from what any instance read (two instances, one database)', (engine) => {
  let database: Database;
  let clock = 0;
  const started: Instance[] = [];
  const now = () => new Date(clock);

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    clock = Math.floor(Date.now() / 60_000) * 60_000;
  });
  afterEach(async () => {
    for (const i of started.splice(0)) await i.gateway.close();
    await database?.close();
  });

  async function startInstance(name: string): Promise<Instance> {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-test-unused', MQTT_URL: 'mqtt://test-broker:1883', MQTT_CLIENT_ID: name,
      MQTT_SESSION_EXPIRY_S: String(SESSION_EXPIRY_S), OFFLINE_AFTER_MISSED: '3', SWEEP_INTERVAL_MS: String(STEP_S * 1000),
    });
    const scheduler = new Scheduler(database.db, silentLog, { now });
    const transport = testTransport();
    // Its own timers stay idle: the test has it report its progress and run its jobs.
    const gateway = await startGateway({ config, db: database.db, engine, transport, scheduler, now, progressReportMs: 0 });
    const instance = { gateway, scheduler, deliver: transport.handler! };
    started.push(instance);
    return instance;
  }

  /** Runs the fleet through a scenario; `viaB` terminals' share goes to b (to a once b's session has expired). */
  async function run(s: Scenario, fleet: { viaA: TestTerminal[]; viaB: TestTerminal[]; silent: TestTerminal }) {
    const a = await startInstance('gw-a');
    let b: Instance | undefined = await startInstance('gw-b');
    const queues = { a: [] as Array<{ topic: string; body: object }>, b: [] as Array<{ topic: string; body: object }> };
    const all = [...fleet.viaA, ...fleet.viaB, fleet.silent];
    const start = clock;
    let mid = 0;
    for (let t = 0; t <= END_S; t += STEP_S) {
      clock = start + t * 1000;
      if (b && t === s.bDiesAt) b = undefined; // killed: it reads, reports and sweeps no more; its row stays
      if (!b && t === s.bBackAt) b = await startInstance('gw-b'); // the same client id: the broker's queue is its again
      const bExpired = !b && t >= s.bDiesAt + SESSION_EXPIRY_S;
      if (bExpired) queues.b = []; // the session expired and its queue went with it
      all.forEach((terminal, i) => {
        if ((t - (i * STEP_S) % HEARTBEAT_S) % HEARTBEAT_S !== 0) return;
        if (terminal === fleet.silent && t >= HEARTBEAT_S) return; // one heartbeat, then silence
        const queue = fleet.viaB.includes(terminal) && !bExpired ? queues.b : queues.a;
        queue.push({ topic: terminal.up('heartbeat'), body: { ...lampHeartbeat(`m${mid++}`), ts: clock } });
      });
      const handOut = (i: Instance, messages: Array<{ topic: string; body: object }>) => messages.map((m) => i.deliver(m.topic, Buffer.from(JSON.stringify(m.body))));
      await Promise.all([...handOut(a, queues.a.splice(0)), ...(b ? handOut(b, queues.b.splice(0, s.bReads?.(t) ?? queues.b.length)) : [])]);
      for (const i of b ? [a, b] : [a]) await i.gateway.reportProgress();
      for (const i of b ? [a, b] : [a]) await i.scheduler.tick();
    }
    // Every message handed to an instance was stored: what follows is presence, not lost readings.
    for (const i of started) expect(i.gateway.stats().stored).toBe(i.gateway.stats().received);
    return { lost: await lostTerminals(), offline: await offlineTerminals(all) };
  }

  const offlineTerminals = async (fleet: TestTerminal[]) =>
    (await database.db.select({ id: terminals.terminalId }).from(terminals).where(and(inArray(terminals.terminalId, fleet.map((t) => t.terminalId)), eq(terminals.onlineState, 2)))).map((r) => r.id);
  /** Every terminal that ever had a communication-lost alarm, cleared or not. */
  const lostTerminals = async () => [...new Set((await database.db.select({ id: alarms.terminalId }).from(alarms).where(eq(alarms.kind, COMMUNICATION_LOST))).map((r) => r.id))];

  async function fleetOf(viaA: number, viaB: number) {
    const make = () => insertTerminal(database.db, { family: 'rdc4m', model: 2, heartbeatS: HEARTBEAT_S });
    return {
      viaA: await Promise.all(Array.from({ length: viaA }, make)),
      viaB: await Promise.all(Array.from({ length: viaB }, make)),
      silent: await make(),
    };
  }

  it('one instance dead for 60 s, then working slowly through its queue: only the terminal that fell silent goes offline', async () => {
    const fleet = await fleetOf(4, 12);
    // Back at 180 s, b reads one message every 20 s (its twelve terminals send one every 5 s) until 600 s.
    const { lost, offline } = await run({ bDiesAt: 120, bBackAt: 180, bReads: (t) => (t < 600 ? (t % 20 === 0 ? 1 : 0) : undefined) }, fleet);
    expect(offline).toEqual([fleet.silent.terminalId]);
    expect(lost).toEqual([fleet.silent.terminalId]);
  });

  it('one instance killed for good: its share goes to the other once its session expires, and nobody who kept reporting goes offline', async () => {
    const fleet = await fleetOf(4, 12);
    const { lost, offline } = await run({ bDiesAt: 120 }, fleet);
    expect(offline).toEqual([fleet.silent.terminalId]);
    expect(lost).toEqual([fleet.silent.terminalId]);
    // Its read progress is dropped once every terminal had a whole offline window to reach the other.
    const readers = rowsOf<{ id: string }>(await database.db.execute(sql`select reader_id as id from gateway_read_progress order by 1`));
    expect(readers.map((r) => r.id)).toEqual(['gw-a']);
  });
});
