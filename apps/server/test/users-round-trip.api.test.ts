import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

interface ListedUser {
  userId: number;
  username: string;
  nickName: string;
  phone: string;
  email: string;
  deptId: number;
  deptName: string;
  roleIds: number[];
  roleNames: string[];
  status: string;
}

/** Issue 28 item 2: the exported workbook imports as it is, into the same installation and into a fresh one. */
describeEachEngine('users export → import round trip', (engine) => {
  let source: TestApp;
  let fresh: TestApp;
  const auth = new Map<TestApp, Record<string, string>>();
  beforeAll(async () => {
    [source, fresh] = await Promise.all([createTestApp(engine), createTestApp(engine)]);
    for (const t of [source, fresh]) auth.set(t, bearer(await t.login()));
    const add = (username: string, extra: object) =>
      source.app.inject({ method: 'POST', url: '/api/v1/sysUser', headers: auth.get(source), payload: { username, nickName: `${username} 昵称`, password: source.encrypt('Rt-secret-1'), phone: '', email: '', ...extra } });
    expect((await add('rt_east', { deptId: 5, roleIds: [2, 3], phone: '13800000042', email: 'east@example.com' })).json().code).toBe(200);
    expect((await add('rt_two', { deptId: 3, roleIds: [3] })).json().code).toBe(200);
    const off = (await add('rt_off', { deptId: 4, roleIds: [2] })).json().data.userId;
    await source.app.inject({ method: 'PUT', url: '/api/v1/sysUser/status', headers: auth.get(source), payload: { userId: off, status: '1' } });
  });
  afterAll(async () => {
    await source?.close();
    await fresh?.close();
  });

  const users = async (t: TestApp): Promise<ListedUser[]> =>
    (await t.app.inject({ url: '/api/v1/sysUserList?pageSize=500', headers: auth.get(t) })).json().data.list;
  const exported = async (t: TestApp) => (await t.app.inject({ url: '/api/v1/sysUser/export', headers: auth.get(t) })).rawPayload;
  const importInto = async (t: TestApp, data: Buffer, language = 'en-US') => {
    const { body, contentType } = multipartBody('file', 'users.xlsx', data);
    return (await t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...auth.get(t), 'content-type': contentType, 'accept-language': language } })).json();
  };
  const comparable = (list: ListedUser[]) =>
    list.map(({ username, nickName, phone, email, deptName, roleNames, status }) => ({ username, nickName, phone, email, deptName, roleNames: [...roleNames].sort(), status })).sort((a, b) => a.username.localeCompare(b.username));
  const sheetOf = async (data: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    return wb;
  };

  it('exports the columns of the template, naming departments by path and roles by name, without passwords', async () => {
    const template = await sheetOf((await source.app.inject({ url: '/api/v1/sysUser/importTemplate', headers: auth.get(source) })).rawPayload);
    const sheet = (await sheetOf(await exported(source))).worksheets[0];
    expect(sheet.getRow(1).values).toEqual(template.worksheets[0].getRow(1).values);
    const east = sheet.getSheetValues().find((r) => (r as unknown[])?.[1] === 'rt_east') as unknown[];
    expect(east.slice(1)).toEqual(['rt_east', 'rt_east 昵称', '', '13800000042', 'east@example.com', '路灯管理中心/运维一部/城东班组', '运维人员, 访客', '正常 Normal']);
    const off = sheet.getSheetValues().find((r) => (r as unknown[])?.[1] === 'rt_off') as unknown[];
    expect(off[8]).toBe('停用 Disabled');
  });

  it('imports its own export into the same installation: every row accepted, nothing changed, nobody duplicated', async () => {
    const before = await users(source);
    const answer = await importInto(source, await exported(source), 'zh-CN');
    expect(answer).toMatchObject({ code: 200, data: { imported: before.length, created: 0, updated: 0, unchanged: before.length, errors: [] } });
    const after = await users(source);
    expect(after).toEqual(before);
    expect((await source.login('rt_east', 'Rt-secret-1')).length).toBeGreaterThan(20);
  });

  it('updates only the users whose row differs, matched by user name, and keeps their password', async () => {
    const wb = await sheetOf(await exported(source));
    const sheet = wb.worksheets[0];
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'rt_two') {
        row.getCell(2).value = 'Renamed';
        row.getCell(6).value = '运维一部';
        row.getCell(7).value = '运维人员，访客';
      }
    });
    const count = (await users(source)).length;
    const answer = await importInto(source, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(answer).toMatchObject({ code: 200, data: { imported: count, created: 0, updated: 1, unchanged: count - 1 } });
    const two = (await users(source)).find((u) => u.username === 'rt_two')!;
    expect(two).toMatchObject({ nickName: 'Renamed', deptId: 2, roleIds: [2, 3] });
    expect((await users(source)).length).toBe(count);
    expect((await source.login('rt_two', 'Rt-secret-1')).length).toBeGreaterThan(20);
  });

  it('creates every exported user in a fresh installation with their department and roles, without a usable password', async () => {
    const wanted = await users(source);
    const others = (await users(fresh)).filter((u) => u.username !== 'admin').map((u) => u.userId);
    expect((await fresh.app.inject({ method: 'DELETE', url: `/api/v1/sysUser/${others.join(',')}`, headers: auth.get(fresh) })).json().code).toBe(200);

    const answer = await importInto(fresh, await exported(source));
    expect(answer).toMatchObject({ code: 200, data: { imported: wanted.length, created: wanted.length - 1, updated: 0, unchanged: 1, errors: [] } });
    const made = await users(fresh);
    expect(comparable(made)).toEqual(comparable(wanted));
    expect(made.find((u) => u.username === 'rt_east')).toMatchObject({ deptId: 5, roleIds: [2, 3] });

    const signIn = (password: string) => fresh.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rt_east', password: fresh.encrypt(password), code: '', uuid: '' } });
    expect((await signIn('Rt-secret-1')).json().code).not.toBe(200);
    const east = made.find((u) => u.username === 'rt_east')!;
    const reset = await fresh.app.inject({ method: 'PUT', url: '/api/v1/user/pwd/reset', headers: auth.get(fresh), payload: { userId: east.userId, password: fresh.encrypt('Fresh-pass-9') } });
    expect(reset.json().code).toBe(200);
    expect((await signIn('Fresh-pass-9')).json().code).toBe(200);
  });

  it('creates a new row with the password it gives, and names an ambiguous department or unknown role in the reader\'s language', async () => {
    const wb = await sheetOf(await exported(source));
    const sheet = wb.worksheets[0];
    sheet.addRow(['rt_new', 'New', 'Kx7-new-user', '', '', '运维一部/城东班组', 'editor', '']);
    expect(await importInto(source, Buffer.from(await wb.xlsx.writeBuffer()))).toMatchObject({ code: 200, data: { created: 1, updated: 0 } });
    expect((await source.login('rt_new', 'Kx7-new-user')).length).toBeGreaterThan(20);

    expect((await source.app.inject({ method: 'POST', url: '/api/v1/dept', headers: auth.get(source), payload: { parentId: 3, deptName: '城东班组', sort: 1, status: '2' } })).json().code).toBe(200);
    const bad = await sheetOf(await exported(source));
    bad.worksheets[0].addRow(['rt_newer', 'Newer', '', '', '', '城东班组', '无此角色', '']);
    const answer = await importInto(source, Buffer.from(await bad.xlsx.writeBuffer()), 'zh-CN');
    expect(answer).toMatchObject({ code: 400, msg: '未导入任何用户：1 行有错误' });
    expect(answer.data.errors[0].messages).toEqual(['有 2 个部门名为“城东班组”，请填写其路径，如“上级部门/城东班组”', '角色“无此角色”不存在']);
  });
});
