import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { heartbeats } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

describeEachEngine('terminal operations: list with lamps, downsampled history, batch commands', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let own: Caller;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = caller(t, await t.login());
    ids.lamp = (await addTerminal(admin, { deptId: 2, name: 'Quay lamp', imsi: '460011234567890' })).terminalId;
    ids.cabinet = (await addTerminal(admin, { deptId: 3, name: 'Cabinet three', model: 1, family: 'rdc4m' })).terminalId;
    ids.silent = (await addTerminal(admin, { deptId: 2, name: 'Never heard' })).terminalId;
    // Two days of minute heartbeats for the lamp: on with dim 40 during the first day, off the second.
    await t.database.db.insert(heartbeats).values(
      Array.from({ length: 2 * 24 * 60 }, (_, i) => ({
        terminalId: ids.lamp, mid: `h${i}`, ts: new Date(T0 + i * 60_000), model: 2,
        voltageA: 220 + (i % 10), currentA: 0.5, powerA: 0.1, powerFactor: 0.9, energyKwh: i / 60, dim: i < 1440 ? 40 : 0, on: i < 1440,
      })),
    );
    const role = await createRole(t.database.db, 'ops-own', { dataScope: '3', permissions: ['terminal:terminal:query', 'terminal:terminal:control'] });
    await createUser(t.database.db, 'ops2', 2, [role]);
    own = caller(t, await t.login('ops2'));
  });
  afterAll(() => t?.close());

  it('lists each terminal with its lamp state at the latest heartbeat, and finds it by name, serial or IMSI', async () => {
    const rows = (await admin.get('/terminal/list?pageSize=50')).data.list as Array<{ terminalId: number; lampOn: boolean | null; dim: number | null; readingAt: string | null }>;
    const lamp = rows.find((r) => r.terminalId === ids.lamp)!;
    expect(lamp).toMatchObject({ lampOn: false, dim: 0, readingAt: new Date(T0 + (2 * 1440 - 1) * 60_000).toISOString() });
    expect(rows.find((r) => r.terminalId === ids.silent)).toMatchObject({ lampOn: null, dim: null, readingAt: null });
    // The list writes a row's times from PostgreSQL's text of them, one terminal's own page through a Date: the same.
    await t.database.db.execute(sql`update terminal set last_seen_at = '2026-01-02 03:04:05.678912+00' where terminal_id = ${ids.lamp}`);
    const times = ({ lastSeenAt, createdAt, updatedAt }: Record<string, unknown>) => ({ lastSeenAt, createdAt, updatedAt });
    const listed = (await admin.get('/terminal/list?pageSize=50')).data.list.find((r: { terminalId: number }) => r.terminalId === ids.lamp);
    expect(times(listed)).toEqual(times((await admin.get(`/terminal/info/${ids.lamp}`)).data));
    expect(listed.lastSeenAt).toBe('2026-01-02T03:04:05.678Z');
    const found = async (keyword: string) => ((await admin.get(`/terminal/list?keyword=${encodeURIComponent(keyword)}`)).data.list as Array<{ terminalId: number }>).map((r) => r.terminalId);
    expect(await found('quay')).toEqual([ids.lamp]);
    expect(await found('4600112345')).toEqual([ids.lamp]);
    expect(await found('cabinet')).toEqual([ids.cabinet]);
    expect((await admin.get(`/terminal/list?keyword=${'x'.repeat(65)}`)).code).toBe(400);
  });

  it("shows a lamp heard in the last day at its newest reading (none beyond the clock skew), beside older and silent ones, in id order on every page", async () => {
    const heard = (await addTerminal(admin, { deptId: 2, name: 'Heard lately' })).terminalId;
    const now = Date.now();
    await t.database.db.insert(heartbeats).values([
      { terminalId: heard, mid: 'old', ts: new Date(now - 3 * 24 * HOUR), model: 2, dim: 80, on: true },
      { terminalId: heard, mid: 'mid', ts: new Date(now - 5 * HOUR), model: 2, dim: 20, on: true },
      { terminalId: heard, mid: 'new', ts: new Date(now - 10 * 60_000), model: 2, dim: 55, on: false },
      // Beyond the clock skew the gateway accepts (DEVICE_CLOCK_SKEW_S): never stored by it, and not the latest.
      { terminalId: heard, mid: 'ahead', ts: new Date(now + 2 * 24 * HOUR), model: 2, dim: 99, on: true },
    ]);
    const all = [ids.lamp, ids.cabinet, ids.silent, heard].sort((a, b) => a - b);
    const listed: Array<{ terminalId: number; lampOn: boolean | null; dim: number | null; readingAt: string | null }> = [];
    for (let page = 1; page <= 4; page++) listed.push(...(await admin.get(`/terminal/list?pageSize=1&pageIndex=${page}`)).data.list);
    expect(listed.map((r) => r.terminalId)).toEqual(all);
    const twoAPage = [...(await admin.get('/terminal/list?pageSize=2&pageIndex=2')).data.list, ...(await admin.get('/terminal/list?pageSize=2&pageIndex=1')).data.list];
    expect(twoAPage.map((r: { terminalId: number }) => r.terminalId)).toEqual([...all.slice(2), ...all.slice(0, 2)]);
    const byId = new Map(listed.map((r) => [r.terminalId, r]));
    expect(byId.get(heard)).toMatchObject({ lampOn: false, dim: 55, readingAt: new Date(now - 10 * 60_000).toISOString() });
    expect(byId.get(ids.lamp)).toMatchObject({ lampOn: false, dim: 0, readingAt: new Date(T0 + (2 * 1440 - 1) * 60_000).toISOString() });
    expect(byId.get(ids.silent)).toMatchObject({ lampOn: null, dim: null, readingAt: null });
  });

  it('cuts any range into at most `points` buckets in SQL, with means, the meter reading and the on share', async () => {
    const day = (await admin.get(`/terminal/history/${ids.lamp}?from=${T0}&to=${T0 + 24 * HOUR}&points=24`)).data;
    expect(day.bucketS).toBe(3600);
    expect(day.points).toHaveLength(25); // 24 hours plus the bucket holding the closing minute
    expect(day.points[0]).toMatchObject({ t: new Date(T0).toISOString(), samples: 60, voltageA: 224.5, onShare: 1, dim: 40, powerKw: 0.1, energyKwh: expect.closeTo(59 / 60, 3) });
    const both = (await admin.get(`/terminal/history/${ids.lamp}?from=${T0}&to=${T0 + 48 * HOUR}`)).data;
    expect(both.points.length).toBeLessThanOrEqual(301);
    expect(both.points.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBe(2 * 1440);
    expect(both.points.at(-1).onShare).toBe(0);
    const month = (await admin.get(`/terminal/history/${ids.lamp}?from=${T0 - 28 * 24 * HOUR}&to=${T0 + 2 * 24 * HOUR}&points=300`)).data;
    // Over two days the buckets are whole hours (they regroup hourly rollups): 30 days / 300 points → 3 hours.
    expect(month.bucketS).toBe(3 * 3600);
    expect(month.points.length).toBeLessThanOrEqual(301);
    expect(month.points.reduce((n: number, p: { samples: number }) => n + p.samples, 0)).toBe(2 * 1440);
  });

  it('refuses bad ranges with a message and answers 404 outside the scope', async () => {
    expect((await admin.get(`/terminal/history/${ids.lamp}?from=${T0}&to=${T0 - 1}`)).msg).toMatch(/from must be earlier than to/);
    expect((await admin.get(`/terminal/history/${ids.lamp}?from=${T0 - 400 * 24 * HOUR}&to=${T0}`)).msg).toMatch(/at most 366 days/);
    expect((await admin.get(`/terminal/history/${ids.lamp}?points=5`)).code).toBe(400);
    expect((await own.get(`/terminal/history/${ids.lamp}?from=${T0}&to=${T0 + HOUR}`)).code).toBe(200);
    expect((await own.get(`/terminal/history/${ids.cabinet}`)).code).toBe(404);
  });

  it('exports the filtered list as an xlsx workbook with the lamp state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/terminal/export?keyword=quay', headers: { authorization: `Bearer ${await t.login()}` } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(3).value).toBe('Quay lamp');
    expect(ws.getRow(2).getCell(7).value).toBe('关 Off');
  });

  it('batch: checks every terminal against the scope before sending anything, and validates the action', async () => {
    expect((await own.post('/terminal/batch/command', { terminalIds: [ids.lamp, ids.cabinet], action: 'off' })).code).toBe(404);
    expect((await own.post('/terminal/batch/command', { terminalIds: [ids.lamp], action: 'dim' })).msg).toMatch(/level is required/);
    expect((await own.post('/terminal/batch/command', { terminalIds: [], action: 'on' })).msg).toMatch(/must not be empty/);
    expect((await own.post('/terminal/batch/command', { terminalIds: [ids.lamp], action: 'blink' })).msg).toMatch(/action must be/);
  });
});
