import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushPath, type NoticeRow, NOTICE_PERMISSION } from '@sl/contracts';
import { energyNotices, users } from '../src/db/schema/index.js';
import { seedDemoNotices } from '../src/seed/seed-demo-notices.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { connectPush, terminatePushSockets } from './support/push-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring.
const { query, add, remove } = NOTICE_PERMISSION;
const big = 'x'.repeat(200_000);
const ids = (res: { data: { list: NoticeRow[] } }) => res.data.list.map((n) => n.id);

describeEachEngine('energy notices', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let below: Caller; // dept 2, scope 4: departments 2 and 5
  let other: Caller; // dept 3, scope 3
  let member: Caller; // dept 2, scope 5: only as a member of department 2
  let sender: Caller; // dept 2, scope 4, may send and delete
  let unlisted: Caller; // dept 2, scope 4, without the list permission
  let adminUniqueId: string;
  const sent: Record<string, NoticeRow> = {};

  const send = async (who: Caller, body: object) => who.post('/energy/notice/add', body);
  const info = async (who: Caller, id: number) => who.get(`/energy/notice/info?id=${id}`);
  const update = async (who: Caller, body: object) => who.post('/energy/notice/update', body);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const role = (key: string, dataScope: string, permissions: string[]) => createRole(db, key, { dataScope, permissions });
    await createUser(db, 'nbelow', 2, [await role('n-below', '4', [query])]);
    await createUser(db, 'nother', 3, [await role('n-other', '3', [query])]);
    await createUser(db, 'nmember', 2, [await role('n-member', '5', [query])]);
    await createUser(db, 'nsender', 2, [await role('n-sender', '4', [query, add, remove])]);
    await createUser(db, 'nunlisted', 2, [await role('n-unlisted', '4', [])]);
    await db.update(users).set({ nickName: '运维小王' }).where(eq(users.username, 'nbelow'));
    await db.update(users).set({ nickName: '' }).where(eq(users.username, 'nmember'));
    admin = caller(t, await t.login());
    [below, other, member, sender, unlisted] = await Promise.all(
      ['nbelow', 'nother', 'nmember', 'nsender', 'nunlisted'].map(async (u) => caller(t, await t.login(u))),
    );
    adminUniqueId = (await admin.get('/getinfo')).data.uniqueId;
  });
  afterAll(async () => {
    terminatePushSockets();
    await t?.close();
  });

  it('sends one notice per department, recording the sender, and answers the rows', async () => {
    const res = await send(admin, { deptIds: [2, 3, 5, 2], sendTitle: ' 停电检修 ', sendContent: '周六 9:00-12:00 停电', level: 3 });
    expect(res).toMatchObject({ code: 200, msg: 'notice sent' });
    expect(res.data.map((n: NoticeRow) => n.deptId).sort()).toEqual([2, 3, 5]);
    const sendTime = res.data[0].sendTime;
    for (const n of res.data as NoticeRow[]) {
      expect(n).toEqual({
        id: expect.any(Number), uniqueId: adminUniqueId, deptId: n.deptId, deptName: expect.any(String), level: 3,
        sendTitle: '停电检修', sendContent: '周六 9:00-12:00 停电', sendDept: '路灯管理中心', sendTime,
        recvContent: '', recvName: '', recvTime: null, recvStatus: 0, createdAt: expect.any(String), updatedAt: expect.any(String),
      });
      sent[`outage${n.deptId}`] = n;
    }
    expect(sent.outage5.deptName).toBe('城东班组');
    const normal = await send(sender, { deptIds: [5], sendTitle: 'Meter reading', sendContent: 'Read the meters by Friday' });
    expect(normal.data[0]).toMatchObject({ level: 1, deptId: 5, sendDept: '运维一部' });
    sent.meter = normal.data[0];
  });

  it('lists newest first with a count, pages, and defaults to the notice page size of 10', async () => {
    for (let i = 0; i < 11; i++) await send(admin, { deptIds: [4], sendTitle: `Load report ${i}`, sendContent: 'Weekly load', level: 2 });
    const all = await admin.post('/energy/notice/list', {});
    expect(all.data).toMatchObject({ count: 15, pageIndex: 1, pageSize: 10 });
    expect(all.data.list).toHaveLength(10);
    expect(all.data.list[0]).toMatchObject({ sendTitle: 'Load report 10', deptName: '监控中心' });
    const pages = await Promise.all([1, 2, 3, 4].map((pageIndex) => admin.post('/energy/notice/list', { pageIndex, pageSize: 4 })));
    expect(pages.map((p) => p.data.list.length)).toEqual([4, 4, 4, 3]);
    expect(new Set(pages.flatMap(ids)).size).toBe(15);
    expect(pages[3].data.list.at(-1).sendTitle).toBe('停电检修');
  });

  it('filters by status, level, title, department and send time; blank filters mean none', async () => {
    const count = async (body: object) => (await admin.post('/energy/notice/list', body)).data.count;
    expect(await count({ level: 3 })).toBe(3);
    expect(await count({ level: 2, title: 'report 1' })).toBe(2);
    expect(await count({ deptId: 5 })).toBe(2);
    expect(await count({ title: '100%_' })).toBe(0);
    expect(await count({ recvStatus: 0 })).toBe(15);
    expect(await count({ recvStatus: '', level: null, deptId: '' })).toBe(15);
    expect(await count({ from: Date.now() + 60_000 })).toBe(0);
    expect(await count({ from: '2020-01-01T00:00:00Z', to: new Date(Date.now() + 60_000).toISOString() })).toBe(15);
  });

  it('shows each user the departments of their scope, and their own department whatever the scope', async () => {
    const depts = async (who: Caller) => [...new Set((await who.post('/energy/notice/list', { pageSize: 100 })).data.list.map((n: NoticeRow) => n.deptId))].sort();
    expect(await depts(below)).toEqual([2, 5]);
    expect(await depts(other)).toEqual([3]);
    expect(await depts(member)).toEqual([2]);
    expect((await unlisted.post('/energy/notice/list', {})).code).toBe(403);
  });

  it('answers one notice by query or path, and 404 for an unknown one or one outside the scope', async () => {
    expect((await info(below, sent.outage5.id)).data).toEqual(sent.outage5);
    expect((await below.get(`/energy/notice/info/${sent.outage5.id}`)).data.id).toBe(sent.outage5.id);
    expect(await info(other, sent.outage5.id)).toMatchObject({ code: 404, msg: `Notice ${sent.outage5.id} does not exist or is outside your data scope` });
    expect((await info(admin, 999_999)).code).toBe(404);
    expect((await admin.get('/energy/notice/info')).code).toBe(400);
    expect((await admin.get('/energy/notice/info?id=abc')).code).toBe(400);
  });

  it('marks read with the caller as recvName, ignoring a recvName in the body, then replies', async () => {
    const before = Date.now();
    const read = await update(below, { id: sent.outage2.id, recvStatus: 1, recvName: 'Mallory' });
    expect(read).toMatchObject({ code: 200, data: { id: sent.outage2.id, recvStatus: 1, recvName: '运维小王', recvContent: '', deptName: '运维一部' } });
    expect(Date.parse(read.data.recvTime)).toBeGreaterThanOrEqual(before - 1000);
    expect((await info(admin, sent.outage2.id)).data).toEqual(read.data);

    const reply = await update(member, { id: sent.outage2.id, recvStatus: 2, recvContent: ' 已安排人员 ' });
    expect(reply.data).toMatchObject({ recvStatus: 2, recvContent: '已安排人员', recvName: 'nmember' });
    const direct = await update(below, { id: sent.outage5.id, recvStatus: 2, recvContent: 'Done' });
    expect(direct.data).toMatchObject({ recvStatus: 2, recvContent: 'Done', recvName: '运维小王', recvTime: expect.any(String) });
  });

  it('refuses every other transition with 400 and changes nothing', async () => {
    await update(below, { id: sent.meter.id, recvStatus: 1 });
    const cases: Array<[id: number, body: object, msg: string | RegExp]> = [
      [sent.meter.id, { recvStatus: 1 }, `Notice ${sent.meter.id} is already read`],
      [sent.meter.id, { recvStatus: 0 }, /recvStatus must be 1 \(read\) or 2 \(replied\)/],
      [sent.meter.id, { recvStatus: 3 }, /recvStatus must be 1/],
      [sent.meter.id, { recvStatus: 2 }, 'recvContent is required to reply (recvStatus 2)'],
      [sent.meter.id, { recvStatus: 2, recvContent: '   ' }, 'recvContent is required to reply (recvStatus 2)'],
      [sent.outage2.id, { recvStatus: 1 }, `Notice ${sent.outage2.id} has already been replied to and cannot change`],
      [sent.outage2.id, { recvStatus: 2, recvContent: 'again' }, `Notice ${sent.outage2.id} has already been replied to and cannot change`],
      [sent.outage2.id, { recvStatus: 0 }, /recvStatus must be 1/],
    ];
    for (const [id, body, msg] of cases) {
      const before = (await info(admin, id)).data;
      const res = await update(below, { id, ...body });
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(msg);
      expect((await info(admin, id)).data).toEqual(before);
    }
    const fresh = sent.outage3;
    const res = await update(other, { id: fresh.id, recvStatus: 1, recvContent: 'hello' });
    expect(res).toMatchObject({ code: 400, msg: 'recvContent is only accepted with recvStatus 2 (replied)' });
    expect((await info(admin, fresh.id)).data).toEqual(fresh);
    expect((await update(other, { id: sent.meter.id, recvStatus: 2, recvContent: 'x' })).code).toBe(404);
    expect((await update(admin, { id: 999_999, recvStatus: 1 })).code).toBe(404);
  });

  it('counts the unread notices the caller can see', async () => {
    const unread = async (who: Caller) => (await who.get('/energy/notice/unread')).data.unread;
    expect(await unread(admin)).toBe(12);
    expect(await unread(below)).toBe(0);
    expect(await unread(other)).toBe(1);
    expect((await unlisted.get('/energy/notice/unread')).code).toBe(403);
  });

  it('answers 400 to bad input without touching the database', async () => {
    const rowsBefore = await t.database.db.$count(energyNotices);
    const bad: Array<[string, object, RegExp]> = [
      ['list', { pageSize: 'abc' }, /pageSize must be a number/],
      ['list', { pageIndex: 0 }, /pageIndex must be at least 1/],
      ['list', { recvStatus: 5 }, /recvStatus must be 0/],
      ['list', { title: big }, /title must be at most 128/],
      ['list', { from: 'yesterday' }, /from must be a date/],
      ['update', { id: 'x', recvStatus: 1 }, /id must be a number/],
      ['update', { id: sent.outage3.id }, /recvStatus/],
      ['update', { id: sent.outage3.id, recvStatus: '1' }, /recvStatus must be 1/],
      ['update', { id: sent.outage3.id, recvStatus: 2, recvContent: big }, /recvContent must be at most 1000/],
      ['update', { id: sent.outage3.id, recvStatus: 2, recvContent: 42 }, /recvContent must be a string/],
      ['add', { sendTitle: 'a', sendContent: 'b' }, /deptIds/],
      ['add', { deptIds: [], sendTitle: 'a', sendContent: 'b' }, /deptIds must not be empty/],
      ['add', { deptIds: ['two'], sendTitle: 'a', sendContent: 'b' }, /deptIds/],
      ['add', { deptIds: 2, sendTitle: 'a', sendContent: 'b' }, /deptIds must be an array/],
      ['add', { deptIds: [2], sendContent: 'b' }, /sendTitle must be a string/],
      ['add', { deptIds: [2], sendTitle: '  ', sendContent: 'b' }, /sendTitle is required/],
      ['add', { deptIds: [2], sendTitle: big, sendContent: 'b' }, /sendTitle must be at most 128/],
      ['add', { deptIds: [2], sendTitle: 'a', sendContent: big }, /sendContent must be at most 2000/],
      ['add', { deptIds: [2], sendTitle: 'a', sendContent: 'b', level: 4 }, /level must be 1 \(normal\)/],
      ['add', { deptIds: [2, 9999], sendTitle: 'a', sendContent: 'b' }, /^Department 9999 does not exist or is outside your data scope$/],
    ];
    for (const [path, body, msg] of bad) {
      const res = await admin.post(`/energy/notice/${path}`, body);
      expect([res.code, res.msg], `${path} ${JSON.stringify(body).slice(0, 80)}`).toEqual([400, expect.stringMatching(msg)]);
    }
    const outside = await send(sender, { deptIds: [5, 3, 4], sendTitle: 'a', sendContent: 'b' });
    expect(outside).toMatchObject({ code: 400, msg: 'Department 3, 4 do not exist or are outside your data scope' });
    expect((await below.post('/energy/notice/add', { deptIds: [2], sendTitle: 'a', sendContent: 'b' })).code).toBe(403);
    expect(await t.database.db.$count(energyNotices)).toBe(rowsBefore);
  });

  it('deletes notices in scope, all or nothing', async () => {
    const [mine] = (await send(sender, { deptIds: [2], sendTitle: 'Temporary', sendContent: 'To be deleted' })).data;
    expect(await sender.del(`/energy/notice/del/${mine.id},${sent.outage3.id}`)).toMatchObject({ code: 404, msg: `Notice ${sent.outage3.id} does not exist or is outside your data scope` });
    expect((await info(admin, mine.id)).code).toBe(200);
    expect(await sender.del(`/energy/notice/del/${mine.id}`)).toMatchObject({ code: 200, msg: 'notice deleted' });
    expect((await info(admin, mine.id)).code).toBe(404);
    expect((await below.del(`/energy/notice/del/${sent.outage5.id}`)).code).toBe(403);
  });

  it('pushes a sent notice to who can list it, with their unread count, and the read to the others', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (who: Caller, username: string) => {
      const me = (await who.get('/getinfo')).data;
      const token = (await t.login(username)) as string;
      return connectPush(`${base}${pushPath('notice', me.uniqueId, me.userId)}?token=${token}`);
    };
    const [belowWs, otherWs, memberWs, unlistedWs] = await Promise.all([
      open(below, 'nbelow'), open(other, 'nother'), open(member, 'nmember'), open(unlisted, 'nunlisted'),
    ]);
    const title = `Push ${Date.now()}`;
    const [toTeam, toDept2] = (await send(admin, { deptIds: [5, 2], sendTitle: title, sendContent: 'Check the cabinets', level: 2 })).data as NoticeRow[];
    const pushOf = (ws: typeof belowWs, id: number, event = 'created') =>
      ws.next((m) => m.includes(`"event":"${event}"`) && JSON.parse(m).data?.id === id).then((m) => JSON.parse(m));

    const first = await pushOf(belowWs, toTeam.id);
    expect(first).toEqual({ code: 200, sendUserId: 'noticeData', event: 'created', unread: expect.any(Number), data: toTeam });
    await pushOf(belowWs, toDept2.id);
    const memberPush = await pushOf(memberWs, toDept2.id);
    expect(memberPush.unread).toBe((await member.get('/energy/notice/unread')).data.unread);

    await update(below, { id: toDept2.id, recvStatus: 1 });
    const readPush = await pushOf(memberWs, toDept2.id, 'updated');
    expect(readPush).toMatchObject({ event: 'updated', unread: memberPush.unread - 1, data: { recvStatus: 1, recvName: '运维小王' } });

    // A later push to everyone overtakes nothing: once it arrives, any notice push would have too.
    await t.app.services.push.publish('notice', { code: 200, marker: 'after' }, 'everyone');
    for (const ws of [otherWs, unlistedWs, memberWs]) await ws.next((m) => m.includes('"marker":"after"'));
    expect(otherWs.messages.filter((m) => m.includes(title))).toEqual([]);
    expect(unlistedWs.messages.filter((m) => m.includes(title))).toEqual([]);
    expect(memberWs.messages.filter((m) => JSON.parse(m).data?.id === toTeam.id)).toEqual([]);
  });
});

describeEachEngine('demo notices', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('seeds a dozen mixed notices into an empty table only, visible by scope', async () => {
    expect(await seedDemoNotices(t.database.db)).toBe(12);
    expect(await seedDemoNotices(t.database.db)).toBe(0);
    const list = (await caller(t, await t.login()).post('/energy/notice/list', { pageSize: 50 })).data;
    expect(list.count).toBe(12);
    const rows = list.list as NoticeRow[];
    expect(new Set(rows.map((n) => n.recvStatus))).toEqual(new Set([0, 1, 2]));
    expect(new Set(rows.map((n) => n.level))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((n) => n.recvStatus === 2).every((n) => n.recvContent && n.recvName && n.recvTime)).toBe(true);
    expect(rows.filter((n) => n.recvStatus === 0).every((n) => !n.recvName && n.recvTime === null)).toBe(true);
    const operator = (await caller(t, await t.login('operator')).post('/energy/notice/list', { pageSize: 5 })).data;
    expect(operator.count).toBe(rows.filter((n) => n.deptId === 2 || n.deptId === 5).length);
    expect(operator.list).toHaveLength(5);
  });
});
