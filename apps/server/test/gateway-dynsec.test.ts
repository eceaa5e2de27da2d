import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentity, RegisterState, TerminalStatus, type DeviceFamily } from '@sl/contracts';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { heartbeats, terminals } from '../src/db/schema/index.js';
import { DynsecClient } from '../src/gateway/dynsec/dynsec-client.js';
import { reconcileAccounts } from '../src/gateway/dynsec/reconcile.js';
import { AccountRepository } from '../src/gateway/dynsec/account-repository.js';
import { startGateway, type Gateway } from '../src/gateway/gateway.js';
import { seedDatabase } from '../src/seed/seed.js';
import { dynsecMissing, startDynsecBroker, type DynsecBroker } from './support/dynsec-broker.js';
import { openThrowawayPostgres, PG_ADMIN_URL, postgresAvailable } from './support/engines.js';
import { captureLog, lampHeartbeat, nextMessage, publishJson, randomSn, waitFor, type TestTerminal } from './support/gateway.js';
import { bearer, LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';
import { terminalBody } from './terminals-fixtures.js';

const missing = dynsecMissing();
if (missing) console.warn(`Mosquitto with dynamic security is not available (${missing}): the dynsec gateway test is skipped.`);
const ready = !missing && (await postgresAvailable());

const GATEWAY_PASSWORD = 'gateway-test-password';

interface Instance {
  app: FastifyInstance;
  gateway: Gateway;
  database: Database;
  call(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<{ code: number; msg: string; data: Record<string, unknown> }>;
}

/** Connects as a terminal does (protocol §2); rejects when the broker refuses the sign-in. */
const signIn = (broker: DynsecBroker, family: string, sn: string, password: string) => {
  const id = `${family}:${sn}`;
  return mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { clientId: id, username: id, password, reconnectPeriod: 0, connectTimeout: 5000 });
};

const terminal = (family: DeviceFamily, sn: string, secret: string, terminalId: number): TestTerminal => ({
  terminalId, family, sn, secret,
  up: (kind) => `sl/${family}/${sn}/up/${kind}`,
  down: (kind) => `sl/${family}/${sn}/down/${kind}`,
});

/** Two server instances with their gateways on one PostgreSQL database and a Mosquitto that authenticates through dynamic security. */
describe.skipIf(!ready)('terminal accounts in Mosquitto dynamic security, two instances [postgres]', () => {
  let broker: DynsecBroker;
  let admin: DynsecClient;
  let shared: Database & { name: string };
  const instances: Instance[] = [];
  const clients: MqttClient[] = [];
  const shareGroup = `sl-test-${randomBytes(4).toString('hex')}`;
  const log = captureLog();

  async function startInstance(): Promise<Instance> {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${shared.name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const config = loadConfig({
      CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused', DEMO: 'false',
      MQTT_URL: broker.url('gateway', GATEWAY_PASSWORD), MQTT_DYNSEC: '1', MQTT_DYNSEC_URL: broker.adminUrl,
    });
    const gateway = await startGateway({ config, db: database.db, engine: 'postgres', shareGroup, log });
    const app = await buildApp({ config, database, gateway, throttle: LENIENT_THROTTLE });
    const cipher = new PasswordCipher(config.PASSWORD_KEY);
    const login = (await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: cipher.encrypt('123456'), code: '', uuid: '' } })).json();
    if (login.code !== 200) throw new Error(`sign-in failed: ${login.msg}`);
    const call: Instance['call'] = async (method, path, body) =>
      (await app.inject({ method, url: `/api/v1${path}`, headers: bearer(login.data.token), ...(body === undefined ? {} : { payload: body as object }) })).json();
    return { app, gateway, database, call };
  }

  /** Adds a terminal through the API of an instance; answers it with its secret. */
  async function addTerminal(on: Instance, status: number = TerminalStatus.inUse): Promise<TestTerminal> {
    const res = await on.call('POST', '/terminal/add', { ...terminalBody({ family: 'rdcsm', sn: randomSn() }), status });
    expect(res.code, res.msg).toBe(200);
    const d = res.data as { terminalId: number; family: DeviceFamily; sn: string; secret: string };
    return terminal(d.family, d.sn, d.secret, d.terminalId);
  }

  async function connect(t: TestTerminal, password = t.secret) {
    const client = await signIn(broker, t.family, t.sn, password);
    clients.push(client);
    return client;
  }

  const heartbeatRows = (t: TestTerminal) => shared.db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId));

  beforeAll(async () => {
    broker = await startDynsecBroker();
    admin = await DynsecClient.connect(broker.adminUrl);
    // The operator creates the gateway's account; the server gives it its role at start.
    const [made] = await admin.run([{ command: 'createClient', username: 'gateway', password: GATEWAY_PASSWORD }]);
    expect(made.error).toBeUndefined();
    shared = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_test');
    await seedDatabase(shared.db, loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused', DEMO: 'false', ADMIN_PASSWORD: '123456' }));
    instances.push(await startInstance(), await startInstance());
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    for (const i of instances) {
      await i.app.close();
      await i.gateway.close();
      await i.database.close();
    }
    await admin?.close();
    await shared?.close();
    await broker?.stop();
  });

  it('lets a terminal registered through the API sign in, and stores its heartbeat once', async () => {
    const t = await addTerminal(instances[0]);
    const client = await connect(t);
    await client.subscribeAsync(`sl/${t.family}/${t.sn}/down/#`, { qos: 1 });
    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'dyn-hb-1');
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('dyn-hb-1'));
    await ack;
    expect(await heartbeatRows(t)).toHaveLength(1);
  });

  it('refuses a wrong password, a client id that is not the username, and an unknown terminal', async () => {
    const t = await addTerminal(instances[1]);
    await expect(signIn(broker, t.family, t.sn, `${t.secret}x`)).rejects.toThrow(/Not authorized/);
    const id = deviceIdentity(t.family, t.sn);
    await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { clientId: `${id}-other`, username: id, password: t.secret, reconnectPeriod: 0 })).rejects.toThrow(/Not authorized/);
    await expect(signIn(broker, 'rdcsm', randomSn(), t.secret)).rejects.toThrow(/Not authorized/);
  });

  it("does not deliver a terminal's publish to another terminal's topic, nor let it subscribe there", async () => {
    const a = await addTerminal(instances[0]);
    const b = await addTerminal(instances[1]);
    // The admin account may read every topic: one connection sees the up messages in the broker's order.
    const spy = await mqtt.connectAsync(broker.adminUrl, { reconnectPeriod: 0 });
    clients.push(spy);
    await spy.subscribeAsync('sl/+/+/up/+', { qos: 1 });
    const seen: string[] = [];
    spy.on('message', (topic, payload) => seen.push(`${topic} ${JSON.parse(payload.toString()).mid}`));

    const client = await connect(a);
    await client.subscribeAsync(`sl/${a.family}/${a.sn}/down/#`, { qos: 1 });
    await expect(client.subscribeAsync(`sl/${b.family}/${b.sn}/down/#`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await publishJson(client, b.up('heartbeat'), lampHeartbeat('dyn-foreign-1'));
    const ack = nextMessage(client, a.down('ack'), (m) => m.ref === 'dyn-own-1');
    await publishJson(client, a.up('heartbeat'), lampHeartbeat('dyn-own-1'));
    await ack;
    await waitFor(() => seen.includes(`${a.up('heartbeat')} dyn-own-1`), 5000, 'the spy to see the own heartbeat');
    expect(seen.filter((s) => s.includes('dyn-foreign-1'))).toEqual([]);
    expect(await heartbeatRows(b)).toHaveLength(0);
  });

  it('disconnects and refuses a scrapped terminal, and a deleted one', async () => {
    const t = await addTerminal(instances[0]);
    const client = await connect(t);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const res = await instances[1].call('PUT', '/terminal/status/update', { terminalId: t.terminalId, status: TerminalStatus.scrapped, reason: 'broken beyond repair' });
    expect(res.code, res.msg).toBe(200);
    await closed;
    await expect(signIn(broker, t.family, t.sn, t.secret)).rejects.toThrow(/Not authorized/);

    const gone = await addTerminal(instances[1], TerminalStatus.warehouse);
    await (await connect(gone)).endAsync();
    expect((await instances[0].call('DELETE', `/terminal/del/${gone.terminalId}`)).code).toBe(200);
    await expect(signIn(broker, gone.family, gone.sn, gone.secret)).rejects.toThrow(/Not authorized/);
  });

  it('re-keys: the old secret is refused and the new one signs in', async () => {
    const t = await addTerminal(instances[0]);
    const res = await instances[1].call('PUT', '/terminal/registered', { terminalId: t.terminalId, registerState: RegisterState.registered, regenerateSecret: true });
    expect(res.code, res.msg).toBe(200);
    const secret = res.data.secret as string;
    expect(secret).not.toBe(t.secret);
    await expect(signIn(broker, t.family, t.sn, t.secret)).rejects.toThrow(/Not authorized/);
    await connect(t, secret);
    const off = await instances[0].call('PUT', '/terminal/registered', { terminalId: t.terminalId, registerState: RegisterState.unregistered, regenerateSecret: false });
    expect(off.code, off.msg).toBe(200);
    await expect(signIn(broker, t.family, t.sn, secret)).rejects.toThrow(/Not authorized/);
  });

  it('undoes the change when the broker does not take it', async () => {
    const t = await addTerminal(instances[0]);
    const gateway = instances[1].gateway;
    const accounts = gateway.accounts!;
    gateway.accounts = { put: accounts.put.bind(accounts), drop: async () => Promise.reject(new Error('broker away')) };
    try {
      const res = await instances[1].call('PUT', '/terminal/status/update', { terminalId: t.terminalId, status: TerminalStatus.scrapped, reason: 'x' });
      expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/broker away/) });
    } finally {
      gateway.accounts = accounts;
    }
    const [row] = await shared.db.select({ status: terminals.status }).from(terminals).where(eq(terminals.terminalId, t.terminalId));
    expect(row.status).toBe(TerminalStatus.inUse);
    await (await connect(t)).endAsync();
  });

  it('refills a broker that lost its accounts at start: stale ones removed, known secrets restored, the others listed', async () => {
    const kept = await addTerminal(instances[0]);
    const lost = await addTerminal(instances[0]);
    const known = await addTerminal(instances[1]);
    const stale = `rdc4m:${randomSn()}`;
    const lose = [
      { command: 'deleteClient', username: deviceIdentity(lost.family, lost.sn) },
      { command: 'deleteClient', username: deviceIdentity(known.family, known.sn) },
      { command: 'createClient', username: stale, password: 'whatever1' },
    ];
    for (const answer of await admin.run(lose)) expect(answer.error).toBeUndefined();

    const repo = new AccountRepository(shared.db);
    const result = await reconcileAccounts({
      dynsec: admin, rows: () => repo.all(), gatewayUser: 'gateway', shareGroup, log,
      knownSecret: (row) => (row.sn === known.sn ? known.secret : undefined),
    });
    expect(result.removed).toBe(1);
    expect(result.created).toBe(1);
    expect(result.missing).toEqual([deviceIdentity(lost.family, lost.sn)]);
    await expect(signIn(broker, 'rdc4m', stale.split(':')[1], 'whatever1')).rejects.toThrow(/Not authorized/);
    await (await connect(known)).endAsync();
    await (await connect(kept)).endAsync();
    await expect(signIn(broker, lost.family, lost.sn, lost.secret)).rejects.toThrow(/Not authorized/);
    expect(log.entries.some((e) => e.msg?.startsWith('terminals without a broker account'))).toBe(true);
  });
});
