import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '@sl/contracts';
import { rowsOf } from '../src/db/sql-rows.js';
import { verifyWebhook } from '../src/open/webhooks/webhook-signature.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller } from './terminals-fixtures.js';

interface Received {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A webhook receiver on a fixed port that can be stopped and started again. */
function receiver() {
  const got: Received[] = [];
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({ body, headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { got, start, stop, url: () => `http://127.0.0.1:${port}/hook` };
}

const SECOND = 1000;

describeEachEngine('webhooks: signed, queued in a table, retried by the scheduler until delivered once', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminToken: string;
  let signingSecret: string;
  let clientId: number;
  let own: number;
  let other: number;
  const hook = receiver();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { withGateway: true });
    adminToken = await t.login();
    admin = bearer(adminToken);
    await hook.start();
    own = (await insertTerminal(t.database.db, { deptId: 2 })).terminalId;
    other = (await insertTerminal(t.database.db, { deptId: 3 })).terminalId;
    const client = (await t.app.inject({ method: 'POST', url: '/api/v1/open/clients', headers: admin, payload: { name: 'hooks', deptId: 2, scopes: ['alarms:read'] } })).json();
    clientId = client.data.client.id;
    const sub = (await t.app.inject({ method: 'POST', url: '/api/v1/open/webhooks', headers: admin, payload: { clientId, url: hook.url(), events: ['alarm.raised'] } })).json();
    expect(sub.code).toBe(200);
    signingSecret = sub.data.signingSecret;
  }, 120_000);
  afterAll(async () => {
    await hook.stop();
    await t?.close();
  });

  const raise = async (terminalId: number, kind: string) => {
    const res = (await t.app.inject({ method: 'POST', url: '/api/v1/alarm/add', headers: admin, payload: { terminalId, kind, message: 'webhook test' } })).json();
    expect(res.code).toBe(200);
    return res.data.alarmId as number;
  };
  /** The queued deliveries of an alarm (the enqueue runs beside the request, so it is waited for). */
  const queued = async (alarmId: number, want = 1) => {
    for (let i = 0; i < 100; i++) {
      const rows = rowsOf<{ id: number; state: string; attempts: number }>(await t.database.db.execute(sql`select id, state, attempts from webhook_delivery where payload->'data'->>'alarmId' = ${String(alarmId)}`));
      if (rows.length >= want) return rows.map((r) => ({ ...r, id: Number(r.id) }));
      await new Promise((r) => setTimeout(r, 50));
    }
    return [];
  };
  const bodiesOf = (alarmId: number) => hook.got.filter((r) => JSON.parse(r.body).data.alarmId === alarmId);
  const webhooks = () => t.app.services.webhooks;

