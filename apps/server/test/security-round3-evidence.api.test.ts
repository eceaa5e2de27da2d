import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

// Issue 24 item 5: repair evidence could point at any upload. Seeded departments: 2 ops one → 5 east team.
describeEachEngine('security round 3: completion photos are only those uploaded for the order', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let fixer: Caller;
  let fixerToken: string;
  let fixerId: number;
  let terminalId: number;

  /** A new order for a new alarm (one open alarm per kind), assigned to the fixer and picked up. */
  const pickedUpOrder = async (kind: string) => {
    const alarmId = (await admin.post('/alarm/add', { terminalId, kind, message: `${kind} by hand` })).data.alarmId as number;
    const orderId = (await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId })).data.orderId as number;
    expect((await fixer.post('/dispatch/workorder/pickUp', { orderId })).data.status).toBe(2);
    return orderId;
  };
  const upload = async (orderId: number) => {
    const form = multipartBody('file', 'lamp.png', PNG, 'image/png');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/dispatch/workorder/photo/${orderId}`, payload: form.body, headers: { ...bearer(fixerToken), 'content-type': form.contentType } });
    return res.json().data.url as string;
  };
  const complete = (orderId: number, photos: string[], lang = 'en-US') =>
    t.app
      .inject({ method: 'POST', url: '/api/v1/dispatch/workorder/complete', headers: { ...bearer(fixerToken), 'accept-language': lang }, payload: { orderId, note: 'done', photos } })
      .then((r) => r.json() as { code: number; msg: string });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    terminalId = (await insertTerminal(db, { deptId: 5, name: 'evidence lamp' })).terminalId;
    const crew = await createRole(db, 'evidence-crew', { dataScope: '3', permissions: ['dispatch:workorder:query', 'alarm:alarm:query'] });
    fixerId = await createUser(db, 'evidence-fixer', 2, [crew]);
    await db.update(users).set({ phone: '13800000011' }).where(eq(users.userId, fixerId));
    admin = caller(t, await t.login());
    fixerToken = await t.login('evidence-fixer');
    fixer = caller(t, fixerToken);
  });
  afterAll(() => t?.close());

  it('refuses a crafted path, another order’s photo, a made-up name and a file elsewhere with 400 naming photos, and changes nothing', async () => {
    const orderId = await pickedUpOrder('lampFailure');
    const otherOrder = await pickedUpOrder('doorOpen');
    const own = await upload(orderId);
    const others = await upload(otherOrder);
    expect(own).toMatch(new RegExp(`^/uploads/workorder/${orderId}-[0-9a-f-]{36}\\.png$`));

    const refused = [
      [`/uploads/workorder/${orderId}-../../avatar/x.png`],
      [`/uploads/workorder/${orderId}-${own.split('-').slice(1).join('-')}/../../avatar/x.png`],
      [others],
      [others.replace(`/${otherOrder}-`, `/${orderId}-`)],
      [`/uploads/workorder/${orderId}-${randomUUID()}.png`],
      [own.replace('/workorder/', '/avatar/')],
      [own, '/uploads/avatar/1.png'],
    ];
    for (const photos of refused) {
      const res = await complete(orderId, photos);
      expect(res, JSON.stringify(photos)).toMatchObject({ code: 400, msg: `photos.${photos.length - 1} is not a photo uploaded for work order ${orderId}` });
    }
    expect((await complete(orderId, [others], 'zh-CN')).msg).toBe(`photos.0 不是为工单 ${orderId} 上传的照片`);
    expect((await fixer.get(`/dispatch/workorder/info/${orderId}`)).data).toMatchObject({ status: 2, photos: [], completionNote: '' });

    const done = await complete(orderId, [own]);
    expect(done).toMatchObject({ code: 200, data: { status: 3, photos: [own] } });
    // The other order's own photo is still good for it.
    expect(await complete(otherOrder, [others])).toMatchObject({ code: 200, data: { photos: [others] } });
  });
});
