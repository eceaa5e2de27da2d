import type { CommandParams, PlanCalendarDay, ProgramStep } from '@sl/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const SHANGHAI = { lat: 31.23, lng: 121.47 };
const WEEKDAY: ProgramStep[] = [{ at: 'sunset', action: 'on' }, { at: '23:00', action: 'off' }];
const HOLIDAY: ProgramStep[] = [{ at: 'sunset', action: 'on' }, { at: '23:00', action: 'dim', level: 60 }, { at: 'sunrise', action: 'off' }];

/**
 * Calendars with rules (issue 30): a plan's policy is the default program; a holiday rule replaces it on its dates
 * only, without splitting the plan; the calendar says which rule wins each day; terminals are bound the winning
 * program of their own local day (noon to noon when the plan says so).
 */
describeEachEngine('plan calendars with rules', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let token: string;
  let lamp: number;
  let weekday: number;
  let holiday: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
    admin = caller(t, token);
    lamp = (await addTerminal(admin, { deptId: 2, ...SHANGHAI, timeZone: 'Asia/Shanghai' })).terminalId;
    weekday = (await admin.post('/policy/addData', { name: 'weekday', family: 'rdcsm', model: 2, steps: WEEKDAY })).data.id;
    holiday = (await admin.post('/policy/addData', { name: 'holiday', family: 'rdcsm', model: 2, steps: HOLIDAY })).data.id;
  });
  afterAll(async () => t?.close());

  const inLang = async (lang: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/plan/add', headers: { ...bearer(token), 'accept-language': lang }, payload })).json();
  const boundSteps = async () =>
    (JSON.parse(rowsOf<{ fingerprint: string }>(await t.database.db.execute(sql`select fingerprint from control_binding where terminal_id = ${lamp}`))[0].fingerprint) as CommandParams<'plan.bind'>).program;
  const reconcileAt = (iso: string) => t.app.services.control.downloads.reconcile(new Date(iso), [lamp]);
  const christmas = { name: 'Christmas', policyId: 0, dates: [{ from: '12-25', to: '12-25' }] };

  it('refuses bad rules in both languages and stores nothing', async () => {
    const base = { name: 'bad', policyId: weekday, groupMode: 1, targetIds: [lamp], startDate: '2026-12-01', endDate: '2026-12-31' };
    const en = await inLang('en-US', { ...base, rules: [{ name: 'x', policyId: holiday, dates: [{ from: '2026-12-25', to: '12-26' }] }] });
    expect(en).toMatchObject({ code: 400, msg: expect.stringContaining('both be dated') });
    const zh = await inLang('zh-CN', { ...base, rules: [{ name: 'x', policyId: holiday, weekdays: [9] }] });
    expect(zh.code).toBe(400);
    expect(zh.msg).toMatch(/rules\.0\.weekdays\.0/);
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await inLang('en-US', { ...base, dayStart: 'evening' })).code).toBe(400);
    const missing = await inLang('en-US', { ...base, rules: [{ name: 'x', policyId: 999_999 }] });
    expect(missing.code).not.toBe(200);
    expect(missing.msg).toMatch(/999999/);
    expect((await admin.post('/plan/list', { pageSize: 50 })).data.list.filter((p: { name: string }) => p.name === 'bad')).toEqual([]);
  });

  it('runs the holiday program on its date only, and the calendar says which rule wins each day', async () => {
    const res = await admin.post('/plan/add', { name: 'december', policyId: weekday, groupMode: 1, targetIds: [lamp], startDate: '2026-12-01', endDate: '2026-12-31', rules: [{ ...christmas, policyId: holiday }] });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ rules: [{ name: 'Christmas', policyId: holiday }], dayStart: 'midnight' });

    const days = (await admin.get(`/plan/calendar?from=2026-12-24&to=2026-12-26&terminalId=${lamp}`)).data as PlanCalendarDay[];
    expect(days.map((d) => d.plans.map((p) => ({ date: d.date, rule: p.rule?.name ?? null, policy: p.policyName, steps: p.steps })))).toEqual([
      [{ date: '2026-12-24', rule: null, policy: 'weekday', steps: 2 }],
      [{ date: '2026-12-25', rule: 'Christmas', policy: 'holiday', steps: 3 }],
      [{ date: '2026-12-26', rule: null, policy: 'weekday', steps: 2 }],
    ]);

    // Shanghai is UTC+8: 12:00 local on each day.
    await reconcileAt('2026-12-24T04:00:00Z');
    expect(await boundSteps()).toEqual(WEEKDAY);
    await reconcileAt('2026-12-25T04:00:00Z');
    expect(await boundSteps()).toEqual(HOLIDAY);
    // 23:30 on the 25th: still the holiday; 00:30 on the 26th: the weekday program again (midnight to midnight).
    await reconcileAt('2026-12-25T15:30:00Z');
    expect(await boundSteps()).toEqual(HOLIDAY);
    await reconcileAt('2026-12-25T16:30:00Z');
    expect(await boundSteps()).toEqual(WEEKDAY);
  });

  it('keeps the whole holiday night on the holiday program on a noon-to-noon calendar', async () => {
    const plan = (await admin.post('/plan/list', { pageSize: 50 })).data.list.find((p: { name: string }) => p.name === 'december');
    const res = await admin.put('/plan/update', { id: plan.id, name: 'december', policyId: weekday, groupMode: 1, targetIds: [lamp], startDate: '2026-12-01', endDate: '2026-12-31', dayStart: 'noon', rules: [{ ...christmas, policyId: holiday }] });
    expect(res.code).toBe(200);
    // 00:30 and 11:30 on the 26th belong to the 25th's night; 12:30 starts the 26th.
    await reconcileAt('2026-12-25T16:30:00Z');
    expect(await boundSteps()).toEqual(HOLIDAY);
    await reconcileAt('2026-12-26T03:30:00Z');
    expect(await boundSteps()).toEqual(HOLIDAY);
    await reconcileAt('2026-12-26T04:30:00Z');
    expect(await boundSteps()).toEqual(WEEKDAY);
    // And the morning of the 25th is still the 24th's.
    await reconcileAt('2026-12-25T01:00:00Z');
    expect(await boundSteps()).toEqual(WEEKDAY);
  });

  it('lets the first matching rule win: the last Friday of the month under a holiday that falls on it', async () => {
    const late = (await admin.post('/policy/addData', { name: 'late Friday', family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on' }, { at: '01:00', action: 'off' }] })).data.id;
    const other = (await addTerminal(admin, { deptId: 2, ...SHANGHAI, timeZone: 'Asia/Shanghai' })).terminalId;
    const res = await admin.post('/plan/add', {
      name: 'fridays', policyId: weekday, groupMode: 1, targetIds: [other], startDate: '2026-12-01', endDate: '2026-12-31',
      rules: [{ ...christmas, policyId: holiday }, { name: 'last Friday', policyId: late, weekdays: [5], weekOfMonth: -1 }],
    });
    expect(res.code).toBe(200);
    // 2026-12-25 is both Christmas and the last Friday of December: Christmas is first. 2026-11's last Friday is outside the plan.
    const days = (await admin.get(`/plan/calendar?from=2026-12-18&to=2026-12-25&terminalId=${other}`)).data as PlanCalendarDay[];
    const rules = Object.fromEntries(days.map((d) => [d.date, d.plans[0]?.rule?.name ?? null]));
    expect(rules).toEqual({ '2026-12-18': null, '2026-12-19': null, '2026-12-20': null, '2026-12-21': null, '2026-12-22': null, '2026-12-23': null, '2026-12-24': null, '2026-12-25': 'Christmas' });
    const november = (await admin.put('/plan/update', {
      id: res.data.id, name: 'fridays', policyId: weekday, groupMode: 1, targetIds: [other], startDate: '2026-12-01', endDate: '2026-12-31',
      rules: [{ name: 'last Friday', policyId: late, weekdays: [5], weekOfMonth: -1 }],
    })).data;
    expect(november.rules).toHaveLength(1);
    const after = (await admin.get(`/plan/calendar?from=2026-12-01&to=2026-12-31&terminalId=${other}`)).data as PlanCalendarDay[];
    expect(after.filter((d) => d.plans[0]?.rule).map((d) => d.date)).toEqual(['2026-12-25']);
  });
});
