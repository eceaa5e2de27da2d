/**
 * Issue 26 item 2: one of two gateway instances on an external broker dies for good (SIGKILL, never restarted)
 * while the fleet keeps reporting; nothing the terminals sent is lost or stored twice, and nobody goes offline.
 *
 * Times are the product's divided by ten, so the run takes about a minute: the gateway's session expiry 3 s
 * (MQTT_SESSION_EXPIRY_S default 30 s), the terminals' ack timeout 3 s with 3 resends (protocol §4: 30 s), the
 * fleet reports for 45 s after the kill (issue: 6 minutes). Heartbeats are every 10 s, the shortest a terminal may
 * announce (60 s by default), so the offline window (3 missed heartbeats) is 30 s and lies inside the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_LOST, OnlineState } from '@sl/contracts';
import { SimTerminal } from '@sl/simulator';
import type { Database } from '../src/db/client.js';
import { alarms, heartbeats, terminalLogs, terminals } from '../src/db/schema/index.js';
import { openThrowawayPostgres, PG_ADMIN_URL, postgresAvailable } from './support/engines.js';
import { insertTerminal, startTestGateway, waitFor } from './support/gateway.js';
import { accepts, mosquittoMissing, startPrivateMosquitto } from './support/private-mosquitto.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SESSION_EXPIRY_S = 3;
const ACK_TIMEOUT_MS = 3000;
const HEARTBEAT_S = 10;
const REPORT_AFTER_KILL_MS = 45_000;
const FLEET = 60;

const missing = [
  mosquittoMissing(),
  (await postgresAvailable()) ? undefined : `PostgreSQL at ${PG_ADMIN_URL} is not reachable`,
  (await accepts(Number(new URL(REDIS_URL).port || 6379), new URL(REDIS_URL).hostname)) ? undefined : `Redis at ${REDIS_URL} is not reachable`,
].filter(Boolean);
if (missing.length) console.warn(`two instances, one killed for good: skipped (${missing.join('; ')})`);

/** An instance in a process of its own (support/gateway-instance.ts); `took` counts the messages it handled. */
function startInstance(env: Record<string, string>) {
  // Node itself with tsx's loader (not the tsx command, whose own child would outlive a SIGKILL).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support/gateway-instance.ts')], {
    cwd: here, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const instance = { child, took: 0, started: false };
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'ready') instance.started = true;
      if (line.startsWith('took ')) instance.took++;
    }
  });
  return instance;
}
const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));

