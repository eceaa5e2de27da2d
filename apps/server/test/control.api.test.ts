import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PolicyRow } from '@sl/contracts';
import { lampAssets, lampTypes } from '../src/db/schema/index.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
const PROGRAM = [
  { at: 'sunset', offsetMin: -10, action: 'on', level: 100 },
  { at: '23:00', action: 'dim', level: 50 },
  { at: 'sunrise', offsetMin: 10, action: 'off' },
];

describeEachEngine('control policies, templates, plans, emergency plans and sets', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let scoped: Caller; // dept 2, scope 3, every permission
  let inside: number[];
  let outside: number;
  let policy: PolicyRow;

  const inLang = async (lang: string, method: 'POST' | 'PUT', url: string, payload: object, token: string) =>
    (await t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), 'accept-language': lang }, payload })).json();
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    await createUser(db, 'ctl', 2, [await createRole(db, 'ctl-all', { dataScope: '3', permissions: '*' })]);
    adminToken = await t.login();
    admin = caller(t, adminToken);
    scoped = caller(t, await t.login('ctl'));
    inside = [];
    for (let i = 0; i < 3; i++) inside.push((await insertTerminal(db, { deptId: 2, lat: 31.23, lng: 121.47, name: `ctl lamp ${i}` })).terminalId);
    outside = (await insertTerminal(db, { deptId: 3, name: 'ctl outside' })).terminalId;
  });
  afterAll(() => t?.close());

  it('lists templates per family and starts a policy from one', async () => {
    const all = await admin.get('/policy/template/all?family=rdcsm');
    expect(all.code).toBe(200);
    const template = all.data.find((x: { name: string }) => x.name === '午夜调光');
    expect(template.steps).toEqual(PROGRAM.map((s) => ({ ...s })));
    const res = await scoped.post('/policy/addData', { name: 'midnight dim', family: 'rdcsm', model: 2, templateId: template.id, steps: template.steps });
    expect(res.code).toBe(200);
    policy = res.data;
    expect(policy).toMatchObject({ kind: 'policy', deptId: 2, openMode: 2, steps: PROGRAM });
    expect((await scoped.get(`/policy/getData?id=${policy.id}`)).data.name).toBe('midnight dim');
    expect((await scoped.post('/policy/pageList', { name: 'midnight' })).data.count).toBe(1);
  });

  it('refuses contradictory and overlapping steps in both languages and stores nothing', async () => {
    const body = { name: 'bad', family: 'rdcsm', model: 2, steps: [...PROGRAM, { at: '23:00', action: 'off' }] };
    const zh = await inLang('zh-CN', 'POST', '/policy/addData', body, adminToken);
    const en = await inLang('en-US', 'POST', '/policy/addData', body, adminToken);
    expect(zh).toMatchObject({ code: 400, msg: expect.stringContaining('第 2 步与第 4 步') });
    expect(en).toMatchObject({ code: 400, msg: expect.stringContaining('Steps 2 and 4 act on the same loops at the same moment (23:00)') });
    const dup = await inLang('en-US', 'POST', '/policy/addData', { ...body, steps: [...PROGRAM, PROGRAM[0]] }, adminToken);
    expect(dup.msg).toContain('Steps 1 and 4 are the same');
    const neverOff = await inLang('zh-CN', 'PUT', '/policy/updateData', { ...body, id: policy.id, steps: [{ at: 'sunset', action: 'on' }] }, adminToken);
    expect(neverOff).toMatchObject({ code: 400, msg: expect.stringContaining('从不关灯') });
    expect((await admin.post('/policy/pageList', { name: 'bad' })).data.count).toBe(0);
    expect((await admin.get(`/policy/getData?id=${policy.id}`)).data.steps).toEqual(PROGRAM);
  });

  it('draws the timeline of a night with burn hours and energy saved', async () => {
    const res = await admin.post('/policy/preview', { steps: PROGRAM, lat: 31.23, lng: 121.47, date: '2026-06-21', timeZone: 'Asia/Shanghai' });
    expect(res.code).toBe(200);
    expect(res.data.sun.sunset).toBeGreaterThan(18 * 60);
    expect(res.data.events.map((e: { step: number }) => e.step)).toEqual([3, 1, 2]);
    expect(res.data.night.savedPct).toBeGreaterThan(0);
  });

  it('follows the sun where it does not set or rise: Tromsø is lit all through the polar night and dark under the midnight sun', async () => {
    const tromso = { lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' };
    const plain = [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }];
    const midnightDim = [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: '00:00', action: 'dim', level: 50 }, { at: 'sunrise', offsetMin: -10, action: 'off' }];
    const day = async (steps: object[], date: string) => (await admin.post('/policy/preview', { steps, ...tromso, date })).data;

    const dark = await day(plain, '2026-12-05');
    expect(dark.sun).toMatchObject({ sunrise: null, sunset: null, allDay: 'dark' });
    expect(dark.segments).toEqual([{ from: 0, to: 1440, level: 100 }]);
    expect(dark.night).toMatchObject({ burnHours: 24, fullPowerHours: 24 });
    const dimmed = await day(midnightDim, '2026-12-05');
    expect(dimmed.segments.every((s: { level: number }) => s.level > 0)).toBe(true);
    // 50 % from midnight, 100 % again from solar noon (about 11:40 local), when the evening step fires in place of a sunset.
    expect(dimmed.segments.map((s: { level: number }) => s.level)).toEqual([50, 100]);
    expect(Math.abs(dimmed.segments[0].to - (11 * 60 + 40))).toBeLessThanOrEqual(10);

    for (const steps of [plain, midnightDim]) {
      const light = await day(steps, '2026-06-21');
      expect(light.sun).toMatchObject({ sunrise: null, sunset: null, allDay: 'light' });
      expect(light.segments).toEqual([{ from: 0, to: 1440, level: 0 }]);
      expect(light.night).toMatchObject({ burnHours: 0, fullPowerHours: 0 });
    }
  });

  it('keeps a polar night dark at midday with clamps (sunset on not before 15:00, sunrise off not after 09:00), and refuses clamps that cannot hold', async () => {
    const tromso = { lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' };
    const clamped = [{ at: 'sunset', action: 'on', notBefore: '15:00' }, { at: 'sunrise', action: 'off', notAfter: '09:00' }];
    const night = (await admin.post('/policy/preview', { steps: clamped, ...tromso, date: '2026-12-05' })).data;
    expect(night.sun.allDay).toBe('dark');
    expect(night.segments).toEqual([{ from: 0, to: 9 * 60, level: 100 }, { from: 9 * 60, to: 15 * 60, level: 0 }, { from: 15 * 60, to: 1440, level: 100 }]);
    expect(night.events).toEqual([{ minute: 9 * 60, step: 2, action: 'off', level: 0 }, { minute: 15 * 60, step: 1, action: 'on', level: 100 }]);
    // In March the sun sets after 15:00 and rises before 09:00 there: the clamps change nothing.
    const march = (await admin.post('/policy/preview', { steps: clamped, ...tromso, date: '2026-03-10' })).data;
    const plain = (await admin.post('/policy/preview', { steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }], ...tromso, date: '2026-03-10' })).data;
    expect(march.segments).toEqual(plain.segments);
    expect((await admin.post('/policy/preview', { steps: clamped, ...tromso, date: '2026-06-21' })).data.segments).toEqual([{ from: 0, to: 1440, level: 0 }]);

    const body = { name: 'clamped', family: 'rdcsm', model: 2, openMode: 2 };
    const saved = await admin.post('/policy/addData', { ...body, steps: clamped });
    expect(saved.code).toBe(200);
    expect((await admin.get(`/policy/getData?id=${saved.data.id}`)).data.steps).toEqual(clamped);
    const onClock = await inLang('en-US', 'POST', '/policy/addData', { ...body, steps: [{ at: '18:00', action: 'on', notBefore: '17:00' }, ...clamped.slice(1)] }, adminToken);
    expect(onClock).toMatchObject({ code: 400, msg: 'Step 1 is at a clock time; "not before" and "not after" apply to sunrise, sunset, dawn and dusk steps only' });
    const crossed = await inLang('zh-CN', 'POST', '/policy/addData', { ...body, steps: [clamped[0], { ...clamped[1], notBefore: '10:00' }] }, adminToken);
    expect(crossed).toMatchObject({ code: 400, msg: '第 2 步的“不早于”10:00 必须早于“不晚于”09:00' });
    // The preview draws drafts, but not clamps that cannot hold: it answers the save's message.
    const crossedPreview = await inLang('en-US', 'POST', '/policy/preview', { steps: [clamped[0], { ...clamped[1], notBefore: '09:00' }], ...tromso, date: '2026-12-05' }, adminToken);
    expect(crossedPreview).toMatchObject({ code: 400, msg: 'Step 2: "not before" 09:00 must be earlier than "not after" 09:00' });
    const badTime = await admin.post('/policy/addData', { ...body, steps: [{ ...clamped[0], notBefore: '25:00' }, clamped[1]] });
    expect(badTime).toMatchObject({ code: 400, msg: expect.stringContaining('notBefore') });
  });

  it("prices a lamp's night at an electricity set's time-of-use tariff against full power", async () => {
    const tou = await admin.post('/electricity/set/add', { name: 'night tariff', currency: 'CNY', periods: [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '08:00', to: '22:00', price: 1 }, { from: '22:00', to: '24:00', price: 0.5 }] });
    expect(tou.code).toBe(200);
    const steps = [{ at: '18:00', action: 'on', level: 100 }, { at: '22:00', action: 'dim', level: 50 }, { at: '06:00', action: 'off' }];
    const res = await admin.post('/policy/preview', { steps, lat: 31.23, lng: 121.47, date: '2026-12-21', timeZone: 'Asia/Shanghai', electricitySetId: tou.data.id, powerW: 100 });
    // 18-22 h at 0.1 kW and 1.0/kWh, 22-24 h at 0.05 kW and 0.5, 0-6 h at 0.05 kW and 0.3.
    expect(res.data.night.cost).toMatchObject({ setName: 'night tariff', currency: 'CNY', powerW: 100, kwh: 0.8, cost: 0.54 });
    const c = res.data.night.cost;
    expect(c.fullKwh).toBeCloseTo(res.data.night.fullPowerHours * 0.1, 1);
    expect(c.saved).toBeCloseTo(c.fullCost - c.cost, 2);
    expect((await admin.post('/policy/preview', { steps, lat: 31.23, lng: 121.47, date: '2026-12-21' })).data.night.cost).toBeNull();
    expect(await scoped.post('/policy/preview', { steps, lat: 31.23, lng: 121.47, date: '2026-12-21', electricitySetId: tou.data.id })).toMatchObject({ code: 404 });
    expect(await admin.post('/policy/preview', { steps, lat: 31.23, lng: 121.47, date: '2026-12-21', powerW: 0 })).toMatchObject({ code: 400, msg: expect.stringContaining('powerW') });
  });

  it('plans a policy on terminals, records a download task per terminal, and refuses a second plan on the same days', async () => {
    const body = { name: 'june', policyId: policy.id, groupMode: 1, targetIds: inside, startDate: '2026-06-01', endDate: '2026-06-30' };
    const res = await scoped.post('/plan/add', body);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ policyName: 'midnight dim', terminalCount: 3 });
    const clash = await inLang('en-US', 'POST', '/plan/add', { ...body, name: 'overlap', targetIds: [inside[1]], startDate: '2026-06-30', endDate: '2026-07-05' }, adminToken);
    expect(clash).toMatchObject({ code: 400, msg: expect.stringContaining('already run plan "june" from 2026-06-01 to 2026-06-30') });
    expect((await scoped.post('/plan/add', { ...body, name: 'july', startDate: '2026-07-01', endDate: '2026-07-31' })).code).toBe(200);
    const days = await scoped.get('/plan/calendar?from=2026-06-29&to=2026-07-02');
    expect(days.data.map((d: { plans: { name: string }[] }) => d.plans.map((p) => p.name).join())).toEqual(['june', 'june', 'july', 'july']);
    const late = await inLang('en-US', 'POST', '/plan/add', { ...body, name: 'backwards', startDate: '2026-09-02', endDate: '2026-09-01' }, adminToken);
    expect(late.msg).toContain('The end date 2026-09-01 is before the start date 2026-09-02');
  });

  it('answers an out-of-scope terminal, policy or plan exactly like a missing one', async () => {
    const body = { name: 'x', policyId: policy.id, groupMode: 1, targetIds: [outside], startDate: '2027-01-01', endDate: '2027-01-02' };
    const out = await scoped.post('/plan/add', body);
    const none = await scoped.post('/plan/add', { ...body, targetIds: [999_999] });
    expect(out.code).toBe(404);
    expect(out.msg.replace(String(outside), 'N')).toBe(none.msg.replace('999999', 'N'));
    const adminPolicy = (await admin.post('/policy/addData', { name: 'centre', family: 'rdcsm', model: 2, deptId: 3, steps: PROGRAM })).data;
    expect((await scoped.get(`/policy/getData?id=${adminPolicy.id}`)).code).toBe(404);
    expect((await scoped.post('/policy/delData', { id: adminPolicy.id })).code).toBe(404);
    expect((await admin.post('/policy/delData', { id: adminPolicy.id })).code).toBe(200);
    expect((await admin.get(`/policy/getData?id=${adminPolicy.id}`)).code).toBe(404);
  });

  it('keeps a policy a plan uses', async () => {
    const res = await inLang('en-US', 'POST', '/policy/delData', { id: policy.id }, adminToken);
    expect(res).toMatchObject({ code: 400, msg: expect.stringContaining('still used by the plan or strategy "june"') });
  });

  it('raises emergency overrides newest first with their state and expiry', async () => {
    const first = await scoped.post('/plan/emergency/add', { name: 'storm', action: 'on', level: 100, groupMode: 1, targetIds: inside, durationMin: 2 });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ state: 'active', terminalCount: 3, downloads: { total: 3 } });
    expect(Date.parse(first.data.expireAt) - Date.parse(first.data.startAt)).toBe(120_000);
    const later = await scoped.post('/plan/emergency/add', { name: 'tomorrow', action: 'dim', level: 30, groupMode: 1, targetIds: [inside[0]], durationMin: 60, startAt: Date.now() + 86_400_000 });
    const list = await scoped.post('/plan/emergency/query', {});
    expect(list.data.list.map((e: { name: string; state: string }) => `${e.name}:${e.state}`)).toEqual(['tomorrow:scheduled', 'storm:active']);
    expect((await scoped.get(`/plan/emergency/info?id=${later.data.id}`)).data.level).toBe(30);
    const tasks = await scoped.get(`/policy/task?source=emergency&sourceId=${first.data.id}`);
    expect(tasks.data.count).toBe(3);
    expect(tasks.data.list[0]).toMatchObject({ cmd: 'override.set', state: 'offline' });
  });

  it('groups terminals in area sets, plans by area and refuses tariffs that do not cover the day', async () => {
    const area = await scoped.post('/area/set/add', { name: 'north road', terminalIds: inside.slice(0, 2) });
    expect(area.data.terminalCount).toBe(2);
    expect((await scoped.get(`/area/set/info?id=${area.data.id}`)).data.terminalIds.sort()).toEqual(inside.slice(0, 2).sort());
    const plan = await scoped.post('/plan/add', { name: 'by area', policyId: policy.id, groupMode: 2, targetIds: [area.data.id], startDate: '2026-08-01', endDate: '2026-08-02' });
    expect(plan.code).toBe(200);
    const picked = await scoped.get(`/query/terminals?areaId=${area.data.id}&keyword=ctl`);
    expect(picked.data.count).toBe(2);
    const tree = await scoped.get('/query/terminals/tree');
    expect(JSON.stringify(tree.data)).toContain('north road');
    const gap = await inLang('en-US', 'POST', '/electricity/set/add', { name: 'tou', periods: [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '09:00', to: '24:00', price: 0.6 }] }, adminToken);
    expect(gap.msg).toContain('missing 08:00-09:00');
    const overlap = await inLang('en-US', 'POST', '/electricity/set/add', { name: 'tou', periods: [{ from: '00:00', to: '10:00', price: 0.3 }, { from: '09:00', to: '24:00', price: 0.6 }] }, adminToken);
    expect(overlap.msg).toContain('overlap');
    expect((await admin.post('/electricity/set/add', { name: 'tou', periods: [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '08:00', to: '24:00', price: 0.6 }] })).code).toBe(200);
    const unit = await admin.post('/maintenance/set/add', { name: 'east', unit: 'East Lighting Co.', contact: 'Li', phone: '13800000000', intervalDays: 90, terminalIds: [inside[2]] });
    expect(unit.data.data).toMatchObject({ unit: 'East Lighting Co.', intervalDays: 90 });
  });

  it('suggests the maintenance units of the alarms\' terminals when dispatching: members first, else by department', async () => {
    // 'east' (made above) looks after inside[2]; this one belongs to department 2 and names no terminal.
    expect((await scoped.post('/maintenance/set/add', { name: 'ops one crew', unit: 'Ops One Works', intervalDays: 30 })).code).toBe(200);
    const raise = async (terminalId: number) => (await admin.post('/alarm/add', { terminalId, kind: 'lampFailure' })).data.alarmId as number;
    const member = await raise(inside[2]);
    const byDept = await raise(inside[0]);
    const away = await raise(outside);
    const res = await scoped.post('/maintenance/set/suggest', { alarmIds: [member, byDept, away] });
    expect(res.code).toBe(200);
    expect(res.data).toEqual([
      expect.objectContaining({ name: 'east', unit: 'East Lighting Co.', contact: 'Li', phone: '13800000000', intervalDays: 90, covers: 1, by: 'terminal' }),
      expect.objectContaining({ name: 'ops one crew', unit: 'Ops One Works', covers: 1, by: 'dept' }),
    ]);
    expect((await scoped.post('/maintenance/set/suggest', { alarmIds: [away] })).data).toEqual([]);
    expect(await scoped.post('/maintenance/set/suggest', { alarmIds: [] })).toMatchObject({ code: 400 });
  });

  it('gives terminals a default strategy and their own', async () => {
    const strategy = await scoped.post('/strategy/set/add', { name: 'standard', policyId: policy.id, isDefault: true });
    expect(strategy.code).toBe(200);
    expect((await scoped.get('/strategy/set/default')).data.name).toBe('standard');
    const own = await scoped.post('/strategy/set/add', { name: 'special', policyId: policy.id });
    expect((await scoped.put('/strategy/set/terminal/update', { terminalIds: [inside[0]], strategyId: own.data.id })).code).toBe(200);
    const info = await scoped.get(`/strategy/set/terminal/info?terminalId=${inside[0]}`);
    expect(info.data).toMatchObject({ strategy: { name: 'special' }, default: { name: 'standard' } });
    expect((await scoped.put('/strategy/set/terminal/update', { terminalIds: [outside], strategyId: own.data.id })).code).toBe(404);
  });

  it('sums up manual/auto and bound terminals', async () => {
    const res = await scoped.get('/queryManautoData');
    expect(res.data).toMatchObject({ total: 3, auto: 3, manual: 0 });
  });

  it('runs an open-mode "today" policy on every day of a 14-day plan, and the calendar says which days its steps run', async () => {
    const lamp = (await insertTerminal(t.database.db, { deptId: 2, lat: 31.23, lng: 121.47, name: 'ctl today lamp' })).terminalId;
    const today = await scoped.post('/policy/addData', { name: 'today only', family: 'rdcsm', model: 2, openMode: 1, steps: PROGRAM });
    expect(today.data.openMode).toBe(1);
    // Days in the plan's zone around the moment of the run, so it is bound now whatever the hour.
    const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const plan = await scoped.post('/plan/add', { name: 'fortnight', policyId: today.data.id, groupMode: 1, targetIds: [lamp], startDate: dayIn(-1), endDate: dayIn(12) });
    expect(plan.code).toBe(200);
    const bound = rowsOf<{ fingerprint: string }>(await t.database.db.execute(sql`select fingerprint from control_binding where terminal_id = ${lamp}`));
    expect(JSON.parse(bound[0].fingerprint).program).toEqual(PROGRAM);
    const days = (await scoped.get(`/plan/calendar?from=${dayIn(-1)}&to=${dayIn(12)}&terminalId=${lamp}`)).data as Array<{ plans: Array<{ name: string; steps: number }> }>;
    expect(days).toHaveLength(14);
    expect(days.every((d) => d.plans.length === 1 && d.plans[0].name === 'fortnight' && d.plans[0].steps === 3)).toBe(true);

    // A program limited to weekdays holds its terminals at the weekend but switches nothing then.
    const weekdays = await scoped.post('/policy/addData', { name: 'weekdays', family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on', days: [1, 2, 3, 4, 5] }, { at: 'sunrise', action: 'off', days: [1, 2, 3, 4, 5] }] });
    const other = (await insertTerminal(t.database.db, { deptId: 2, lat: 31.23, lng: 121.47, name: 'ctl weekday lamp' })).terminalId;
    expect((await scoped.post('/plan/add', { name: 'workweek', policyId: weekdays.data.id, groupMode: 1, targetIds: [other], startDate: '2027-03-01', endDate: '2027-03-07' })).code).toBe(200);
    const week = (await scoped.get(`/plan/calendar?from=2027-03-01&to=2027-03-07&terminalId=${other}`)).data as Array<{ plans: Array<{ steps: number }> }>;
    expect(week.map((d) => d.plans[0].steps)).toEqual([2, 2, 2, 2, 2, 0, 0]); // 2027-03-01 is a Monday
  });

  it("deletes download task records (/policy/task/del, issue 28 item 10) in the caller's scope only, a foreign one like a missing one", async () => {
    const later = { action: 'on', level: 100, groupMode: 1, durationMin: 10, startAt: Date.now() + 2 * 86_400_000 };
    const own = await scoped.post('/plan/emergency/add', { ...later, name: 'task del own', targetIds: inside.slice(1) });
    const foreign = await admin.post('/plan/emergency/add', { ...later, name: 'task del foreign', targetIds: [outside] });
    expect([own.code, foreign.code]).toEqual([200, 200]);
    const tasksOf = async (c: Caller, id: number) => (await c.get(`/policy/task?source=emergency&sourceId=${id}&pageSize=50`)).data.list as Array<{ id: number }>;
    const [first, second] = await tasksOf(scoped, own.data.id);
    const [theirs] = await tasksOf(admin, foreign.data.id);

    // A foreign id, alone or beside an own one, is answered as missing and nothing is deleted.
    for (const ids of [`${theirs.id}`, `${first.id},${theirs.id}`]) expect((await scoped.del(`/policy/task/del/${ids}`)).code).toBe(404);
    expect(await tasksOf(scoped, own.data.id)).toHaveLength(2);
    expect(await tasksOf(admin, foreign.data.id)).toHaveLength(1);

    expect((await scoped.del(`/policy/task/del/${first.id}`)).code).toBe(200);
    expect((await tasksOf(scoped, own.data.id)).map((x) => x.id)).toEqual([second.id]);
    expect((await scoped.get(`/policy/task/info?id=${first.id}`)).code).toBe(404);
    // The record only: the override itself stays.
    expect((await scoped.get(`/plan/emergency/info?id=${own.data.id}`)).data.name).toBe('task del own');
  });

  it("names the terminals and lamps an emergency plan would reach, from the lamp register, before it is sent (issue 28 item 18)", async () => {
    const db = t.database.db;
    const [type] = await db.insert(lampTypes).values({ manufacturer: 'Reach', model: 'LED-250 x12', ratedPowerW: 250, ratedLifeH: 80_000 }).returning();
    const [cabinet, single, bare] = await Promise.all([0, 1, 2].map((i) => insertTerminal(db, { deptId: 2, name: `reach ${i}` })));
    // A cabinet with two circuits of 12 and 8 lamps, a single lamp with its record, a terminal without any record.
    await db.insert(lampAssets).values([
      { poleNo: 'R-1', lampTypeId: type.lampTypeId, terminalId: cabinet.terminalId, loop: 1, lampCount: 12 },
      { poleNo: 'R-1', lampTypeId: type.lampTypeId, terminalId: cabinet.terminalId, loop: 2, lampCount: 8 },
      { poleNo: 'R-2', lampTypeId: type.lampTypeId, terminalId: single.terminalId },
    ]);
    const ids = [cabinet.terminalId, single.terminalId, bare.terminalId];
    expect((await scoped.post('/plan/emergency/reach', { groupMode: 1, targetIds: ids })).data).toEqual({ terminals: 3, lamps: 22 });
    const area = await scoped.post('/area/set/add', { name: 'reach area', terminalIds: [cabinet.terminalId, bare.terminalId] });
    expect((await scoped.post('/plan/emergency/reach', { groupMode: 2, targetIds: [area.data.id] })).data).toEqual({ terminals: 2, lamps: 21 });
    // Out of scope is missing, as when the plan is sent; and nothing was sent.
    expect((await scoped.post('/plan/emergency/reach', { groupMode: 1, targetIds: [...ids, outside] })).code).toBe(404);
    expect((await scoped.post('/plan/emergency/query', { name: 'reach' })).data.count).toBe(0);
  });
});
