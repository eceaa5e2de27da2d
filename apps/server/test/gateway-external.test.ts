import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentity, type CommandMessage } from '@sl/contracts';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { seedDemo, startDemoFleet } from '../src/demo/demo-fleet.js';
import { seedDatabase } from '../src/seed/seed.js';
import { heartbeats, terminalCommands, terminals } from '../src/db/schema/index.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { openTestDatabase, postgresAvailable } from './support/engines.js';
import { insertTerminal, lampHeartbeat, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const socket = new Socket();
  const ok = await new Promise<boolean>((resolve) => {
    socket.setTimeout(1500, () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.connect(Number(port || 1883), hostname, () => resolve(true));
  });
  socket.destroy();
  return ok;
}

const brokerUp = await reachable(BROKER);
const pgUp = brokerUp && (await postgresAvailable());
if (!brokerUp) console.warn(`MQTT broker at ${BROKER} is not reachable: the external-broker gateway test is skipped.`);

/** The core flow through Mosquitto (anonymous there: it is the broker's job to authenticate terminals) on PostgreSQL. */
describe.skipIf(!pgUp)('gateway with an external broker [postgres]', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let client: MqttClient;
  let t: TestTerminal;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    // A group of our own, so a gateway of another test run on the same broker does not take our messages.
    gateway = await startTestGateway(database.db, { MQTT_URL: BROKER }, { shareGroup: `sl-test-${randomBytes(4).toString('hex')}` });
    t = await insertTerminal(database.db, { family: 'rdc4m', model: 2 });
    const id = deviceIdentity(t.family, t.sn);
    client = await mqtt.connectAsync(BROKER, { clientId: id, clean: false, reconnectPeriod: 0 });
    await client.subscribeAsync(`sl/${t.family}/${t.sn}/down/#`, { qos: 1 });
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await gateway?.close();
    await database?.close();
  });

  it('stores a heartbeat before acking it, then runs a command to success', async () => {
    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'x-hb-1');
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('x-hb-1'));
    await ack;
    const rows = await database.db.select().from(heartbeats).where(and(eq(heartbeats.terminalId, t.terminalId), eq(heartbeats.mid, 'x-hb-1')));
    expect(rows).toHaveLength(1);
    await waitFor(async () => (await database.db.select().from(terminals).where(eq(terminals.terminalId, t.terminalId)))[0].onlineState === 1, 3000, 'online');

    const arrived = nextMessage<CommandMessage>(client, t.down('command'));
    const sent = await gateway.commands.send(t.terminalId, 'light.open', {});
    const cmd = await arrived;
    expect(cmd.mid).toBe(sent.mid);
    await publishJson(client, t.up('reply'), { mid: 'x-r-1', ts: Date.now(), ref: cmd.mid, ok: true, code: 0 });
    await waitFor(
      async () => (await database.db.select().from(terminalCommands).where(eq(terminalCommands.id, sent.taskId)))[0].state === 'succeeded',
      3000,
      'succeeded task',
    );
    expect(gateway.stats().stored).toBeGreaterThanOrEqual(1);
  });

  it('runs the demo fleet on the external broker: every demo terminal signs on and its heartbeats are stored', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/sl-test-unused', DEMO_FAULT_RATE: '0' });
    // The departments the demo terminals belong to, as a first start seeds them.
    await seedDatabase(database.db, config);
    await seedDemo(database.db, config);
    const fleet = await startDemoFleet(database.db, config, gateway.deviceUrl);
    try {
      // The broker of MQTT_URL, without the gateway's credentials: each terminal signs on with its own.
      expect(gateway.deviceUrl).toBe(BROKER.replace(/\/\/[^@/]*@/, '//'));
      await fleet.waitConnected(fleet.terminals.length, 20_000);
      const reporting = async () =>
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(distinct h.terminal_id)::int as n from heartbeat h join terminal t using (terminal_id) where t.sn like 'DEMO-%'`))[0].n;
      await waitFor(async () => (await reporting()) === fleet.terminals.length, 20_000, 'a heartbeat from every demo terminal');
    } finally {
      await fleet.stop();
    }
  });
});
