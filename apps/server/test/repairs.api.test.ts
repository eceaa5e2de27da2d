import { afterAll, beforeAll, expect, it } from 'vitest';
import { heartbeats } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('terminal repairs', (engine) => {
  let t: TestApp;
  let api: Caller;
  let boxId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
    boxId = (await api.post('/terminal/box/add', { name: 'Pole 7', code: 'POLE-7', deptId: 5 })).data.boxId;
  });
  afterAll(() => t?.close());

  const replace = (terminalId: number, replacementId: number, reason = 'lamp driver burnt') => api.post('/terminal/repair/replace', { terminalId, replacementId, reason });

  it('swaps a failed terminal for a spare in one go, keeping both histories', async () => {
    const failed = await addTerminal(api, { sn: 'FAIL-001', status: 3, deptId: 5, area: 'East', boxId, lng: 121.48, lat: 31.24, address: '7 Bund Rd' });
    const spare = await addTerminal(api, { sn: 'SPARE-001', status: 2, deptId: 3 });
    await t.database.db.insert(heartbeats).values([
      { terminalId: failed.terminalId, mid: 'f1', ts: new Date(), model: 2 },
      { terminalId: spare.terminalId, mid: 's1', ts: new Date(), model: 2 },
    ]);
    const res = await replace(failed.terminalId, spare.terminalId);
    expect(res).toMatchObject({ code: 200, data: { terminalId: failed.terminalId, replacementId: spare.terminalId } });

    expect((await api.get(`/terminal/info/${failed.terminalId}`)).data).toMatchObject({ status: 4, boxId: null, lng: null, lat: null, address: '', deptId: 5 });
    expect((await api.get(`/terminal/info/${spare.terminalId}`)).data).toMatchObject({ status: 3, deptId: 5, area: 'East', boxId, boxName: 'Pole 7', lng: 121.48, lat: 31.24, address: '7 Bund Rd' });
    expect((await api.get(`/terminal/datas/${failed.terminalId}`)).data.list.map((h: { mid: string }) => h.mid)).toEqual(['f1']);
    expect((await api.get(`/terminal/datas/${spare.terminalId}`)).data.list.map((h: { mid: string }) => h.mid)).toEqual(['s1']);
    expect((await api.get(`/terminal/status/log/${failed.terminalId}`)).data).toEqual([expect.objectContaining({ fromStatus: 3, toStatus: 4, userId: 1, reason: expect.stringMatching(/lamp driver burnt/) })]);
    expect((await api.get(`/terminal/status/log/${spare.terminalId}`)).data).toEqual([expect.objectContaining({ fromStatus: 2, toStatus: 3, reason: expect.stringMatching(/FAIL-001/) })]);

    const list = (await api.get('/terminal/repair/list?keyword=spare')).data;
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({ sn: 'FAIL-001', replacementSn: 'SPARE-001', reason: 'lamp driver burnt', userName: '管理员' });
    expect((await api.get(`/terminal/repair/list?terminalId=${spare.terminalId}`)).data.count).toBe(1);
  });

  it('refuses a spare that is not in stock or does not match, and changes nothing', async () => {
    const failed = await addTerminal(api, { status: 3, family: 'rdcsm', model: 2 });
    const inUse = await addTerminal(api, { status: 3 });
    const otherModel = await addTerminal(api, { status: 2, model: 1 });
    const otherFamily = await addTerminal(api, { status: 1, family: 'rdc4m' });
    const spare = await addTerminal(api, { status: 1 });
    expect(await replace(failed.terminalId, inUse.terminalId)).toMatchObject({ code: 400, msg: expect.stringMatching(/factory or the warehouse/) });
    expect(await replace(failed.terminalId, otherModel.terminalId)).toMatchObject({ code: 400, msg: expect.stringMatching(/family and model/) });
    expect(await replace(failed.terminalId, otherFamily.terminalId)).toMatchObject({ code: 400, msg: expect.stringMatching(/family and model/) });
    expect(await replace(spare.terminalId, failed.terminalId)).toMatchObject({ code: 400, msg: expect.stringMatching(/not in use/) });
    expect((await replace(failed.terminalId, failed.terminalId)).code).toBe(400);
    const inChinese = await t.app.inject({
      method: 'POST', url: '/api/v1/terminal/repair/replace', headers: { authorization: `Bearer ${await t.login()}`, 'accept-language': 'zh-CN' },
      payload: { terminalId: failed.terminalId, replacementId: inUse.terminalId, reason: 'x' },
    });
    expect(inChinese.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/必须在出厂或仓库状态/) });
    expect((await replace(failed.terminalId, 999_999)).code).toBe(404);
    expect((await api.post('/terminal/repair/replace', { terminalId: failed.terminalId, replacementId: spare.terminalId })).msg).toMatch(/reason/);
    expect((await api.get(`/terminal/info/${failed.terminalId}`)).data.status).toBe(3);
    expect((await api.get(`/terminal/status/log/${failed.terminalId}`)).data).toHaveLength(0);
    expect((await replace(failed.terminalId, spare.terminalId)).code).toBe(200);
  });
});
