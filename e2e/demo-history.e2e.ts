import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../apps/web/src/shared/crypto/encrypt-password.js';
import { startProduct, type RunningProduct } from './support/server.js';

const DAY_MS = 86_400_000;
// One day keeps the run short; apps/server/test/demo-history.test.ts checks the whole week's content.
const DAYS = 1;
const WRITTEN = `demo history: the past ${DAYS} days written`;

async function call<T>(product: RunningProduct, url: string, token?: string, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${product.baseUrl}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json() as Promise<{ code: number; data: T }>;
}

async function signIn(product: RunningProduct): Promise<string> {
  const key = (await call<{ passwordKey: string }>(product, '/api/v1/app-config')).data.passwordKey;
  return (await call<{ token: string }>(product, '/api/login', undefined, { username: 'admin', password: encryptPassword('123456', key), code: '', uuid: '' })).data.token;
}

/** The rdc4m statistics of the written days, day by day. */
async function week(product: RunningProduct, token: string) {
  const to = new Date();
  const from = new Date(to.getTime() - DAYS * DAY_MS);
  return (await call<Array<{ day: string; energyKwh: number }>>(product, `/api/v1/heart/data/rdc4m/statistics?from=${from.toISOString()}&to=${to.toISOString()}`, token)).data;
}

describe('the demo history', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sl-demo-week-'));
  const env = { DATA_DIR: dataDir, DEMO_HISTORY_DAYS: String(DAYS), LOG_LEVEL: 'info' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is written in the background after the first start, and not again on the next', async () => {
    const first = await startProduct(env);
    try {
      // The address is printed before any of the past is written.
      expect(first.output()).not.toContain(WRITTEN);
      const token = await signIn(first);
      expect((await call(first, '/api/v1/getinfo', token)).code).toBe(200);
      // Waits for the state (the log line), not for a time.
      await expect.poll(() => first.output().includes(WRITTEN), { timeout: 280_000, interval: 1000 }).toBe(true);
      const days = await week(first, token);
      expect(days.length).toBeGreaterThanOrEqual(DAYS);
      expect(days.filter((d) => d.energyKwh > 0).length).toBeGreaterThanOrEqual(DAYS);
    } finally {
      await first.stop();
    }

    const second = await startProduct(env);
    try {
      const token = await signIn(second);
      expect((await week(second, token)).length).toBeGreaterThanOrEqual(DAYS);
      // The marker row stops a second writing.
      await expect.poll(() => second.output().includes('demo history: already written for this database'), { timeout: 60_000, interval: 500 }).toBe(true);
      expect(second.output()).not.toContain(WRITTEN);
      expect(second.output()).not.toContain('demo history could not be written');
    } finally {
      await second.stop();
    }
  }, 400_000);
});
