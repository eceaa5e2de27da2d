import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Leaflet } from '@sl/contracts';
import { users } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
const LEAFLET = ['dispatch:leaflet:query', 'dispatch:leaflet:add', 'dispatch:leaflet:edit', 'dispatch:leaflet:remove'];
const due = () => new Date(Date.now() + 86_400_000).toISOString();

describeEachEngine('dispatch leaflets: send, acknowledge, complete, scope, and the shared policy getData/delData', (engine) => {
  let t: TestApp;
  let boss: Caller; // dept 2 and below, every leaflet permission
  let crew: Caller; // dept 5, may only query (the receiver)
  let other: Caller; // dept 3, every leaflet permission
  let crewId: number;
  let crew2Id: number;
  let outsiderId: number;
  let inside: number[];
  let outside: number;
  let leaflet: Leaflet;
  let token: { boss: string };

  const inLang = async (lang: string, method: 'POST' | 'PUT', url: string, payload: object, as: string) =>
    (await t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(as), 'accept-language': lang }, payload })).json();
  const body = (over: object = {}) => ({ title: 'check poles', instruction: 'Check the poles on North Road for loose doors', groupMode: 1, targetIds: inside, receiverIds: [crewId, crew2Id], dueAt: due(), ...over });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    await createUser(db, 'lf-boss', 2, [await createRole(db, 'lf-boss', { dataScope: '4', permissions: '*' })]);
    const crewRole = await createRole(db, 'lf-crew', { dataScope: '3', permissions: ['dispatch:leaflet:query'] });
    crewId = await createUser(db, 'lf-crew', 5, [crewRole]);
    await db.update(users).set({ phone: '13900000009' }).where(eq(users.userId, crewId));
    crew2Id = await createUser(db, 'lf-crew2', 2, [crewRole]);
    outsiderId = await createUser(db, 'lf-other', 3, [await createRole(db, 'lf-other', { dataScope: '3', permissions: LEAFLET })]);
    token = { boss: await t.login('lf-boss') };
    boss = caller(t, token.boss);
    crew = caller(t, await t.login('lf-crew'));
    other = caller(t, await t.login('lf-other'));
    inside = [];
    for (let i = 0; i < 3; i++) inside.push((await insertTerminal(db, { deptId: 5, name: `lf lamp ${i}` })).terminalId);
    outside = (await insertTerminal(db, { deptId: 3, name: 'lf outside' })).terminalId;
  });
  afterAll(() => t?.close());

  it('sends a leaflet to receivers, texts those with a phone, and lists it for the supervisor', async () => {
    const res = await boss.post('/dispatch/addDistributeLeaflets', body());
    expect(res.code).toBe(200);
    leaflet = res.data;
    expect(leaflet).toMatchObject({ kind: 'leaflet', deptId: 2, status: 1, terminalCount: 3, groupMode: 1 });
    expect(leaflet.targets.map((x) => x.name).sort()).toEqual(['lf lamp 0', 'lf lamp 1', 'lf lamp 2']);
    expect(leaflet.receivers.map((r) => [r.userId, r.status])).toEqual([[crewId, 1], [crew2Id, 1]]);
    const list = await boss.post('/dispatch/leaflet/list', { title: 'poles' });
    expect(list.data.list.map((l: Leaflet) => l.id)).toEqual([leaflet.id]);
    const sms = (await t.app.inject({ method: 'POST', url: '/api/v2/sms/log/list', headers: bearer(token.boss), payload: { phone: '13900000009' } })).json();
    expect(sms.data.list).toHaveLength(1);
    expect(sms.data.list[0].content).toContain(`派发传单${leaflet.id}：check poles`);
  });

  it('refuses bad input with 400 and a clear message, and stores nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ title: '' }, 'title is required'],
      [{ instruction: 'x'.repeat(1001) }, 'instruction must be at most 1000 characters'],
      [{ targetIds: [] }, 'targetIds must not be empty'],
      [{ receiverIds: 'all' }, 'receiverIds must be an array of user ids'],
      [{ dueAt: 'tomorrow' }, 'dueAt must be a date'],
      [{ groupMode: 3 }, 'groupMode must be 1 (by group) or 2 (by area)'],
    ];
    for (const [over, msg] of cases) {
      const res = await inLang('en-US', 'POST', '/dispatch/addDistributeLeaflets', body(over), token.boss);
      expect(res, JSON.stringify(over)).toMatchObject({ code: 400, msg: expect.stringContaining(msg) });
    }
    expect((await boss.post('/dispatch/myDispatchList', { status: 9 })).code).toBe(400);
    expect((await boss.post('/dispatch/leaflet/complete', { id: 'x' })).code).toBe(400);
    expect((await boss.post('/dispatch/leaflet/list', {})).data.count).toBe(1);
  });

  it('refuses targets and receivers outside the caller scope as missing, naming them', async () => {
    const terminal = await inLang('en-US', 'POST', '/dispatch/addDistributeLeaflets', body({ targetIds: [inside[0], outside] }), token.boss);
    expect(terminal).toMatchObject({ code: 404, msg: expect.stringContaining(String(outside)) });
    const zh = await inLang('zh-CN', 'POST', '/dispatch/addDistributeLeaflets', body({ receiverIds: [crewId, outsiderId] }), token.boss);
    expect(zh).toMatchObject({ code: 404, msg: `接收人 ${outsiderId} 不存在、已停用或不在您的数据权限范围内` });
    expect((await boss.post('/dispatch/leaflet/list', {})).data.count).toBe(1);
    const options = await boss.get('/dispatch/leaflet/receivers?keyword=lf-');
    const ids = options.data.map((u: { userId: number }) => u.userId);
    expect(ids).toEqual(expect.arrayContaining([crewId, crew2Id]));
    expect(ids).not.toContain(outsiderId);
  });

  it('lets a receiver acknowledge then complete with a note; the overall status is the lowest receipt', async () => {
    const mine = await crew.post('/dispatch/myDispatchList', {});
    expect(mine.data.list.map((l: Leaflet) => l.id)).toEqual([leaflet.id]);
    expect((await crew.post('/dispatch/leaflet/list', {})).data.count).toBe(0); // dept 2 is outside the crew's own-department scope
    const ack = await crew.post('/dispatch/leaflet/acknowledge', { id: leaflet.id });
    expect(ack.data.receivers.find((r: { userId: number }) => r.userId === crewId)).toMatchObject({ status: 2, acknowledgedAt: expect.any(String) });
    expect(ack.data.status).toBe(1);
    const again = await inLang('en-US', 'POST', '/dispatch/leaflet/acknowledge', { id: leaflet.id }, (await t.login('lf-crew')));
    expect(again).toMatchObject({ code: 400, msg: `Your receipt of dispatch leaflet ${leaflet.id} is "Acknowledged" and cannot be acknowledged` });
    const done = await crew.post('/dispatch/leaflet/complete', { id: leaflet.id, note: 'two doors fixed' });
    expect(done.data.receivers.find((r: { userId: number }) => r.userId === crewId)).toMatchObject({ status: 3, note: 'two doors fixed' });
    expect(done.data.status).toBe(1);
    expect((await crew.post('/dispatch/myDispatchList', { status: 3 })).data.count).toBe(1);
    const notMine = await boss.post('/dispatch/leaflet/acknowledge', { id: leaflet.id });
    expect(notMine.code).toBe(403);
    // The second receiver completes without acknowledging first: everyone done, the leaflet is completed and closed to edits.
    const crew2 = caller(t, await t.login('lf-crew2'));
    expect((await crew2.post('/dispatch/leaflet/complete', { id: leaflet.id })).data.status).toBe(3);
    const closed = await inLang('en-US', 'PUT', '/dispatch/updateDistributeLeaflets', { ...body(), id: leaflet.id }, token.boss);
    expect(closed).toMatchObject({ code: 400, msg: expect.stringContaining('completed by everyone') });
  });

  it('edits a leaflet by area: receivers kept keep their progress, a new one starts at sent', async () => {
    const area = await boss.post('/area/set/add', { name: 'lf north road', terminalIds: inside.slice(0, 2) });
    const first = (await boss.post('/dispatch/addDistributeLeaflets', body({ title: 'by area', groupMode: 2, targetIds: [area.data.id], receiverIds: [crewId] }))).data as Leaflet;
    expect(first).toMatchObject({ terminalCount: 2, targets: [{ id: area.data.id, name: 'lf north road' }] });
    await crew.post('/dispatch/leaflet/acknowledge', { id: first.id });
    const edited = await boss.put('/dispatch/updateDistributeLeaflets', { ...body({ title: 'by area, later', groupMode: 2, targetIds: [area.data.id], receiverIds: [crewId, crew2Id] }), id: first.id });
    expect(edited.code).toBe(200);
    expect(edited.data.title).toBe('by area, later');
    expect(edited.data.receivers.map((r: { userId: number; status: number }) => [r.userId, r.status])).toEqual([[crewId, 2], [crew2Id, 1]]);
    expect(edited.data.status).toBe(1);
  });

  it('keeps department B out of department A leaflets: list, getData, update, delete and receipts answer as missing', async () => {
    expect((await other.post('/dispatch/leaflet/list', {})).data.count).toBe(0);
    expect((await other.post('/dispatch/myDispatchList', {})).data.count).toBe(0);
    const missing = await inLang('en-US', 'POST', '/policy/getData', { id: leaflet.id }, await t.login('lf-other'));
    expect(missing).toMatchObject({ code: 404, msg: `No policy or dispatch leaflet ${leaflet.id} exists within your data scope` });
    expect((await other.get(`/policy/getData?id=${leaflet.id}`)).code).toBe(404);
    expect((await other.post('/policy/delData', { id: leaflet.id })).code).toBe(404);
    expect((await other.put('/dispatch/updateDistributeLeaflets', { ...body({ receiverIds: [outsiderId], targetIds: [outside] }), id: leaflet.id })).code).toBe(404);
    expect((await other.post('/dispatch/leaflet/acknowledge', { id: leaflet.id })).code).toBe(404);
    expect((await boss.get(`/policy/getData?id=${leaflet.id}`)).data.title).toBe('check poles');
  });

  it('serves leaflets and control policies on one getData/delData without ambiguity', async () => {
    const policy = (await boss.post('/policy/addData', { name: 'lf policy', family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on', level: 100 }, { at: 'sunrise', action: 'off' }] })).data;
    expect(policy.id).not.toBe(leaflet.id);
    expect((await boss.get(`/policy/getData?id=${policy.id}`)).data).toMatchObject({ kind: 'policy', name: 'lf policy' });
    expect((await boss.post('/policy/getData', { id: leaflet.id })).data).toMatchObject({ kind: 'leaflet', title: 'check poles' });
    // A receiver fetches the leaflet sent to them; without the remove permission deleting it answers as missing.
    expect((await crew.get(`/policy/getData?id=${leaflet.id}`)).data.kind).toBe('leaflet');
    expect((await crew.post('/policy/delData', { id: leaflet.id })).code).toBe(404);
    expect((await boss.post('/policy/delData', { id: leaflet.id })).code).toBe(200);
    expect((await boss.get(`/policy/getData?id=${leaflet.id}`)).code).toBe(404);
    expect((await crew.post('/dispatch/myDispatchList', { title: 'check poles' })).data.count).toBe(0);
    expect((await boss.get(`/policy/getData?id=${policy.id}`)).data.kind).toBe('policy');
    expect((await boss.post('/policy/delData', { id: policy.id })).code).toBe(200);
    expect((await boss.get(`/policy/getData?id=${policy.id}`)).code).toBe(404);
  });
});
