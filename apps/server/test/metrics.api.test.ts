import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPath, type CommandMessage } from '@sl/contracts';
import { listenForMetrics } from '../src/metrics/metrics-server.js';
import { describeEachEngine } from './support/each-engine.js';
import { cabinetHeartbeat, connectTerminal, freePort, insertTerminal, nextMessage, publishJson, randomSn, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';
import { parseSamples, valueOf, type Sample } from './support/prometheus-text.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

describeEachEngine('GET /metrics', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let h: Record<string, string>;
  let terminal: TestTerminal;
  let device: MqttClient;
  const sockets: WebSocket[] = [];

  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(res.body);
  };
  /** Publishes an up message and waits for the gateway's ack, i.e. until it is stored. */
  const stored = async (kind: 'heartbeat' | 'event', body: { mid: string }) => {
    const ack = nextMessage(device, terminal.down('ack'), (m) => m.ref === body.mid);
    await publishJson(device, terminal.up(kind), body);
    await ack;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { METRICS_TOKEN });
    gateway = await startTestGateway(t.database.db, { SWEEP_INTERVAL_MS: '100' });
    t.app.services.gateway = gateway; // attached after the app is built, as devices-e2e does: read at scrape time
    h = bearer(await t.login());
    terminal = await insertTerminal(t.database.db, { family: 'rdc4m', model: 1 });
    device = await connectTerminal(gateway.url, terminal);
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await device?.endAsync(true);
    await gateway?.close();
    await t?.close();
  });

  it('refuses a scrape without the token, with a wrong one, or with the token in another scheme', async () => {
    for (const headers of [{}, bearer('wrong-token-of-the-same-size-012'), bearer(`${METRICS_TOKEN}x`), { authorization: `Basic ${METRICS_TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('sl_gateway');
    }
    // A user's token is not the metrics token.
    expect((await t.app.inject({ url: '/metrics', headers: h })).statusCode).toBe(401);
  });

  it('is a deliberately public route for the API auth hook: it checks its own token', () => {
    expect(t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/metrics')?.config).toMatchObject({ public: true });
  });

  it('moves the gateway, command, alarm and push counters with real traffic', async () => {
    const before = await scrape();
    expect(valueOf(before, 'sl_gateway_terminals_connected')).toBeGreaterThanOrEqual(1);
    for (const name of ['sl_gateway_batch_failures_total', 'sl_mqtt_auth_refused_total', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect((await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) })).body, name).toContain(`# TYPE ${name} `);
    }

    // Heartbeats stored; a message that is not JSON rejected.
    await stored('heartbeat', cabinetHeartbeat('m-h1'));
    await stored('heartbeat', cabinetHeartbeat('m-h2'));
    await device.publishAsync(terminal.up('heartbeat'), '{not json', { qos: 1 });
    // A sign-in the broker refuses, counted by sl_mqtt_auth_refused_total.
    const stranger = `rdc4m:${randomSn()}`;
    const refused = await mqtt.connectAsync(gateway.url, { clientId: stranger, username: stranger, password: 'nope', reconnectPeriod: 0 }).then(
      (c) => (c.end(true), 'connected'),
      () => 'refused',
    );
    expect(refused).toBe('refused');

    // A command through the API, answered by the terminal; another left to time out.
    const arrived = nextMessage<CommandMessage>(device, terminal.down('command'), (m) => m.cmd === 'clock.query');
    const sent = (await t.app.inject({ method: 'POST', url: `/api/v1/send/set/time/${terminal.terminalId}`, headers: h })).json();
    expect(sent.code).toBe(200);
    const command = await arrived;
    await publishJson(device, terminal.up('reply'), { mid: 'm-r1', ts: Date.now(), ref: command.mid, ok: true, code: 0, msg: '', data: { time: Date.now() } });
    await gateway.commands.send(terminal.terminalId, 'light.open', { loops: [1] }, { ttlMs: 100 });

    // An alarm raised and cleared.
    await stored('event', { mid: 'm-e1', ts: Date.now(), event: 'leakage', state: 'raised', value: 42.5, loop: 1, phase: 'a' } as { mid: string });
    await stored('event', { mid: 'm-e2', ts: Date.now(), event: 'leakage', state: 'cleared', loop: 1 } as { mid: string });

    // A push socket of the signed-in user.
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: h })).json().data;
    sockets.push(await t.app.injectWS(`${pushPath('alarm', info.uniqueId, info.userId)}?token=${encodeURIComponent(h.authorization.slice(7))}`));

    const after = await waitFor(
      async () => {
        const s = await scrape();
        const settled = valueOf(s, 'sl_commands_total', { outcome: 'succeeded' }) > valueOf(before, 'sl_commands_total', { outcome: 'succeeded' });
        const timedOut = valueOf(s, 'sl_commands_total', { outcome: 'timedOut' }) > valueOf(before, 'sl_commands_total', { outcome: 'timedOut' });
        const rejected = valueOf(s, 'sl_gateway_messages_rejected_total', { reason: 'badJson' }) > valueOf(before, 'sl_gateway_messages_rejected_total', { reason: 'badJson' });
        const pushed = valueOf(s, 'sl_push_sockets', { channel: 'alarm' }) > valueOf(before, 'sl_push_sockets', { channel: 'alarm' });
        return settled && timedOut && rejected && pushed && s;
      },
      10_000,
      'the reply, the time-out, the rejected message and the push socket in the scrape',
    );
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('sl_gateway_messages_received_total')).toBeGreaterThanOrEqual(6); // 2 heartbeats, bad JSON, reply, 2 events
    expect(moved('sl_gateway_messages_stored_total')).toBeGreaterThanOrEqual(4);
    expect(moved('sl_gateway_messages_rejected_total', { reason: 'badJson' })).toBe(1);
    expect(moved('sl_mqtt_auth_refused_total', { reason: 'unknownTerminal' })).toBe(1);
    expect(moved('sl_commands_total', { outcome: 'sent' })).toBe(2);
    expect(moved('sl_commands_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('sl_commands_total', { outcome: 'timedOut' })).toBe(1);
    expect(moved('sl_alarms_raised_total', { kind: 'leakage' })).toBe(1);
    expect(moved('sl_alarms_cleared_total', { kind: 'leakage' })).toBe(1);
    expect(valueOf(after, 'sl_push_sockets', { channel: 'alarm' })).toBe(1);
    expect(valueOf(after, 'sl_gateway_terminals_connected')).toBeGreaterThanOrEqual(1);
  });

  it('labels HTTP latency with the route pattern, never the raw URL', async () => {
    const user = (await t.app.inject({ url: '/api/v1/sysUser/1', headers: h })).json();
    expect(user.code).toBe(200);
    await t.app.inject({ url: '/api/v1/no-such-thing/secret-id-4711?token=leaked-token-value' });
    const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    const samples = parseSamples(res.body);
    const count = (labels: Record<string, string>) => valueOf(samples, 'sl_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/v1/sysUser/:id', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'POST', route: '/api/login', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'sl_http_request_duration_seconds_bucket', { route: '/api/v1/sysUser/:id', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.filter((s) => s.name.startsWith('sl_http_')).map((s) => s.labels.route));
    expect([...routes].filter((r) => /\/\d+(\/|$)|\?|token=|secret-id/.test(r))).toEqual([]);
    expect(res.body).not.toContain('leaked-token-value');
    expect(res.body).not.toContain(h.authorization.slice(7));
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('answers 404 on the API port, token or not', async () => {
    for (const headers of [{}, bearer('anything-at-all-0123456789')]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('# TYPE');
    }
  });

  it('serves the same registry without a token on METRICS_PORT, and nothing else there', async () => {
    const server = await listenForMetrics(t.app.metrics.registry, await freePort(), '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const samples = parseSamples(await res.text());
      expect(valueOf(samples, 'sl_push_sockets', { channel: 'msg' })).toBe(0);
      expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
      // No gateway attached: its counters read zero.
      expect(valueOf(samples, 'sl_gateway_messages_received_total')).toBe(0);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/getinfo`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
