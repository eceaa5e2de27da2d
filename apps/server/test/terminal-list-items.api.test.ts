import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

/**
 * A list page's rows come from their own prepared statement with their times as text rewritten in place
 * (devices/terminal/terminal-list-rows.ts, db/iso-timestamp.ts), one terminal's from the table's row with Dates: both
 * must say the same of every terminal, whatever its text, position, times and zone.
 */
describeEachEngine('terminal list items and one terminal\'s answer', (engine) => {
  let t: TestApp;
  let api: Caller;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
    const texts = ['Quote " and \\ backslash', 'Dollar $& $1 $$ pattern', '路灯 东区 🚦', 'tab\tand newline\n', '</script><b>'];
    const positions: Array<[number | null, number | null]> = [[121.4737, 31.2304], [0.00001, -0.000003], [null, null], [-73.985656, 40.748433], [179.999999, -89.5]];
    for (let i = 0; i < texts.length; i++) {
      const [lng, lat] = positions[i];
      const added = await addTerminal(api, {
        name: texts[i], area: texts[(i + 1) % texts.length], address: texts[(i + 2) % texts.length], remark: texts[(i + 3) % texts.length],
        family: i % 2 ? 'rdc4m' : 'rdcsm', model: i % 2 ? 1 : 2, lng, lat, deptId: [2, 3, 5][i % 3],
        ...(i === 1 ? { timeZone: 'Europe/Oslo', installDate: '2024-02-29', ratedPowerW: 150 } : {}),
      });
      ids.push(added.terminalId);
    }
    // Times with microseconds (the API shows milliseconds, cut rather than rounded), and none.
    await t.database.db.execute(sql`update terminal set last_seen_at = '2026-12-07 23:59:59.999999+00', created_at = '2025-01-01 00:00:00.0005+00' where terminal_id = ${ids[0]}`);
    await t.database.db.execute(sql`update terminal set last_seen_at = '2026-06-30 12:34:56+08' where terminal_id = ${ids[1]}`);
    await t.database.db.execute(sql`update sys_dept set time_zone = 'Asia/Tokyo' where dept_id = 5`);
  });
  afterAll(() => t?.close());

  it('lists each terminal with exactly the fields and values of its own answer, and the lamp fields besides', async () => {
    const listed = await api.get(`/terminal/list?pageSize=50&status=6`);
    expect(listed.code).toBe(200);
    const items = new Map<number, Record<string, unknown>>(listed.data.list.map((item: { terminalId: number }) => [item.terminalId, item]));
    for (const id of ids) {
      const { latestHeartbeat: _latest, ...one } = (await api.get(`/terminal/info/${id}`)).data;
      const { lampOn, dim, readingAt, ...item } = items.get(id)!;
      expect(item).toEqual(one);
      expect(Object.keys(item).sort()).toEqual(Object.keys(one).sort());
      expect([lampOn, dim, readingAt]).toEqual([null, null, null]);
    }
    const first = items.get(ids[0])!;
    expect(first).toMatchObject({ name: 'Quote " and \\ backslash', lastSeenAt: '2026-12-07T23:59:59.999Z', createdAt: '2025-01-01T00:00:00.000Z', lng: 121.4737 });
    expect(items.get(ids[1])).toMatchObject({ lastSeenAt: '2026-06-30T04:34:56.000Z', installDate: '2024-02-29', ratedPowerW: 150, zone: { timeZone: 'Europe/Oslo', source: 'terminal' }, lng: 0.00001, lat: -0.000003 });
    expect(items.get(ids[2])).toMatchObject({ lng: null, lat: null, zone: { timeZone: 'Asia/Tokyo', source: 'department' } });
  });

  it('answers the same items on the family and box lists', async () => {
    const listed = (await api.get(`/terminal/list?pageSize=50&status=6`)).data.list;
    const byId = new Map(listed.map((item: { terminalId: number }) => [item.terminalId, item]));
    for (const family of ['rdcsm', 'rdc4m']) {
      const page = await api.get(`/${family}/terminal/list?pageSize=50&status=6`);
      expect(page.data.count).toBe(page.data.list.length);
      for (const item of page.data.list) expect(item).toEqual(byId.get(item.terminalId));
    }
    const unboxed = await api.get('/terminal/box/unMount/list?pageSize=50&status=6');
    for (const item of unboxed.data.list) expect(item).toEqual(byId.get(item.terminalId));
    expect(unboxed.data.list.map((i: { terminalId: number }) => i.terminalId)).toEqual(expect.arrayContaining(ids));
  });

  it('reads a lamp state older than the last day into the same item', async () => {
    await t.database.db.execute(sql`insert into heartbeat (terminal_id, mid, model, ts, "on", dim) values (${ids[4]}, 'old-1', 2, now() - interval '3 days', true, 40)`);
    const item = (await api.get(`/terminal/list?pageSize=50&status=6`)).data.list.find((i: { terminalId: number }) => i.terminalId === ids[4]);
    expect(item).toMatchObject({ lampOn: true, dim: 40 });
    expect(Date.now() - Date.parse(item.readingAt)).toBeGreaterThan(2.9 * 86_400_000);
  });
});