  it('delivers an alarm of its department with a signature the receiver can check, and none of another department', async () => {
    const alarmId = await raise(own, 'leakage');
    const foreign = await raise(other, 'leakage');
    expect(await queued(alarmId)).toHaveLength(1);
    await webhooks().deliverDue(new Date(Date.now() + SECOND));
    const [got] = bodiesOf(alarmId);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ type: 'alarm.raised', deptId: 2, data: { alarmId, deviceId: own, kind: 'leakage' } });
    expect(got.headers[WEBHOOK_HEADERS.event]).toBe('alarm.raised');
    expect(got.headers[WEBHOOK_HEADERS.delivery]).toBe(event.id);
    const header = String(got.headers[WEBHOOK_HEADERS.signature]);
    // Checked independently of the server's code: HMAC-SHA256 over "t.body" with the secret shown at subscription.
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
    expect(createHmac('sha256', signingSecret).update(`${ts}.${got.body}`).digest('hex')).toBe(v1);
    expect(verifyWebhook(signingSecret, got.body, header, Number(ts))).toBe(true);
    // A changed body or a wrong secret is detectable.
    expect(verifyWebhook(signingSecret, got.body.replace('leakage', 'doorOpen'), header, Number(ts))).toBe(false);
    expect(verifyWebhook('someone-else', got.body, header, Number(ts))).toBe(false);
    expect(bodiesOf(foreign)).toEqual([]);
    expect(await queued(foreign, 0)).toEqual([]);
  });

  it('retries while the receiver is down for 30 s (scheduler time), then delivers exactly once, also when two instances run at once', async () => {
    await hook.stop();
    const alarmId = await raise(own, 'doorOpen');
    const [row] = await queued(alarmId);
    const t0 = Date.now() + SECOND;
    expect(await webhooks().deliverDue(new Date(t0))).toBe(1); // refused: next in 10 s
    expect(await webhooks().deliverDue(new Date(t0 + 5 * SECOND))).toBe(0); // not due yet
    expect(await webhooks().deliverDue(new Date(t0 + 10 * SECOND))).toBe(1); // refused again: next in 20 s
    const failing = rowsOf<{ state: string; attempts: number; last_error: string }>(await t.database.db.execute(sql`select state, attempts, last_error from webhook_delivery where id = ${row.id}`))[0];
    expect(failing).toMatchObject({ state: 'pending', attempts: 2 });
    expect(failing.last_error).not.toBe('');

    await hook.start(); // back after 30 s
    const [a, b] = await Promise.all([webhooks().deliverDue(new Date(t0 + 30 * SECOND)), webhooks().deliverDue(new Date(t0 + 30 * SECOND))]);
    expect(a + b).toBe(1);
    expect(await webhooks().deliverDue(new Date(t0 + 600 * SECOND))).toBe(0);
    expect(bodiesOf(alarmId)).toHaveLength(1);

    const log = (await t.app.inject({ url: '/api/v1/open/webhooks/deliveries?state=delivered', headers: admin })).json();
    expect(log.data.list.find((d: { id: number }) => d.id === row.id)).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 204, eventType: 'alarm.raised', clientName: 'hooks' });
  });

  it("delivers a citizen's report of a pole in its department, without the reporter's phone or photo", async () => {
    const sub = (await t.app.inject({ method: 'POST', url: '/api/v1/open/webhooks', headers: admin, payload: { clientId, url: hook.url(), events: ['citizenReport.created'] } })).json();
    expect(sub.code).toBe(200);
    const api = caller(t, adminToken);
    const area = 'Webhook street';
    const pole = await addTerminal(api, { area, deptId: 2 } as never);
    const foreignPole = await addTerminal(api, { area, deptId: 3 } as never);
    const sheet = await api.get(`/citizen/qr-sheet?area=${encodeURIComponent(area)}`);
    const codeOf = (terminalId: number) => sheet.data.find((p: { terminalId: number }) => p.terminalId === terminalId).code as string;
    const file = (code: string, address: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/citizen/poles/${code}/reports`, remoteAddress: address, payload: { problem: 'dark', phone: '13912345678' } }).then((r) => r.json());
    expect((await file(codeOf(pole.terminalId), '203.0.113.21')).code).toBe(200);
    expect((await file(codeOf(foreignPole.terminalId), '203.0.113.22')).code).toBe(200);

    const citizenRows = async () => rowsOf<{ payload: { deptId: number } }>(await t.database.db.execute(sql`select payload from webhook_delivery where event_type = 'citizenReport.created'`));
    await expect.poll(async () => (await citizenRows()).length, { timeout: 15_000 }).toBe(1);
    await webhooks().deliverDue(new Date(Date.now() + SECOND));
    const got = hook.got.filter((r) => JSON.parse(r.body).type === 'citizenReport.created');
    expect(got).toHaveLength(1);
    const event = JSON.parse(got[0].body);
    expect(event).toMatchObject({ type: 'citizenReport.created', deptId: 2, data: { deviceId: pole.terminalId, problem: 'dark', alarmId: expect.any(Number), reportId: expect.any(Number) } });
    expect(got[0].body).not.toContain('13912345678');
    expect(got[0].body).not.toContain('203.0.113');
  });
});
