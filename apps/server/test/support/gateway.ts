import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceIdentity, downTopic, upTopic, type DeviceFamily, type UpKind } from '@sl/contracts';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { terminals } from '../../src/db/schema/index.js';
import type { GatewayLog } from '../../src/gateway/device-transport.js';
import { startGateway, type Gateway, type GatewayOptions } from '../../src/gateway/gateway.js';
import { newTerminalSecret } from '../../src/gateway/terminal-secret.js';

/** A TCP port nobody listens on right now (never 1883, where Mosquitto runs). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The gateway with its embedded broker on a free port; `env` overrides configuration (e.g. SWEEP_INTERVAL_MS). */
export async function startTestGateway(db: Db, env: Record<string, string> = {}, opts: Partial<GatewayOptions> = {}): Promise<Gateway & { url: string }> {
  // On an external broker each test gateway is an instance of its own: a client id nobody else uses.
  const clientId = env.MQTT_URL && !env.MQTT_CLIENT_ID ? { MQTT_CLIENT_ID: `sl-test-${randomBytes(6).toString('hex')}` } : {};
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-test-unused', MQTT_PORT: String(await freePort()), ...clientId, ...env });
  const gateway = await startGateway({ config, db, ...opts });
  return Object.assign(gateway, { url: config.MQTT_URL ?? `mqtt://127.0.0.1:${config.MQTT_PORT}` });
}

export interface TestTerminal {
  terminalId: number;
  family: DeviceFamily;
  sn: string;
  secret: string;
  up(kind: UpKind): string;
  down(kind: 'ack' | 'command'): string;
}

export const randomSn = () => `T${randomBytes(6).toString('hex')}`;

/** Registers a terminal directly in the table, with a fresh secret. */
export async function insertTerminal(db: Db, values: Partial<typeof terminals.$inferInsert> = {}): Promise<TestTerminal> {
  const { secret, hash } = newTerminalSecret();
  const family = (values.family ?? 'rdc4m') as DeviceFamily;
  const sn = values.sn ?? randomSn();
  const [row] = await db.insert(terminals).values({ name: `terminal ${sn}`, model: 1, ...values, family, sn, secretHash: hash }).returning();
  return {
    terminalId: row.terminalId, family, sn, secret,
    up: (kind) => upTopic(family, sn, kind),
    down: (kind) => downTopic(family, sn, kind),
  };
}

/** Connects as the terminal does per docs/protocol.md §2 and subscribes to its down topics. */
export async function connectTerminal(url: string, t: TestTerminal, password = t.secret): Promise<MqttClient> {
  const id = deviceIdentity(t.family, t.sn);
  const client = await mqtt.connectAsync(url, { clientId: id, username: id, password, clean: false, reconnectPeriod: 0, connectTimeout: 5000 });
  await client.subscribeAsync(`sl/${t.family}/${t.sn}/down/#`, { qos: 1 });
  return client;
}

/** The next JSON message on `topic` that satisfies `match`. */
export function nextMessage<T = Record<string, unknown>>(client: MqttClient, topic: string, match: (m: T) => boolean = () => true, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no message on ${topic} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      const m = JSON.parse(payload.toString()) as T;
      if (match(m)) done(undefined, m);
    };
    const done = (err?: Error, m?: T) => {
      clearTimeout(timer);
      client.off('message', onMessage);
      if (err) reject(err);
      else resolve(m as T);
    };
    client.on('message', onMessage);
  });
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls until `check` returns a truthy value. */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 5000, what = 'condition'): Promise<Truthy<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as Truthy<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const lampHeartbeat = (mid: string, voltage = 230) => ({
  mid, ts: Date.now(), model: 2, on: true, dim: 80, voltage, current: 0.62, power: 0.139, powerFactor: 0.97, energyKwh: 412.2, burnHours: 10234, lampFailure: false,
});

export const cabinetHeartbeat = (mid: string) => ({
  mid, ts: Date.now(), model: 1,
  voltage: { a: 229.8, b: 231.2, c: 228.9 }, current: { a: 12.1, b: 11.7, c: 12.4 }, activePower: { a: 2.71, b: 2.62, c: 2.77 },
  powerFactor: { a: 0.97, b: 0.96, c: 0.97 }, energyKwh: 18342.55, leakageMa: 4.2, door: 'closed', lock: 'locked', mode: 'auto',
  loops: [{ no: 1, on: true }, { no: 2, on: false }], temperatureC: 31.5,
});

export const publishJson = (client: MqttClient, topic: string, body: unknown) => client.publishAsync(topic, JSON.stringify(body), { qos: 1 });

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg?: string;
  obj: Record<string, unknown>;
}

/** A gateway log that keeps what it is told, for tests that check what was logged. */
export function captureLog(): GatewayLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: object, msg?: string) => void entries.push({ level, msg, obj: obj as Record<string, unknown> });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