describe.skipIf(missing.length > 0)('two gateway instances on Mosquitto, one killed for good [postgres]', () => {
  let broker: Awaited<ReturnType<typeof startPrivateMosquitto>>;
  let database: Database & { name: string };
  let a: ReturnType<typeof startInstance> | undefined;
  let b: Awaited<ReturnType<typeof startTestGateway>> | undefined;
  let spy: MqttClient | undefined;
  const fleet: SimTerminal[] = [];
  const group = `sl-loss-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    broker = await startPrivateMosquitto();
    database = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_instance_loss');
  });
  afterAll(async () => {
    await Promise.all(fleet.map((t) => t.stop()));
    if (a && a.child.exitCode === null && a.child.signalCode === null) {
      a.child.kill('SIGKILL');
      await exited(a.child);
    }
    await spy?.endAsync(true);
    await b?.close();
    await database?.close();
    await broker?.stop();
  });

  it('stores every heartbeat the fleet sent exactly once, acknowledges them all, and marks nobody offline', async () => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database.name}`;
    const env = {
      MQTT_URL: broker.url, REDIS_URL, MQTT_SESSION_EXPIRY_S: String(SESSION_EXPIRY_S), OFFLINE_AFTER_MISSED: '3', SWEEP_INTERVAL_MS: '1000',
    };
    a = startInstance({ ...env, DATABASE_URL: url.toString(), MQTT_CLIENT_ID: `${group}-a`, SHARE_GROUP: group, WATCH: 'sl/' });
    await waitFor(() => a!.started, 30_000, 'instance A started');
    b = await startTestGateway(database.db, { ...env, MQTT_CLIENT_ID: `${group}-b` }, { shareGroup: group, engine: 'postgres' });

    // Every heartbeat published to the broker, resends included, seen by a plain (not shared) subscriber.
    spy = await mqtt.connectAsync(broker.url, { clientId: `${group}-spy`, clean: true, reconnectPeriod: 0 });
    await spy.subscribeAsync('sl/+/+/up/heartbeat', { qos: 1 });
    const sent = new Map<number, Set<string>>();
    const bySn = new Map<string, number>();
    spy.on('message', (topic, payload) => {
      const terminalId = bySn.get(topic.split('/')[2])!;
      sent.get(terminalId)!.add((JSON.parse(payload.toString()) as { mid: string }).mid);
    });

    for (let i = 0; i < FLEET; i++) {
      const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
      bySn.set(t.sn, t.terminalId);
      sent.set(t.terminalId, new Set());
      fleet.push(new SimTerminal(
        { family: 'rdcsm', sn: t.sn, secret: t.secret, model: 2, loops: 1, phases: 1, lat: 31.2, lng: 121.5, heartbeatS: HEARTBEAT_S },
        { url: broker.url, ackTimeoutMs: ACK_TIMEOUT_MS, maxResends: 3, tickMs: 250, reconnectMs: 1000, faultRate: 0 },
      ));
    }
    // Started across one heartbeat interval, so the fleet reports evenly: some of it reaches the dead session.
    for (const t of fleet) {
      t.start();
      await new Promise((resolve) => setTimeout(resolve, (HEARTBEAT_S * 1000) / FLEET));
    }
    const ids = [...sent.keys()];
    await waitFor(() => fleet.every((t) => t.connected && t.stats.acked > 0), 30_000, 'the fleet signed on and acknowledged');
    // Both instances take a share of the traffic.
    await waitFor(() => a!.took >= 10, 30_000, 'instance A handling its share');

    a.child.kill('SIGKILL');
    await exited(a.child);
    const killedAt = Date.now();
    const tookBeforeKill = a.took;
    await new Promise((resolve) => setTimeout(resolve, REPORT_AFTER_KILL_MS));

    // The fleet stops at an instant when nothing it sent waits for an ack, so every message it sent was acknowledged.
    await waitFor(() => fleet.every((t) => t.inFlight === 0), 30_000, 'a moment with every message acknowledged');
    const stopped = Promise.all(fleet.map((t) => t.stop()));
    await stopped;

    const resent = fleet.reduce((n, t) => n + t.stats.resent, 0);
    const dropped = fleet.reduce((n, t) => n + t.stats.dropped, 0);
    const heartbeatsSent = [...sent.values()].reduce((n, mids) => n + mids.size, 0);
    const rows = await database.db
      .select({ terminalId: heartbeats.terminalId, mid: heartbeats.mid, copies: count() })
      .from(heartbeats).where(inArray(heartbeats.terminalId, ids)).groupBy(heartbeats.terminalId, heartbeats.mid);
    console.info(`instance loss: ${heartbeatsSent} heartbeats from ${FLEET} terminals, A took ${tookBeforeKill} messages before its SIGKILL, ${resent} resends, ${dropped} given up, ${rows.length} stored`);

    // Messages were routed to the dead instance's session (the terminals had to resend), and none was given up.
    expect(resent).toBeGreaterThan(0);
    expect(dropped).toBe(0);
    expect(heartbeatsSent).toBeGreaterThan(FLEET * Math.floor(REPORT_AFTER_KILL_MS / 1000 / HEARTBEAT_S));
    // Every heartbeat sent is stored, once, and nothing else.
    expect(rows.filter((r) => r.copies !== 1)).toEqual([]);
    const stored = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
    for (const r of rows) stored.get(r.terminalId)!.add(r.mid);
    expect(stored).toEqual(sent);

    // Nobody that kept reporting went offline: no unline log, no communication-lost alarm, all online.
    expect(await database.db.select({ n: count() }).from(terminalLogs).where(and(inArray(terminalLogs.terminalId, ids), eq(terminalLogs.kind, 'unline')))).toEqual([{ n: 0 }]);
    expect(await database.db.select({ n: count() }).from(alarms).where(and(inArray(alarms.terminalId, ids), eq(alarms.kind, COMMUNICATION_LOST)))).toEqual([{ n: 0 }]);
    const states = await database.db.select({ state: terminals.onlineState }).from(terminals).where(inArray(terminals.terminalId, ids));
    expect(states.filter((s) => s.state === OnlineState.offline)).toEqual([]);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(REPORT_AFTER_KILL_MS);
  }, 150_000);
});
