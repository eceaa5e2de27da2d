import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, users } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, type TestTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';
import { multipartBody } from './support/multipart.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
describeEachEngine('alarm workflow: work orders move alarms, every move logged, refused moves answered in both languages', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let adminToken: string;
  let fixer: Caller;
  let fixerToken: string;
  let other: Caller;
  let fixerId: number;
  let lamp: TestTerminal;
  const status = async (alarmId: number) => (await admin.get(`/alarm/info/${alarmId}`)).data.status;
  const addAlarm = async (kind: string) => (await admin.post('/alarm/add', { terminalId: lamp.terminalId, kind, message: `${kind} by hand` })).data.alarmId as number;
  const events = async (alarmId: number) =>
    (await admin.post('/alarm/log/list', { alarmId, pageSize: 50 })).data.list.map((r: { event: string; fromStatus: number | null; toStatus: number }) => `${r.event}:${r.fromStatus ?? '-'}>${r.toStatus}`).reverse();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    lamp = await insertTerminal(db, { deptId: 5, name: 'lamp east' });
    const crew = await createRole(db, 'crew', { dataScope: '3', permissions: ['dispatch:workorder:query', 'alarm:alarm:query'] });
    // The fixer sits in a parent department (2) of the alarm's (5): may be assigned.
    fixerId = await createUser(db, 'fixer', 2, [crew]);
    await db.update(users).set({ phone: '13800000001' }).where(eq(users.userId, fixerId));
    const otherId = await createUser(db, 'fixerb', 3, [crew]);
    await db.update(users).set({ phone: '13800000002' }).where(eq(users.userId, otherId));
    adminToken = await t.login();
    admin = caller(t, adminToken);
    fixerToken = await t.login('fixer');
    fixer = caller(t, fixerToken);
    other = caller(t, await t.login('fixerb'));
  });
  afterAll(() => t?.close());

  it('walks an alarm 1 → 2 → 3 → 4 → 5 with a text to the assignee and a log row per move', async () => {
    const alarmId = await addAlarm('lampFailure');
    expect(await status(alarmId)).toBe(1);
    const assignees = (await admin.post('/dispatch/workorder/assignees', { alarmIds: [alarmId] })).data.map((u: { userId: number }) => u.userId);
    expect(assignees).toContain(fixerId);
    const order = await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId, priority: 1, instruction: 'replace the driver' });
    expect(order).toMatchObject({ code: 200, data: { status: 1, assigneeId: fixerId, alarms: [{ alarmId, status: 2, sn: lamp.sn }] } });
    const orderId = order.data.orderId;
    const sms = (await t.app.inject({ method: 'POST', url: '/api/v2/sms/log/list', headers: bearer(adminToken), payload: { phone: '13800000001' } })).json().data;
    expect(sms.list[0]).toMatchObject({ orderId, state: 'sent', provider: 'record', attempts: 1, userName: 'fixer' });
    expect(sms.list[0].content).toContain(`工单${orderId}`);

    expect((await fixer.post('/dispatch/workorder/mine', {})).data.list.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
    expect((await fixer.post('/dispatch/workorder/pickUp', { orderId })).data.status).toBe(2);
    expect(await status(alarmId)).toBe(3);
    expect((await fixer.post('/dispatch/workorder/progress', { orderId, note: 'on site' })).data).toMatchObject({ status: 2, progressNote: 'on site' });
    expect(await status(alarmId)).toBe(4);
    expect((await fixer.post('/dispatch/workorder/complete', { orderId, photos: ['/uploads/terminal/1-x.png'] })).code).toBe(400);
    const form = multipartBody('file', 'lamp.png', PNG, 'image/png');
    const upload = await t.app.inject({ method: 'POST', url: `/api/v1/dispatch/workorder/photo/${orderId}`, payload: form.body, headers: { ...bearer(fixerToken), 'content-type': form.contentType } });
    const photo = upload.json().data.url as string;
    expect(photo).toMatch(new RegExp(`^/uploads/workorder/${orderId}-.+\\.png$`));
    const done = await fixer.post('/dispatch/workorder/complete', { orderId, note: 'driver replaced', photos: [photo] });
    expect(done.data).toMatchObject({ status: 3, completionNote: 'driver replaced', photos: [photo] });
    expect(done.data.closedAt).not.toBeNull();
    expect(await status(alarmId)).toBe(5);
    expect(await events(alarmId)).toEqual(['raise:->1', 'dispatch:1>2', 'pickUp:2>3', 'progress:3>4', 'complete:4>5']);
    const log = (await admin.post('/alarm/log/list', { orderId })).data.list;
    expect(log.map((r: { userName: string }) => r.userName)).toEqual(['fixer', 'fixer', 'fixer', 'admin']);
  });

  it('refuses a move the state machine does not allow, in the caller language, and changes nothing', async () => {
    const alarmId = await addAlarm('doorOpen');
    const { orderId } = (await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId })).data;
    const complete = (lang: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/dispatch/workorder/complete', headers: { ...bearer(fixerToken), 'accept-language': lang }, payload: { orderId } }).then((r) => r.json());
    expect(await complete('zh-CN')).toMatchObject({ code: 400, msg: `工单 ${orderId} 当前为“待接单”，不能完成维修` });
    expect(await complete('en-US')).toMatchObject({ code: 400, msg: `Work order ${orderId} is "Awaiting pickup" and cannot be completed` });
    expect(await status(alarmId)).toBe(2);
    // A second order for an alarm that already has one is refused by the alarm's own state.
    const again = await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId });
    expect(again).toMatchObject({ code: 400, msg: expect.stringContaining(`Alarm ${alarmId} is "Dispatching"`) });
    expect((await admin.post('/dispatch/workorder/list', { alarmId })).data.count).toBe(1);
    // Only the assignee works the order.
    expect((await other.post('/dispatch/workorder/pickUp', { orderId })).code).toBe(404);
    expect((await admin.post('/dispatch/workorder/pickUp', { orderId })).code).toBe(403);
    // Rolling back needs a reason.
    expect((await fixer.post('/dispatch/workorder/rollBack', { orderId })).code).toBe(400);
  });

  it('rolls back to 7, dispatches again, recalls back to 1', async () => {
    const alarmId = await addAlarm('relayFailure');
    const first = (await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId })).data.orderId;
    expect((await fixer.post('/dispatch/workorder/rollBack', { orderId: first, note: 'not our cabinet' })).data.status).toBe(4);
    expect(await status(alarmId)).toBe(7);
    const second = (await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId })).data.orderId;
    await fixer.post('/dispatch/workorder/pickUp', { orderId: second });
    expect((await admin.post('/dispatch/workorder/recall', { orderId: second, note: 'wrong crew' })).data.status).toBe(6);
    expect(await status(alarmId)).toBe(1);
    expect(await events(alarmId)).toEqual(['raise:->1', 'dispatch:1>2', 'rollBack:2>7', 'dispatch:7>2', 'pickUp:2>3', 'recall:3>1']);
  });

  it('a device recovery closes an alarm without an order (6) and keeps an ordered one for the crew', async () => {
    const { workflow } = t.app.services.alarmDomain;
    const target = { terminalId: lamp.terminalId, name: lamp.sn, deptId: 5 };
    const free = (await workflow.raise(target, 'voltageHigh', { value: 260 }))!.alarmId;
    expect(await workflow.clear(target, 'voltageHigh')).toBe(true);
    expect(await status(free)).toBe(6);
    const ordered = (await workflow.raise(target, 'currentLow', { value: 0.1 }))!.alarmId;
    await admin.post('/dispatch/workorder/add', { alarmIds: [ordered], assigneeId: fixerId });
    expect(await workflow.clear(target, 'currentLow')).toBe(true);
    const [row] = await t.database.db.select().from(alarms).where(eq(alarms.alarmId, ordered));
    expect(row.status).toBe(2);
    expect(row.clearedAt).not.toBeNull();
    expect(await events(ordered)).toEqual(['raise:->1', 'dispatch:1>2', 'deviceCleared:2>2']);
  });

  it('exports the filtered list as xlsx with bilingual names', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/alarm/export?sn=${lamp.sn}&status=5`, headers: bearer(adminToken) });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean).slice(1) as unknown[][];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['灯具故障 Lamp failure', '维修完成 Repair complete', lamp.sn]));
  });

  describe('data scope', () => {
    it('a maintenance user of another department sees none of these alarms, orders or texts', async () => {
      expect((await other.post('/alarm/list', {})).data.count).toBe(0);
      expect((await other.post('/dispatch/workorder/list', {})).data.count).toBe(0);
      expect((await other.post('/dispatch/workorder/mine', {})).data.count).toBe(0);
      const anyOrder = (await admin.post('/dispatch/workorder/list', {})).data.list[0].orderId;
      expect((await other.get(`/dispatch/workorder/info/${anyOrder}`)).code).toBe(404);
      expect((await fixer.get(`/dispatch/workorder/info/${anyOrder}`)).code).toBe(200);
    });
  });
});
