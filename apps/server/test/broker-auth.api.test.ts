import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalStatus } from '@sl/contracts';
import { terminals } from '../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const KEY = 'broker-key-0123456789';

describeEachEngine('external broker authentication', (engine) => {
  let t: TestApp;
  let term: TestTerminal;
  beforeAll(async () => {
    t = await createTestApp(engine, { BROKER_AUTH_KEY: KEY, MQTT_URL: 'mqtt://sl-gateway:gw-pass@broker:1883' });
    term = await insertTerminal(t.database.db, { family: 'rdcsm' });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object | string, headers: Record<string, string> = { 'x-broker-key': KEY }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/mqtt/${url}`, headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers, payload });
  const id = () => `${term.family}:${term.sn}`;

  it('lets a terminal in with its own secret, as JSON or as a form, and the key as header or query', async () => {
    const ok = await post('auth', { username: id(), password: term.secret, clientid: id() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'allow', ok: true, is_superuser: false });
    const form = new URLSearchParams({ username: id(), password: term.secret, clientid: id() }).toString();
    expect((await post(`auth?key=${KEY}`, form, {})).statusCode).toBe(200);
    expect((await post('auth', { username: 'sl-gateway', password: 'gw-pass', clientid: 'sl-gateway-1' })).statusCode).toBe(200);
  });

  it('refuses a wrong secret, another client id, an unknown or scrapped terminal, and the gateway with a wrong password', async () => {
    const refused = async (body: object) => {
      const res = await post('auth', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: 'deny', ok: false });
    };
    await refused({ username: id(), password: 'wrong', clientid: id() });
    await refused({ username: id(), password: term.secret, clientid: 'rdcsm:OTHER01' });
    await refused({ username: 'rdcsm:NOBODY01', password: term.secret, clientid: 'rdcsm:NOBODY01' });
    await refused({ username: 'sl-gateway', password: 'nope', clientid: 'x' });
    const scrapped = await insertTerminal(t.database.db, { family: 'rdc4m' });
    await t.database.db.update(terminals).set({ status: TerminalStatus.scrapped }).where(eq(terminals.terminalId, scrapped.terminalId));
    const sid = `rdc4m:${scrapped.sn}`;
    await refused({ username: sid, password: scrapped.secret, clientid: sid });
  });

  it("keeps a terminal inside its own topics and lets the gateway's account subscribe up and publish down", async () => {
    const acl = async (body: object) => (await post('acl', body)).statusCode === 200;
    const own = `sl/${term.family}/${term.sn}`;
    expect(await acl({ username: id(), topic: `${own}/up/heartbeat`, action: 'publish' })).toBe(true);
    expect(await acl({ username: id(), topic: `${own}/up/heartbeat`, acc: 2 })).toBe(true);
    expect(await acl({ username: id(), topic: `${own}/down/#`, action: 'subscribe' })).toBe(true);
    expect(await acl({ username: id(), topic: `${own}/down/ack`, acc: 1 })).toBe(true);
    expect(await acl({ username: id(), topic: `${own}/down/command`, acc: 2 })).toBe(false);
    expect(await acl({ username: id(), topic: 'sl/rdcsm/OTHER01/up/heartbeat', action: 'publish' })).toBe(false);
    expect(await acl({ username: id(), topic: 'sl/#', action: 'subscribe' })).toBe(false);
    expect(await acl({ username: id(), topic: `${own}/up/+`, action: 'publish' })).toBe(false);
    expect(await acl({ username: 'sl-gateway', topic: '$share/sl-gateway/sl/+/+/up/+', action: 'subscribe' })).toBe(true);
    expect(await acl({ username: 'sl-gateway', topic: `${own}/up/heartbeat`, acc: 1 })).toBe(true);
    expect(await acl({ username: 'sl-gateway', topic: `${own}/down/command`, action: 'publish' })).toBe(true);
    expect(await acl({ username: 'sl-gateway', topic: 'sl/#', action: 'subscribe' })).toBe(false);
    expect((await post('superuser', { username: 'sl-gateway' })).statusCode).toBe(403);
  });

  it('answers 401 without the key and 400 on malformed input', async () => {
    expect((await post('auth', { username: id(), password: term.secret, clientid: id() }, {})).statusCode).toBe(401);
    expect((await post('auth', { username: id() }, { 'x-broker-key': 'wrong-key-0123456789' })).statusCode).toBe(401);
    expect((await post('auth', { username: 42 })).statusCode).toBe(400);
    expect((await post('acl', { username: id(), topic: 'x' })).json().msg).toMatch(/action or acc/);
    expect((await post('acl', { username: id(), topic: 'x', acc: 9 })).statusCode).toBe(400);
    expect((await post('auth', { username: 'u'.repeat(200_000) })).statusCode).toBe(400);
  });
});

describe('external broker authentication without BROKER_AUTH_KEY', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp('pglite')));
  afterAll(() => t?.close());

  it('is switched off', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/mqtt/auth', payload: { username: 'rdcsm:T0001', password: 'x', clientid: 'rdcsm:T0001' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(/BROKER_AUTH_KEY/);
  });
});
