import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dictData } from '../src/db/schema/index.js';
import { seedDictionaries } from '../src/seed/seed-dictionaries.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('dictionary API', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDictionaries(t.database.db);
    await seedDictionaries(t.database.db);
    admin = bearer(await t.login());
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers });

  it('seeds every enumeration once, with Chinese and English labels', async () => {
    const types = (await call('GET', '/dict/typelist?pageSize=100')).json().data;
    expect(types.count).toBe(25);
    expect(types.list.map((d: { dictType: string }) => d.dictType)).toEqual(expect.arrayContaining(['sys_yes_no', 'sl_online', 'sl_alarm_status', 'sys_data_scope', 'sl_notice_level']));
    const online = (await call('GET', '/dict/databytype/sl_online')).json().data;
    expect(online).toEqual([
      { dictLabel: '在线', dictLabelEn: 'Online', dictValue: '1', listClass: 'success', isDefault: 'Y' },
      { dictLabel: '离线', dictLabelEn: 'Offline', dictValue: '2', listClass: 'default', isDefault: 'N' },
      { dictLabel: '异常', dictLabelEn: 'Abnormal', dictValue: '3', listClass: 'danger', isDefault: 'N' },
    ]);
    const quick = (await call('GET', '/dict/databytype/sl_quick_command')).json().data.map((o: { dictValue: string }) => o.dictValue);
    expect(quick).toEqual(['11', '10', '0', '22']);
    expect((await call('GET', '/dict/databytype/no_such_type')).json().data).toEqual([]);
  });

  // Issue 28 item 11: a dictionary's values are the values the API sends for the field it describes.
  it('seeds open mode, lock and switch state with the values the API sends, and renames the old seeded ones', async () => {
    const values = async (type: string) => (await call('GET', `/dict/databytype/${type}`)).json().data.map((o: { dictValue: string; dictLabelEn: string }) => [o.dictValue, o.dictLabelEn]);
    expect(await values('sl_open_mode')).toEqual([['1', 'Today'], ['2', 'Every day']]);
    expect(await values('sl_lock')).toEqual([['true', 'Locked'], ['false', 'Not locked']]);
    expect(await values('sl_switch_state')).toEqual([['true', 'On'], ['false', 'Off']]);
    // An installation seeded before: its old values take the API's, an edited label stays, nothing is doubled.
    await t.database.db.update(dictData).set({ dictValue: 'today', dictLabel: '仅当天' }).where(and(eq(dictData.dictType, 'sl_open_mode'), eq(dictData.dictValue, '1')));
    await t.database.db.update(dictData).set({ dictValue: 'locked' }).where(and(eq(dictData.dictType, 'sl_lock'), eq(dictData.dictValue, 'true')));
    await seedDictionaries(t.database.db);
    const open = (await call('GET', '/dict/databytype/sl_open_mode')).json().data.map((o: { dictValue: string; dictLabel: string }) => [o.dictValue, o.dictLabel]);
    expect(open).toEqual([['1', '仅当天'], ['2', '每天']]);
    expect(await values('sl_lock')).toEqual([['true', 'Locked'], ['false', 'Not locked']]);
  });

  it('manages a type and its values, filtered and paged', async () => {
    const type = (await call('POST', '/dict/type', { dictName: '灯具类型', dictType: 'sl_lamp_kind' })).json();
    expect(type).toMatchObject({ code: 200, data: { dictType: 'sl_lamp_kind', status: '2' } });
    for (const [v, label, sort] of [['led', 'LED灯', 2], ['hps', '高压钠灯', 1], ['mh', '金卤灯', 3]] as const) {
      expect((await call('POST', '/dict/data', { dictType: 'sl_lamp_kind', dictValue: v, dictLabel: label, dictLabelEn: v.toUpperCase(), dictSort: sort })).json().code).toBe(200);
    }
    const page = (await call('GET', '/dict/datalist?dictType=sl_lamp_kind&pageSize=2&pageIndex=1')).json().data;
    expect(page).toMatchObject({ count: 3, pageIndex: 1, pageSize: 2 });
    expect(page.list.map((d: { dictValue: string }) => d.dictValue)).toEqual(['hps', 'led']);
    expect((await call('GET', '/dict/datalist?dictType=sl_lamp_kind&dictLabel=钠')).json().data.count).toBe(1);
    expect((await call('GET', '/dict/typelist?dictName=灯具')).json().data.list).toHaveLength(1);

    const led = page.list[1];
    expect((await call('PUT', '/dict/data', { ...led, dictLabel: 'LED', status: '1' })).json().code).toBe(200);
    expect((await call('GET', `/dict/data/${led.dictCode}`)).json().data).toMatchObject({ dictLabel: 'LED', status: '1' });
    expect((await call('GET', '/dict/databytype/sl_lamp_kind')).json().data.map((o: { dictValue: string }) => o.dictValue)).toEqual(['hps', 'mh']);

    const renamed = { dictId: type.data.dictId, dictName: '灯具', dictType: 'sl_lamp' };
    expect((await call('PUT', '/dict/type', renamed)).json().code).toBe(200);
    expect((await call('GET', '/dict/datalist?dictType=sl_lamp')).json().data.count).toBe(3);
    expect((await call('DELETE', `/dict/data/${led.dictCode}`)).json().code).toBe(200);
    expect((await call('GET', `/dict/data/${led.dictCode}`)).json().code).toBe(404);
    expect((await call('DELETE', `/dict/type/${type.data.dictId}`)).json().code).toBe(200);
    expect((await call('GET', `/dict/type/${type.data.dictId}`)).json().code).toBe(404);
    expect((await call('GET', '/dict/datalist?dictType=sl_lamp')).json().data.count).toBe(0);
  });

  it('refuses duplicates and values of unknown types', async () => {
    expect((await call('POST', '/dict/type', { dictName: 'x', dictType: 'sl_online' })).json()).toMatchObject({ code: 400, msg: 'The dictionary type "sl_online" already exists' });
    const dup = await call('POST', '/dict/data', { dictType: 'sl_online', dictValue: '1', dictLabel: 'again' });
    expect(dup.json()).toMatchObject({ code: 400, msg: 'The value "1" already exists in the dictionary type "sl_online"' });
    expect((await call('POST', '/dict/data', { dictType: 'nope', dictValue: '1', dictLabel: 'x' })).json().msg).toMatch(/"nope" does not exist/);
  });

  it.each([
    ['POST', '/dict/type', { dictName: 'x', dictType: 'Bad-Type' }, /dictType must hold only lowercase/],
    ['POST', '/dict/type', { dictType: 'ok_type' }, /dictName/],
    ['POST', '/dict/type', { dictName: 'x'.repeat(129), dictType: 'ok_type' }, /dictName must be at most 128/],
    ['POST', '/dict/data', { dictType: 'sl_online', dictLabel: 'x' }, /dictValue/],
    ['POST', '/dict/data', { dictType: 'sl_online', dictLabel: 'x', dictValue: '9', listClass: 'pink' }, /listClass must be one of/],
    ['POST', '/dict/data', { dictType: 'sl_online', dictLabel: 'x', dictValue: '9', dictSort: 'first' }, /sort/],
    ['PUT', '/dict/data', { dictType: 'sl_online', dictLabel: 'x', dictValue: '9' }, /dictCode/],
    ['GET', '/dict/data/export?dictType=UPPER', undefined, /dictType/],
    ['GET', '/dict/databytype/has space', undefined, /dictType/],
  ] as const)('%s %s with bad input answers 400', async (method, url, body, msg) => {
    const res = await call(method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 404 when editing or deleting what does not exist', async () => {
    expect((await call('PUT', '/dict/type', { dictId: 99999, dictName: 'x', dictType: 'x' })).json().code).toBe(404);
    expect((await call('PUT', '/dict/data', { dictCode: 99999, dictType: 'sl_online', dictLabel: 'x', dictValue: 'x' })).json().code).toBe(404);
    expect((await call('DELETE', '/dict/type/99999')).json()).toMatchObject({ code: 404, msg: 'Dictionary type 99999 does not exist' });
    expect((await call('DELETE', '/dict/data/99998,99999')).json()).toMatchObject({ code: 404, msg: 'Dictionary value 99998, 99999 do not exist' });
  });

  it('exports the values of a type as a real workbook', async () => {
    const res = await call('GET', '/dict/data/export?dictType=sl_alarm_status');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dict-data-sl_alarm_status\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1, 6)).toEqual(['字典编码 / Code', '字典类型 / Type', '字典标签 / Label', '英文标签 / English label', '字典键值 / Value']);
    const data = (await call('GET', '/dict/datalist?dictType=sl_alarm_status')).json().data.list;
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual(data.map((d: Record<string, unknown>) => [d.dictCode, d.dictLabel, d.dictLabelEn, d.dictValue]));
    expect(rows).toHaveLength(8);
    expect((await call('GET', '/dict/data/export?dictType=no_such')).json().code).toBe(400);
  });

  it('needs the permissions and a token', async () => {
    const visitor = bearer(await t.login('visitor'));
    for (const [method, url, body] of [
      ['GET', '/dict/typelist'], ['GET', '/dict/datalist'], ['GET', '/dict/data/export'],
      ['POST', '/dict/type', { dictName: 'v', dictType: 'v' }], ['PUT', '/dict/type', { dictId: 1, dictName: 'v', dictType: 'v' }], ['DELETE', '/dict/type/1'],
      ['POST', '/dict/data', { dictType: 'sl_online', dictLabel: 'v', dictValue: 'v' }],
      ['PUT', '/dict/data', { dictCode: 1, dictType: 'sl_online', dictLabel: 'v', dictValue: 'v' }], ['DELETE', '/dict/data/1'],
    ] as const) {
      expect((await call(method, url, body, visitor)).json().code, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, {})).json().code, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/dict/databytype/sl_online', undefined, visitor)).json().data).toHaveLength(3);
  });
});
