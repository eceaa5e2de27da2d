import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushPath } from '@sl/contracts';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { forwardLog, type GatewayLog } from '../src/gateway/device-transport.js';
import type { Gateway } from '../src/gateway/gateway.js';
import { seedDatabase } from '../src/seed/seed.js';
import { createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, startTestGateway, type TestTerminal } from './support/gateway.js';
import { multipartBody } from './support/multipart.js';
import { connectPush, terminatePushSockets } from './support/push-client.js';
import { bearer, LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';

const OLD = 'Old-Log-Pa55-7319';
const NEW = 'New-Log-Pa55-8426';
const NEWER = 'Newer-Log-Pa55-9535';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/**
 * The whole log of a real server at its most talkative level, after a session that signs in,
 * opens pushes, uploads, changes its password, meets a server fault and has a terminal connect:
 * no token, password (plain, encrypted or hashed) or device secret may appear in it.
 */
describeEachEngine('no secrets in the log', (engine) => {
  const lines: string[] = [];
  const dataDir = `/tmp/sl-test-log-redaction-${engine}-${process.pid}`;
  const config = loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir });
  const cipher = new PasswordCipher(config.PASSWORD_KEY);
  let database: Database;
  let gateway: Gateway & { url: string };
  let app: FastifyInstance;
  let base: string;
  let terminal: TestTerminal;
  let device: MqttClient | undefined;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDatabase(database.db, config);
    await createUser(database.db, 'log_probe', 2, [2], OLD);
    let appLog: GatewayLog | undefined;
    gateway = await startTestGateway(database.db, {}, { log: forwardLog(() => appLog) });
    app = await buildApp({
      config, database, gateway,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      throttle: LENIENT_THROTTLE,
    });
    appLog = app.log.child({ module: 'gateway' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    terminal = await insertTerminal(database.db);
  });
  afterAll(async () => {
    terminatePushSockets();
    await device?.endAsync();
    await app?.close();
    await gateway?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = async (password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'log_probe', password: cipher.encrypt(password), code: '', uuid: '' } });
    return res.json() as { code: number; data: { token: string } };
  };
  const changePassword = (token: string, from: string, to: string) =>
    app.inject({ method: 'PUT', url: '/api/v1/user/pwd', headers: bearer(token), payload: { oldPassword: cipher.encrypt(from), newPassword: cipher.encrypt(to) } }).then((r) => r.json());

  it('signs in, opens pushes, uploads, changes the password, meets a fault and connects a terminal', async () => {
    const token = (await signIn(OLD)).data.token;
    secrets.token = token;
    const info = (await app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json().data;
    expect((await app.inject({ url: '/api/v1/getinfo', headers: { cookie: `Admin-Token=${token}` } })).statusCode).toBeLessThan(500);
    expect((await app.inject({ url: `/api/v1/getinfo?token=${token}&password=${OLD}`, headers: bearer(token) })).json().code).toBe(200);

    const push = await connectPush(`ws://${base}${pushPath('msg', info.uniqueId, info.userId)}?token=${token}`);
    const refused = await connectPush(`ws://${base}${pushPath('msg', info.uniqueId, info.userId + 1000)}?token=${token}`);
    await new Promise((resolve) => refused.ws.once('close', resolve));
    await connectPush(`ws://${base}/api/v1/ws/nowhere?token=${token}`).catch(() => undefined);
    await connectPush(`ws://${base}${pushPath('msg', info.uniqueId, info.userId)}?token=${token}x`).catch(() => undefined);
    push.ws.send('ping');

    const { body, contentType } = multipartBody('file', 'a.png', PNG, 'image/png');
    expect((await app.inject({ method: 'POST', url: '/api/v1/user/avatar', payload: body, headers: { ...bearer(token), 'content-type': contentType } })).json().code).toBe(200);

    expect((await changePassword(token, 'wrong-guess', NEW)).code).toBe(400);
    expect((await changePassword(token, OLD, NEW)).code).toBe(200);
    expect((await signIn(OLD)).code).toBe(400);
    const again = await signIn(NEW);
    expect(again.code).toBe(200);
    secrets.secondToken = again.data.token;
    secrets.hash = (await database.db.select({ h: users.passwordHash }).from(users).where(eq(users.username, 'log_probe')))[0].h;

    // A database fault in the middle of a password change: the failed query's parameters carry the new hash.
    await database.db.execute(sql.raw(`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`));
    await database.db.execute(sql.raw(`create trigger refuse_update before update on sys_user for each row execute function refuse_update()`));
    const fault = await changePassword(again.data.token, NEW, NEWER);
    await database.db.execute(sql.raw(`drop trigger refuse_update on sys_user`));
    await database.db.execute(sql.raw(`drop function refuse_update()`));
    expect(fault.code).toBe(500);

    device = await connectTerminal(gateway.url, terminal);
    const ack = nextMessage(device, terminal.down('ack'));
    await publishJson(device, terminal.up('hello'), { mid: 'h1', ts: Date.now(), model: 1, firmware: '1.0', loops: 4, phases: 3, heartbeatS: 60 });
    await ack;
    await expect(connectTerminal(gateway.url, terminal, `${terminal.secret}-wrong`)).rejects.toThrow();
    secrets.deviceSecret = terminal.secret;
  });

  it('writes none of the secrets, in any form, to the log', () => {
    expect(Object.keys(secrets).sort()).toEqual(['deviceSecret', 'hash', 'secondToken', 'token']); // the session above ran in full
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('"level":10'); // trace lines are there
    expect(log).toContain('/api/v1/ws/msg/');
    expect(log).toContain('token=[REDACTED]');
    expect(log).toContain('unhandled error');
    expect(log).toContain('busboyOptions'); // the multipart parser logs the request headers at trace
    const forbidden = {
      ...secrets,
      old: OLD, new: NEW, newer: NEWER,
      oldEncrypted: cipher.encrypt(OLD), newEncrypted: cipher.encrypt(NEW), newerEncrypted: cipher.encrypt(NEWER),
      wrongEncrypted: cipher.encrypt('wrong-guess'),
    };
    for (const [what, secret] of Object.entries(forbidden)) {
      expect(secret.length, what).toBeGreaterThan(8);
      expect(log.includes(secret), `${what} appears in the log`).toBe(false);
    }
    expect(log).not.toMatch(/\$2[abxy]?\$\d\d\$/); // no password hash at all
    expect(log).not.toMatch(/eyJ[\w-]{5,}\.[\w-]+\./); // no token at all
  });
});
