import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { seedDatabase } from '../src/seed/seed.js';
import { installationId } from '../src/system/installation/installation-service.js';
import { openTestDatabase } from './support/engines.js';
import { LENIENT_THROTTLE, TEST_SECRET } from './support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!redisUp) console.warn(`Redis at ${REDIS_URL} is not reachable: the Redis run of the shared QR states test is skipped.`);

/** Two instances on one database; with `REDIS_URL` their QR states live in Redis instead. */
describe.each([
  { store: 'database', env: {} as Record<string, string>, skip: false },
  { store: 'Redis', env: { REDIS_URL }, skip: !redisUp },
])('QR sign-in states shared by two instances ($store)', ({ env, skip }) => {
  let database: Database;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  beforeAll(async () => {
    if (skip) return;
    const config = loadConfig({ CAPTCHA: 'false', JWT_SECRET: TEST_SECRET, DATA_DIR: '/tmp/sl-test-unused', ...env });
    database = await openTestDatabase('pglite');
    await seedDatabase(database.db, config);
    for (let i = 0; i < 2; i++) apps.push(await buildApp({ config, database, throttle: LENIENT_THROTTLE }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it.skipIf(skip)('confirms on one instance a QR code shown by the other, and exchanges its code on the first', async () => {
    const [one, two] = apps;
    const state = new URL((await one.inject('/api/wx/pc/qrcode')).json().data.authorizeUrl).searchParams.get('state')!;
    const confirmed = (await two.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload: { state, openId: 'shared-open-id' } })).json();
    expect(confirmed.code).toBe(200);
    const code = new URL(confirmed.data.redirect, 'http://console').searchParams.get('code')!;
    const payload = { appid: 'sl-standin', code, grant_type: 'authorization_code' };
    expect((await one.inject({ method: 'POST', url: '/api/wx/pc/accesstoken/code', payload })).json()).toMatchObject({ code: 200, data: { openId: 'shared-open-id' } });
    expect((await two.inject({ method: 'POST', url: '/api/wx/pc/accesstoken/code', payload })).json()).toMatchObject({ code: 400 });
    if (env.REDIS_URL) {
      const redis = new Redis(REDIS_URL);
      try {
        // Under this installation's prefix (the id stored in its database), not a server-wide key.
        const id = await installationId({}, database.db);
        expect(await redis.pttl(`sl:${id}:wx-state:${state}`)).toBeGreaterThan(0);
        expect(await redis.exists(`sl:wx-state:${state}`)).toBe(0);
      } finally {
        redis.disconnect();
      }
    }
  });
});
