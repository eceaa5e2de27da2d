import { Fleet } from '@sl/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, waitFor, type TestTerminal } from './support/gateway.js';
import { createControlTestApp } from './support/control-app.js';
import { bearer, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const ZONE = 'Asia/Shanghai';
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });
/** Yesterday to tomorrow: the plans run today even when the run straddles midnight. */
const aroundToday = () => ({ startDate: dayIn(-1), endDate: dayIn(1) });
const clockIn = (hours: number) => new Date(Date.now() + hours * 3_600_000).toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
/** On two hours from now, off three hours from now: whatever the time of the run, the program says dark now. */
const darkNow = () => [
  { at: clockIn(2), action: 'on', level: 100 },
  { at: clockIn(3), action: 'off' },
];

/** Plans changed and deleted, emergency plans cancelled: what the simulated terminals run follows at once. */
describeEachEngine('control: plan edit and delete, emergency cancel', (engine) => {
  let t: TestApp;
  let fleet: Fleet;
  let lamps: TestTerminal[];
  let admin: Caller;
  let other: Caller; // department 3 only
  let adminToken: string;
  let closeGateway: () => Promise<void>;

  const ids = () => lamps.map((l) => l.terminalId);
  const sim = (i: number) => fleet.terminals[i];
  const tasks = async (source: string, sourceId: number) => (await admin.get(`/policy/task?source=${source}&sourceId=${sourceId}&pageSize=50`)).data.list as Array<{ terminalId: number; state: string; cmd: string }>;
  const settled = async (source: string, sourceId: number, n: number, cmd?: string) =>
    waitFor(async () => (await tasks(source, sourceId)).filter((x) => x.state === 'succeeded' && (!cmd || x.cmd === cmd)).length === n, 10_000, `${n} ${source} ${sourceId} settled`);
  const inLang = async (lang: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    (await t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(adminToken), 'accept-language': lang }, payload })).json();

  beforeAll(async () => {
    const control = await createControlTestApp(engine);
    t = control.t;
    const { gateway } = control;
    closeGateway = () => gateway.close();
    adminToken = await t.login();
    admin = caller(t, adminToken);
    await createUser(t.database.db, 'ctl-three', 3, [await createRole(t.database.db, 'ctl-three', { dataScope: '3', permissions: '*' })]);
    other = caller(t, await t.login('ctl-three'));
    lamps = [];
    for (let i = 0; i < 3; i++) lamps.push(await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, lat: 31.23, lng: 121.47, status: 3, registerState: 1 }));
    fleet = new Fleet(lamps.map((l) => ({ family: 'rdcsm' as const, sn: l.sn, secret: l.secret, model: 2 as const, loops: 1, phases: 1, lat: 31.23, lng: 121.47, heartbeatS: 60 })), { url: gateway.url, ackTimeoutMs: 2000 });
    await fleet.start();
    await fleet.waitConnected(3, 10_000);
  });
  afterAll(async () => {
    await fleet?.stop();
    await closeGateway?.();
    await t?.close();
  });

  let planId: number;
  let policyA: number;
  let policyB: number;

  it('edits a plan: a new policy reaches its terminals, a dropped terminal leaves it, a clash with another plan is refused', async () => {
    const dark = darkNow(); // once: the minute may turn before the check below
    policyA = (await admin.post('/policy/addData', { name: 'edit A', family: 'rdcsm', model: 2, steps: dark })).data.id;
    policyB = (await admin.post('/policy/addData', { name: 'edit B', family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }] })).data.id;
    const plan = await admin.post('/plan/add', { name: 'editable', policyId: policyA, groupMode: 1, targetIds: ids(), ...aroundToday() });
    expect(plan.code).toBe(200);
    planId = plan.data.id;
    await settled('plan', planId, 3);
    expect(sim(0).state.plan?.program).toEqual(dark);

    const body = { ...plan.data, policyId: policyB, targetIds: ids().slice(0, 2), remark: 'changed' };
    const changed = await admin.put('/plan/update', body);
    expect(changed).toMatchObject({ code: 200, data: { policyId: policyB, policyName: 'edit B', targetIds: ids().slice(0, 2), remark: 'changed' } });
    await waitFor(() => sim(0).state.plan?.program.length === 2 && sim(0).state.plan?.program[0].at === 'sunset', 10_000, 'policy B bound');
    expect(sim(1).state.plan?.planId).toBe(`plan-${planId}`);
    // The dropped terminal runs no plan any more (no strategy exists here) and its record of this plan is gone.
    await waitFor(() => sim(2).state.plan === undefined, 10_000, 'dropped terminal cleared');
    await settled('plan', planId, 2);
    expect((await tasks('plan', planId)).map((x) => x.terminalId).sort()).toEqual(ids().slice(0, 2).sort());

    // A second plan on the dropped terminal is fine; moving the first plan back onto it clashes.
    const second = await admin.post('/plan/add', { name: 'second', policyId: policyA, groupMode: 1, targetIds: [lamps[2].terminalId], ...aroundToday() });
    expect(second.code).toBe(200);
    const zh = await inLang('zh-CN', 'PUT', '/plan/update', { ...body, targetIds: ids() });
    const en = await inLang('en-US', 'PUT', '/plan/update', { ...body, targetIds: ids() });
    expect(zh).toMatchObject({ code: 400, msg: expect.stringContaining('已有计划“second”') });
    expect(en).toMatchObject({ code: 400, msg: expect.stringContaining('already run plan "second"') });
    expect((await admin.get(`/plan/info/${planId}`)).data.targetIds).toEqual(ids().slice(0, 2));
    // Re-saving it unchanged does not clash with itself.
    expect((await admin.put('/plan/update', body)).code).toBe(200);
    await settled('plan', second.data.id, 1);
    expect((await admin.del(`/plan/del/${second.data.id}`)).code).toBe(200);
  });

  it('refuses bad edits with a 400 and hides other departments\' plans', async () => {
    const plan = (await admin.get(`/plan/info/${planId}`)).data;
    expect(await admin.put('/plan/update', { ...plan, id: undefined })).toMatchObject({ code: 400 });
    expect(await admin.put('/plan/update', { ...plan, endDate: '2000-01-01' })).toMatchObject({ code: 400, msg: expect.stringContaining('2000-01-01') });
    expect(await other.put('/plan/update', plan)).toMatchObject({ code: 404 });
    expect(await other.del(`/plan/del/${planId}`)).toMatchObject({ code: 404 });
    expect(await admin.del('/plan/del/abc')).toMatchObject({ code: 400 });
    expect(await admin.del(`/plan/del/${planId},999999`)).toMatchObject({ code: 404 });
    expect((await admin.get(`/plan/info/${planId}`)).code).toBe(200);
  });

  it('deletes a plan: its terminals leave the program at once and its download records go with it', async () => {
    expect((await admin.del(`/plan/del/${planId}`)).code).toBe(200);
    await waitFor(() => sim(0).state.plan === undefined && sim(1).state.plan === undefined, 10_000, 'plan cleared on its terminals');
    expect((await admin.get(`/plan/info/${planId}`)).code).toBe(404);
    expect(await tasks('plan', planId)).toEqual([]);
    expect((await admin.get('/queryManautoData')).data.bound).toBe(0);
  });

  it('cancels an emergency plan: the lamps return to their program at once, and a second cancel is refused', async () => {
    const plan = await admin.post('/plan/add', { name: 'under the storm', policyId: policyA, groupMode: 1, targetIds: ids(), ...aroundToday() });
    await settled('plan', plan.data.id, 3);
    expect(sim(0).state.loops[0]).toBe(false);
    const e = await admin.post('/plan/emergency/add', { name: 'storm', action: 'on', level: 100, groupMode: 1, targetIds: ids(), durationMin: 120 });
    await settled('emergency', e.data.id, 3, 'override.set');
    expect(fleet.terminals.every((s) => s.state.loops[0])).toBe(true);
    expect((await admin.post('/plan/emergency/query', { state: 'active' })).data.list.map((x: { id: number }) => x.id)).toContain(e.data.id);

    expect(await other.post(`/plan/emergency/cancel/${e.data.id}`, {})).toMatchObject({ code: 404 });
    const cancelled = await admin.post(`/plan/emergency/cancel/${e.data.id}`, {});
    expect(cancelled).toMatchObject({ code: 200, data: { state: 'cancelled', cancelledAt: expect.any(String) } });
    await waitFor(() => fleet.terminals.every((s) => !s.state.loops[0] && !s.state.overrides.has(`e-${e.data.id}`)), 10_000, 'lamps back on their program');
    await settled('emergency', e.data.id, 3, 'override.clear');
    const active = await admin.post('/plan/emergency/query', { state: 'active' });
    expect(active.data.list.map((x: { id: number }) => x.id)).not.toContain(e.data.id);
    expect((await admin.post('/plan/emergency/query', { state: 'cancelled' })).data.list[0].id).toBe(e.data.id);
    expect((await admin.get('/queryManautoData')).data.overridden).toBe(0);

    const again = await inLang('en-US', 'POST', `/plan/emergency/cancel/${e.data.id}`, {});
    expect(again).toMatchObject({ code: 400, msg: 'Emergency plan "storm" is already cancelled' });
    const zh = await inLang('zh-CN', 'POST', `/plan/emergency/cancel/${e.data.id}`, {});
    expect(zh).toMatchObject({ code: 400, msg: '应急计划“storm”已被取消' });
  });

  it('refuses to cancel an emergency plan that has already expired', async () => {
    const e = await admin.post('/plan/emergency/add', { name: 'past', action: 'off', groupMode: 1, targetIds: ids(), startAt: Date.now() - 3 * 60_000, durationMin: 1 });
    expect(e.data.state).toBe('expired');
    expect(await inLang('en-US', 'POST', `/plan/emergency/cancel/${e.data.id}`, {})).toMatchObject({ code: 400, msg: expect.stringContaining('already expired') });
  });
});
