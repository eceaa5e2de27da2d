import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Fleet } from '@sl/simulator';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { ANSWERED_TTL_MS } from './support/command-ttl.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

/** Department 2 holds department 5 below it; department 3 lies beside it (the seed's tree). */
const OWN = 2;
const BELOW = 5;
const OTHER = 3;

describeEachEngine('the open API: client credentials, scopes, departments and cursor paging', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const inside: number[] = [];
  let outside: number;
  let fleet: Fleet | undefined;

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMAND_TTL_MS: String(ANSWERED_TTL_MS) }, { withGateway: true });
    admin = bearer(await t.login());
    for (const deptId of [OWN, OWN, BELOW, OWN, BELOW]) inside.push((await insertTerminal(t.database.db, { deptId })).terminalId);
    outside = (await insertTerminal(t.database.db, { deptId: OTHER })).terminalId;
    for (const terminalId of [inside[0], inside[2], outside]) {
      const added = (await t.app.inject({ method: 'POST', url: '/api/v1/alarm/add', headers: admin, payload: { terminalId, kind: 'leakage', message: 'open api test' } })).json();
      expect(added.code).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  async function client(scopes: string[], rateLimitPerMinute = 1000) {
    const res = (await t.app.inject({ method: 'POST', url: '/api/v1/open/clients', headers: admin, payload: { name: `c-${scopes.join('+')}-${rateLimitPerMinute}`, deptId: OWN, scopes, rateLimitPerMinute } })).json();
    expect(res.code).toBe(200);
    const { clientId } = res.data.client;
    // A standard OAuth 2.0 client sends a form body.
    const token = await t.app.inject({
      method: 'POST', url: '/api/open/v1/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: res.data.clientSecret }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
    return { id: res.data.client.id as number, clientId: clientId as string, secret: res.data.clientSecret as string, h: bearer(token.json().access_token) };
  }

  /** Every page by cursor, `limit` at a time. */
  async function all(url: string, h: Record<string, string>, limit = 2) {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res: { code: number; data: { items: Array<{ id: number }>; nextCursor: string | null } } = (await t.app.inject({ url: `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, headers: h })).json();
      expect(res.code).toBe(200);
      expect(res.data.items.length).toBeLessThanOrEqual(limit);
      ids.push(...res.data.items.map((i) => i.id));
      cursor = res.data.nextCursor;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  /** The reference: ids of rows whose department is department 2 or below it, straight from SQL. */
  const inScope = async (table: 'terminal' | 'alarm', idColumn: string) =>
    rowsOf<{ id: number }>(await t.database.db.execute(sql`
      select ${sql.raw(idColumn)} as id from ${sql.raw(table)} where dept_id in (select dept_id from sys_dept where dept_path = '/0/1/2' or dept_path like '/0/1/2/%') order by 1`)).map((r) => Number(r.id));

  it('lists the devices and events of its department and below by cursor, is refused commands (403) and other departments (404)', async () => {
    const reader = await client(['fleet:read', 'alarms:read']);
    const devices = await all('/api/open/v1/devices', reader.h);
    expect(devices.ids).toEqual(await inScope('terminal', 'terminal_id'));
    expect(devices.ids).toEqual(expect.arrayContaining(inside));
    expect(devices.ids).not.toContain(outside);
    expect(devices.pages).toBeGreaterThan(2);

    const events = await all('/api/open/v1/events', reader.h, 1);
    expect(events.ids).toEqual(await inScope('alarm', 'alarm_id'));
    expect(events.ids.length).toBeGreaterThanOrEqual(2);

    const one = (await t.app.inject({ url: `/api/open/v1/devices/${inside[2]}`, headers: reader.h })).json();
    expect(one.data).toMatchObject({ id: inside[2], deptId: BELOW, functions: expect.arrayContaining([expect.objectContaining({ type: 'controller' })]) });

    const command = await t.app.inject({ method: 'POST', url: `/api/open/v1/devices/${inside[0]}/commands`, headers: reader.h, payload: { action: 'switchOn' } });
    expect([command.statusCode, command.json().code]).toEqual([403, 403]);
    const foreign = await t.app.inject({ url: `/api/open/v1/devices/${outside}`, headers: reader.h });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 404]);
    const readings = await t.app.inject({ url: `/api/open/v1/devices/${inside[0]}/readings`, headers: reader.h });
    expect(readings.statusCode).toBe(403); // no readings:read

    expect((await t.app.inject({ url: '/api/open/v1/devices', headers: bearer('not-a-token') })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/open/v1/devices', headers: admin })).statusCode).toBe(401); // a console token is no client token
    const badCursor = await t.app.inject({ url: '/api/open/v1/devices?cursor=bm9wZQ', headers: reader.h });
    expect([badCursor.statusCode, badCursor.json().msg]).toEqual([400, expect.stringContaining('cursor')]);

    const logged = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from sys_oper_log where username = ${`api:c-fleet:read+alarms:read-1000`} and url like '/api/open/v1/%'`));
    expect(logged[0].n).toBeGreaterThanOrEqual(devices.pages + events.pages + 5);
  });

  it('refuses a wrong secret, a scope the client lacks, and calls over its rate limit', async () => {
    const limited = await client(['fleet:read'], 3);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/open/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: limited.clientId, client_secret: 'x' + limited.secret } });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_client']);
    const basic = `Basic ${Buffer.from(`${limited.clientId}:${limited.secret}`).toString('base64')}`;
    const scope = await t.app.inject({ method: 'POST', url: '/api/open/v1/oauth/token', headers: { authorization: basic }, payload: { grant_type: 'client_credentials', scope: 'lamps:command' } });
    expect([scope.statusCode, scope.json().error]).toEqual([400, 'invalid_scope']);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/api/open/v1/devices?limit=1', headers: limited.h })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('caps token requests before the secret is checked: a burst of 30 guesses for one client checks 10, in the caller\'s language', async () => {
    const target = await client(['fleet:read']);
    const guess = (i: number, lang: string) =>
      t.app.inject({ method: 'POST', url: '/api/open/v1/oauth/token', remoteAddress: `198.51.100.${i % 3}`, headers: { 'accept-language': lang }, payload: { grant_type: 'client_credentials', client_id: target.clientId, client_secret: `guess-${i}` } });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i, i % 2 ? 'zh-CN' : 'en-US')));
    const byStatus = answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.statusCode]: (n[r.statusCode] ?? 0) + 1 }), {});
    // The client made one request of its own for its token: 9 guesses are checked (401), 21 refused unchecked.
    expect(byStatus).toEqual({ 401: 9, 429: 21 });
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.map((r) => r.json().error_description)).toEqual(expect.arrayContaining([expect.stringMatching(/^Too many token requests; try again in \d+ s$/), expect.stringMatching(/^令牌请求过于频繁，请 \d+ 秒后再试$/)]));
    // The right secret is refused too while the window is full.
    const right = await t.app.inject({ method: 'POST', url: '/api/open/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: target.clientId, client_secret: target.secret } });
    expect(right.statusCode).toBe(429);
    // A malformed Basic escape is a wrong client, not a server error.
    const basic = `Basic ${Buffer.from('%zz:%zz').toString('base64')}`;
    const odd = await t.app.inject({ method: 'POST', url: '/api/open/v1/oauth/token', remoteAddress: '192.0.2.77', headers: { authorization: basic }, payload: { grant_type: 'client_credentials' } });
    expect([odd.statusCode, odd.json().error]).toEqual([401, 'invalid_client']);
  });

  it('switches a lamp through the command service with a command-scope client and answers the outcome', async () => {
    const commander = await client(['fleet:read', 'lamps:command']);
    const lamp = await insertTerminal(t.database.db, { deptId: BELOW, family: 'rdc4m', model: 1, loops: 2, phases: 3 });
    fleet = new Fleet([{ family: 'rdc4m', sn: lamp.sn, secret: lamp.secret, model: 1, loops: 2, phases: 3, lat: 31.23, lng: 121.47, heartbeatS: 60 }], { url: t.gateway!.url, ackTimeoutMs: 2000 });
    await fleet.start();
    await fleet.waitConnected(1, 15_000);
    const sent = (await t.app.inject({ method: 'POST', url: `/api/open/v1/devices/${lamp.terminalId}/commands`, headers: commander.h, payload: { action: 'switchOn' } })).json();
    expect(sent).toMatchObject({ code: 200, data: { deviceId: lamp.terminalId, action: 'light.open', state: 'succeeded' } });
    expect(fleet.terminal(lamp.sn)!.state.loops.every(Boolean)).toBe(true);
    const again = (await t.app.inject({ url: `/api/open/v1/commands/${sent.data.id}`, headers: commander.h })).json();
    expect(again.data).toEqual(sent.data);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/open/v1/devices/${outside}/commands`, headers: commander.h, payload: { action: 'switchOff' } });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/open/v1/devices/${lamp.terminalId}/commands`, headers: commander.h, payload: { action: 'dim' } });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, expect.stringContaining('level')]);
  }, 60_000);

  it('serves its own OpenAPI document without a token', async () => {
    const doc = (await t.app.inject({ url: '/api/open/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/devices', '/events', '/devices/{deviceId}/commands', '/calendars', '/overrides', '/oauth/token']));
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes).toHaveProperty('lamps:command');
  });
});
