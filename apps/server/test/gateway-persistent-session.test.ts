import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { openThrowawayPostgres, PG_ADMIN_URL, postgresAvailable } from './support/engines.js';
import { insertTerminal, lampHeartbeat, publishJson, startTestGateway, waitFor } from './support/gateway.js';
import { MOSQUITTO_URL, mosquittoAvailable } from './support/mosquitto.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ready = (await mosquittoAvailable()) && (await postgresAvailable());

/** Instance A in a child process: `took` holds the mids of the watched terminal it handled since it started. */
function startInstance(env: Record<string, string>) {
  // Node itself with tsx's loader (not the tsx command, whose own child would outlive a SIGKILL).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support/gateway-instance.ts')], {
    cwd: here, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const instance = { child, took: [] as string[], started: false };
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'ready') instance.started = true;
      const m = /^took (.+)$/.exec(line);
      if (m) instance.took.push(m[1]);
    }
  });
  return instance;
}
const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));

describe.skipIf(!ready)('two gateway instances on Mosquitto, one killed while subscribed [postgres]', () => {
  let database: Database & { name: string };
  let b: Awaited<ReturnType<typeof startTestGateway>>;
  let a: ReturnType<typeof startInstance> | undefined;
  let terminal: MqttClient;
  const group = `sl-durable-${randomBytes(4).toString('hex')}`;
  const sn = `D${randomBytes(6).toString('hex')}`;
  const aEnv = () => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database.name}`;
    // A session that outlasts A's restart on a busy machine: what this test follows is the return within the expiry.
    return { DATABASE_URL: url.toString(), MQTT_URL: MOSQUITTO_URL, MQTT_CLIENT_ID: `${group}-a`, SHARE_GROUP: group, WATCH: `sl/rdcsm/${sn}/`, MQTT_SESSION_EXPIRY_S: '300' };
  };

  beforeAll(async () => {
    database = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_durable_mq');
  });
  afterAll(async () => {
    if (a) {
      a.child.kill('SIGTERM'); // a clean stop ends its session on the broker
      await exited(a.child);
    }
    await terminal?.endAsync(true);
    await b?.close();
    await database?.close();
  });

  it('delivers what was routed to the killed instance once it is back, each message stored once', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2, sn });
    a = startInstance(aEnv());
    await waitFor(() => a!.started, 30_000, 'instance A started');
    b = await startTestGateway(database.db, { MQTT_URL: MOSQUITTO_URL, MQTT_CLIENT_ID: `${group}-b` }, { shareGroup: group, engine: 'postgres' });

    a.child.kill('SIGKILL');
    await exited(a.child);
    terminal = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: `rdcsm:${t.sn}`, clean: false, reconnectPeriod: 0 });
    const mids = Array.from({ length: 10 }, (_, i) => `down-${i}`);
    for (const mid of mids) await publishJson(terminal, t.up('heartbeat'), lampHeartbeat(mid));

    const stored = async () => (await database.db.select({ mid: heartbeats.mid }).from(heartbeats).where(and(eq(heartbeats.terminalId, t.terminalId), inArray(heartbeats.mid, mids)))).length;
    // The broker shares the group's messages out, the killed instance's session included: those wait for it.
    await waitFor(async () => (await stored()) > 0, 10_000, 'instance B storing its share');
    expect(await stored()).toBeLessThan(mids.length);
    a = startInstance(aEnv());
    await waitFor(async () => (await stored()) === mids.length, 60_000, 'every heartbeat stored');
    await waitFor(() => a!.took.length > 0, 5000, 'A to tell what it took');
    expect(mids).toEqual(expect.arrayContaining(a.took));
  }, 120_000);
});
