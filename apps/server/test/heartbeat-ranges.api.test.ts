import { afterAll, beforeAll, expect, it } from 'vitest';
import { heartbeats } from '../src/db/schema/index.js';
import { ensurePartitions } from '../src/fleet/partitions.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * One terminal's readings over ten day partitions, asked again and again with other ranges and pages: the history and
 * the heartbeat list run as prepared statements (db/prepared.ts), and on PostgreSQL from the sixth call a kept generic
 * plan prunes the partitions when it runs. Every answer is checked against the inserted readings filtered here.
 */
describeEachEngine('heartbeat ranges over day partitions', (engine) => {
  let t: TestApp;
  let api: Caller;
  let terminalId: number;
  let other: number;
  // Every 5 hours over the last 9 days, newest first as the API lists them.
  const start = Math.floor(Date.now() / DAY) * DAY - 9 * DAY;
  const stamps = Array.from({ length: 9 * 24 / 5 }, (_, i) => start + i * 5 * HOUR + 7 * 60_000).reverse();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensurePartitions(t.database.db, new Date(start), new Date(start + 10 * DAY));
    api = caller(t, await t.login());
    terminalId = (await addTerminal(api, { family: 'rdc4m' })).terminalId;
    other = (await addTerminal(api, { family: 'rdc4m' })).terminalId;
    await t.database.db.insert(heartbeats).values([
      ...stamps.map((ts, i) => ({ terminalId, mid: `r${i}`, ts: new Date(ts), model: 2, voltageA: 200 + (i % 40) })),
      ...stamps.map((ts, i) => ({ terminalId: other, mid: `o${i}`, ts: new Date(ts + 60_000), model: 2 })),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ranges = Array.from({ length: 9 }, (_, k) => ({
    from: start + k * 17 * HOUR,
    to: start + k * 17 * HOUR + (1 + (k % 4) * 2) * DAY,
    pageSize: 3 + k,
    pageIndex: 1 + (k % 3),
  }));

  it("pages a terminal's history for any range, call after call", async () => {
    for (const r of ranges) {
      const inside = stamps.filter((ts) => ts >= r.from && ts <= r.to);
      const expected = inside.slice((r.pageIndex - 1) * r.pageSize, r.pageIndex * r.pageSize).map((ts) => new Date(ts).toISOString());
      const url = `/terminal/datas/${terminalId}?pageIndex=${r.pageIndex}&pageSize=${r.pageSize}&from=${new Date(r.from).toISOString()}&to=${new Date(r.to).toISOString()}`;
      const res = await api.get(url);
      expect(res.code, `${url}: ${res.msg}`).toBe(200);
      const page = res.data;
      expect(page.count, url).toBe(inside.length);
      expect(page.list.map((h: { ts: string }) => h.ts), url).toEqual(expected);
      expect(page.list.every((h: { terminalId: number }) => h.terminalId === terminalId)).toBe(true);
    }
  });

  it("lists one terminal's heartbeats from any start, call after call", async () => {
    for (const r of ranges) {
      const inside = stamps.filter((ts) => ts >= r.from);
      const expected = inside.slice(0, r.pageSize).map((ts) => new Date(ts).toISOString());
      const url = `/heartList?pageSize=${r.pageSize}&terminalId=${terminalId}&from=${new Date(r.from).toISOString()}`;
      const res = await api.get(url);
      expect(res.code, `${url}: ${res.msg}`).toBe(200);
      const page = res.data;
      expect(page.count, url).toBe(inside.length);
      expect(page.list.map((h: { ts: string }) => h.ts), url).toEqual(expected);
    }
    // Without a start: the newest first, over every partition, then the week and the day windows.
    for (let k = 0; k < 7; k++) {
      const page = (await api.get(`/heartList?pageSize=${4 + k}&terminalId=${terminalId}`)).data;
      expect(page.count).toBe(stamps.length);
      expect(page.list.map((h: { ts: string }) => h.ts)).toEqual(stamps.slice(0, 4 + k).map((ts) => new Date(ts).toISOString()));
    }
  });

  it('answers pages of both terminals asked at once, each with its own rows (one kept statement, many values in flight)', async () => {
    const asks = ranges.flatMap((r) => [terminalId, other].flatMap((id) => {
      const shift = id === other ? 60_000 : 0;
      const inside = stamps.map((ts) => ts + shift).filter((ts) => ts >= r.from && ts <= r.to);
      const range = `from=${new Date(r.from).toISOString()}&to=${new Date(r.to).toISOString()}`;
      return [
        { id, url: `/terminal/datas/${id}?pageIndex=1&pageSize=${r.pageSize}&${range}`, inside },
        { id, url: `/heartList?pageSize=${r.pageSize}&terminalId=${id}&${range}`, inside },
      ];
    }));
    const answers = await Promise.all(asks.map((a) => api.get(a.url)));
    for (const [i, { id, url, inside }] of asks.entries()) {
      const page = answers[i].data;
      expect(page.count, url).toBe(inside.length);
      expect(page.list.map((h: { ts: string }) => h.ts), url).toEqual(inside.slice(0, page.list.length).map((ts) => new Date(ts).toISOString()));
      expect(page.list.length, url).toBe(Math.min(inside.length, Number(new URL(url, 'http://x').searchParams.get('pageSize'))));
      expect(page.list.every((h: { terminalId: number }) => h.terminalId === id), url).toBe(true);
    }
  });
});
