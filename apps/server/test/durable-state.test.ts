import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceIdentity, type CommandMessage } from '@sl/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { terminalCommands, terminalLogs, terminals } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/seed.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import { describeEachEngine } from './support/each-engine.js';
import { openThrowawayPostgres, PG_ADMIN_URL } from './support/engines.js';
import { freePort, insertTerminal, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';

/** A database that outlives one server: the same PGlite folder, or the same PostgreSQL database, opened again. */
async function lastingDatabase(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sl-durable-'));
    return { open: () => openDatabase({ pgliteDir: dir }), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const throwaway = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_durable');
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${throwaway.name}`;
  return { open: () => openDatabase({ databaseUrl: url.toString() }), dispose: () => throwaway.close() };
}

/** One server: the HTTP app and the gateway (embedded broker on `mqttPort`) on a fresh handle of the database. */
async function startServer(open: () => Promise<Database>, mqttPort: number) {
  const config = loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused' });
  const database = await open();
  const gateway = await startTestGateway(database.db, { MQTT_PORT: String(mqttPort) });
  const app = await buildApp({ config, database, throttle: LENIENT_THROTTLE, gateway });
  return {
    app, gateway, database, config,
    close: async () => {
      await app.close();
      await gateway.close();
      await database.close();
    },
  };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** Connects as a terminal does, listening before it subscribes so nothing delivered at once is missed. */
async function connectListening(url: string, t: TestTerminal, onCommand: (m: CommandMessage) => void): Promise<MqttClient> {
  const id = deviceIdentity(t.family, t.sn);
  const client = await mqtt.connectAsync(url, { clientId: id, username: id, password: t.secret, clean: false, reconnectPeriod: 0, connectTimeout: 5000 });
  client.on('message', (topic, payload) => topic === t.down('command') && onCommand(JSON.parse(payload.toString()) as CommandMessage));
  await client.subscribeAsync(`sl/${t.family}/${t.sn}/down/#`, { qos: 1 });
  return client;
}

const lamp = (mid: string, voltage: number) => ({ mid, ts: Date.now(), model: 2, on: true, dim: 50, voltage, current: 0.5, power: 0.1, powerFactor: 0.9, energyKwh: 1, burnHours: 2, lampFailure: false });
const hello = (mid: string) => ({ mid, ts: Date.now(), model: 2, firmware: '1.0.0', imsi: '460001234567890', loops: 1, phases: 1, heartbeatS: 60 });

describeEachEngine('state that survives a restart and agrees between instances', (engine) => {
  let db: Awaited<ReturnType<typeof lastingDatabase>>;
  let server: Server;
  let mqttPort: number;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    db = await lastingDatabase(engine);
    mqttPort = await freePort();
    server = await startServer(db.open, mqttPort);
    await seedDatabase(server.database.db, server.config);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await server?.close();
    await db?.dispose();
  });

  const restart = async () => {
    await server.close();
    server = await startServer(db.open, mqttPort);
  };

  it('finds a QR sign-in state, and a stand-in code, issued before a restart', async () => {
    const state = new URL((await server.app.inject('/api/wx/pc/qrcode')).json().data.authorizeUrl).searchParams.get('state')!;
    await restart();
    const confirm = (s: string) => server.app.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload: { state: s, openId: 'durable-open-id' } }).then((r) => r.json());
    expect(await confirm('never-issued-state')).toMatchObject({ code: 400, msg: 'The QR code has expired: refresh it on the sign-in page and scan again' });
    const confirmed = await confirm(state);
    expect(confirmed.code).toBe(200);
    const code = new URL(confirmed.data.redirect, 'http://console').searchParams.get('code')!;

    await restart();
    const payload = { appid: 'sl-standin', code, grant_type: 'authorization_code' };
    const exchanged = (await server.app.inject({ method: 'POST', url: '/api/wx/pc/accesstoken/code', payload })).json();
    expect(exchanged).toMatchObject({ code: 200, data: { openId: 'durable-open-id' } });
    await restart();
    const login = (await server.app.inject({ method: 'POST', url: '/api/wx/pc/login/oauth', payload: { accessToken: exchanged.data.accessToken, openId: 'durable-open-id' } })).json();
    expect(login).toMatchObject({ code: 200, data: { bound: false } });
  });

  it('delivers a command queued for an offline terminal when it connects to the restarted server', async () => {
    const t = await insertTerminal(server.database.db, { family: 'rdcsm', model: 2 });
    const sent = await server.gateway.commands.send(t.terminalId, 'light.dim', { level: 40 });
    const task = async () => (await server.database.db.select().from(terminalCommands).where(eq(terminalCommands.id, sent.taskId)))[0];
    expect(await task()).toMatchObject({ state: 'pending', sentAt: null });

    await restart();
    const arrived: CommandMessage[] = [];
    const client = await connectListening(server.gateway.url, t, (m) => arrived.push(m));
    clients.push(client);
    const cmd = await waitFor(() => arrived.find((m) => m.mid === sent.mid), 5000, 'the queued command');
    expect(cmd).toMatchObject({ mid: sent.mid, cmd: 'light.dim', params: { level: 40 } });
    await publishJson(client, t.up('reply'), { mid: 'r-durable', ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: '' });
    await waitFor(async () => (await task()).state === 'succeeded', 5000, 'succeeded task');
    expect(arrived.filter((m) => m.mid === sent.mid)).toHaveLength(1);
  });

  it('keeps online/abnormal the same on two instances and after a restart', async () => {
    const { db: shared } = server.database;
    const other = await startTestGateway(shared);
    try {
      const t = await insertTerminal(shared, { family: 'rdcsm', model: 2 });
      const state = async () => (await shared.select().from(terminals).where(eq(terminals.terminalId, t.terminalId)))[0].onlineState;
      const toA = await connectListening(server.gateway.url, t, () => undefined);
      await publishJson(toA, t.up('heartbeat'), lamp('p-1', 250));
      await waitFor(async () => (await state()) === 3, 5000, 'abnormal');
      await toA.endAsync();

      // The other instance never saw the voltage: its hello and a reply must not flip the terminal online.
      const toB = await connectListening(other.url, t, () => undefined);
      const acked = nextMessage(toB, t.down('ack'), (m) => m.ref === 'p-3');
      await publishJson(toB, t.up('hello'), hello('p-2'));
      await publishJson(toB, t.up('reply'), { mid: 'p-r', ts: Date.now(), ref: 'c-unknown', ok: true, code: 0, msg: '' });
      await publishJson(toB, t.up('hello'), hello('p-3'));
      await acked;
      await other.close();
      await toB.endAsync();
      await restart();
      const again = await connectListening(server.gateway.url, t, () => undefined);
      clients.push(again);
      const helloAck = nextMessage(again, t.down('ack'), (m) => m.ref === 'p-4');
      await publishJson(again, t.up('hello'), hello('p-4'));
      await helloAck;
      await restart(); // a stop flushes the online-state batch
      const fresh = server.database.db;
      expect((await fresh.select().from(terminals).where(eq(terminals.terminalId, t.terminalId)))[0]).toMatchObject({ onlineState: 3, voltageAbnormal: true });
      const changes = await fresh.select().from(terminalLogs).where(and(eq(terminalLogs.terminalId, t.terminalId), eq(terminalLogs.kind, 'status')));
      expect(changes.map((l) => l.detail)).toEqual([{ from: 2, to: 3 }]);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
