import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { multipartBody } from './support/multipart.js';

describeEachEngine('users API', (engine) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    h = bearer(await t.login());
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: h });
  const newUser = (username: string, extra: object = {}) => ({
    username, nickName: `${username} nick`, password: t.encrypt('secret-1'), deptId: 2, roleIds: [2], phone: '13800000001', email: `${username}@example.com`, ...extra,
  });

  it('adds, reads, lists with filters, edits and deletes a user', async () => {
    const created = (await send('POST', '/api/v1/sysUser', newUser('alice'))).json();
    expect(created).toMatchObject({ code: 200, data: { username: 'alice', deptName: '运维一部', roleIds: [2], status: '2' } });
    const id = created.data.userId;
    expect((await t.login('alice', 'secret-1')).length).toBeGreaterThan(20);

    const list = (await send('GET', '/api/v1/sysUserList?username=ali&deptId=1&pageSize=10')).json().data;
    expect(list).toMatchObject({ count: 1, pageIndex: 1, pageSize: 10 });
    expect(list.list[0].username).toBe('alice');
    expect((await send('GET', '/api/v1/sysUserList?deptId=3&username=alice')).json().data.count).toBe(0);

    const edit = { userId: id, nickName: 'Alice L.', deptId: 3, roleIds: [3], status: '2', phone: '', email: '' };
    expect((await send('PUT', '/api/v1/sysUser', edit)).json().code).toBe(200);
    expect((await send('GET', `/api/v1/sysUser/${id}`)).json().data).toMatchObject({ nickName: 'Alice L.', deptId: 3, roleIds: [3] });

    expect((await send('PUT', '/api/v1/sysUser/status', { userId: id, status: '1' })).json().code).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'alice', password: t.encrypt('secret-1') } });
    expect(refused.json().msg).toMatch(/disabled/);

    expect((await send('PUT', '/api/v1/user/pwd/reset', { userId: id, password: t.encrypt('another-2') })).json().code).toBe(200);
    expect((await send('DELETE', `/api/v1/sysUser/${id}`)).json().code).toBe(200);
    expect((await send('GET', `/api/v1/sysUser/${id}`)).json().code).toBe(404);
  });

  it('pages the list', async () => {
    for (const name of ['p1', 'p2', 'p3']) await send('POST', '/api/v1/sysUser', newUser(name));
    const page2 = (await send('GET', '/api/v1/sysUserList?username=p&pageSize=2&pageIndex=2')).json().data;
    expect(page2.count).toBeGreaterThanOrEqual(3);
    expect(page2.list.length).toBe(Math.min(2, page2.count - 2));
  });

  it.each([
    [{ username: 'x' }, /username must be 2-64/],
    [{ username: 'bad name!' }, /username must be/],
    [{ nickName: '' }, /nickName is required/],
    [{ deptId: 'abc' }, /deptId must be a number/],
    [{ roleIds: [] }, /at least one role/],
    [{ roleIds: 'admin' }, /roleIds must be an array/],
    [{ email: 'not-an-email' }, /email must be an e-mail/],
    [{ phone: 'call me' }, /phone must be a phone number/],
    [{ status: '3' }, /status must be/],
    [{ nickName: 'n'.repeat(65) }, /at most 64/],
  ])('rejects %j with 400', async (override, msg) => {
    const res = await send('POST', '/api/v1/sysUser', newUser('valid-name', override));
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });

  it.each([
    [{ username: 'admin' }, /already taken/],
    [{ deptId: 999 }, /Department 999 does not exist/],
    [{ roleIds: [999] }, /role that does not exist/],
    [{ password: '' }, /password is required/],
  ])('refuses %j on the server side with 400', async (override, msg) => {
    expect((await send('POST', '/api/v1/sysUser', newUser('bob', override))).json()).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });

  it('refuses a password that is too short after decryption', async () => {
    const res = await send('POST', '/api/v1/sysUser', newUser('carol', { password: t.encrypt('123') }));
    expect(res.json()).toMatchObject({ code: 400, msg: 'password must be 6 to 64 characters' });
  });

  it('protects the built-in administrator and the caller', async () => {
    expect((await send('DELETE', '/api/v1/sysUser/1')).json().msg).toMatch(/your own account/);
    expect((await send('PUT', '/api/v1/sysUser/status', { userId: 1, status: '1' })).json().msg).toMatch(/own account/);
  });

  it('exports the filtered list as a real .xlsx workbook', async () => {
    const res = await send('GET', '/api/v1/sysUserList?pageSize=500');
    const all = res.json().data.list;
    const file = await send('GET', '/api/v1/sysUser/export?deptId=2');
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().slice(2).map((r) => (r as unknown[])[1]);
    const expected = all.filter((u: { deptId: number }) => u.deptId === 2 || u.deptId === 5).map((u: { username: string }) => u.username);
    expect(rows.sort()).toEqual(expected.sort());
  });

  const upload = async (rows: unknown[][], language?: string) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow(['username', 'nickName', 'password', 'phone', 'email', 'deptId', 'roleKeys', 'status']);
    rows.forEach((r) => ws.addRow(r));
    const { body, contentType } = multipartBody('file', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    return t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...h, 'content-type': contentType, ...(language ? { 'accept-language': language } : {}) } });
  };

  it("reports the import's errors in the reader's language (issue 28 item 2)", async () => {
    const res = await upload([
      ['imp1', 'Import One', 'secret-1', '', '', 2, 'editor', '2'],
      ['imp1', 'Duplicate', 'secret-1', '', '', 2, 'ghost', '2'],
      ['admin', 'Admin again', 'secret-1', '', '', 99, 'editor', ''],
      ['imp4', '', 'secret-1', '', '', 2, 'editor', ''],
    ], 'zh-CN');
    expect(res.json()).toMatchObject({ code: 400, msg: '未导入任何用户：3 行有错误' });
    const [dup, bad, empty] = res.json().data.errors as Array<{ messages: string[] }>;
    expect(dup.messages).toEqual(expect.arrayContaining(['用户名“imp1”与第 2 行重复', '角色“ghost”不存在']));
    expect(bad.messages).toEqual(['部门“99”不存在或不在您的数据范围内']);
    expect(empty.messages.some((m) => m.includes('nickName') && /[\u4e00-\u9fff]/.test(m))).toBe(true);
    expect([...dup.messages, ...bad.messages, ...empty.messages].every((m) => /[\u4e00-\u9fff]/.test(m))).toBe(true);
  });

  it('imports nothing from a half-valid file and reports every bad row', async () => {
    const res = await upload([
      ['imp1', 'Import One', 'secret-1', '', '', 2, 'editor', '2'],
      ['imp1', 'Duplicate', 'secret-1', '', '', 2, 'editor', '2'],
      ['imp3', '', '123', '', 'bad', 99, 'ghost', ''],
    ]);
    expect(res.json()).toMatchObject({ code: 400, msg: 'Nothing imported: 2 row(s) have errors' });
    const errors = res.json().data.errors;
    expect(errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
    expect(errors[0].messages.join()).toMatch(/repeats row 2/);
    expect(errors[1].messages.join()).toMatch(/nickName is required/);
    expect((await send('GET', '/api/v1/sysUserList?username=imp')).json().data.count).toBe(0);
  });

  it('imports a valid file in full', async () => {
    const res = await upload([
      ['imp1', 'Import One', 'secret-1', '13900000000', '', 2, 'editor', '2'],
      ['imp2', 'Import Two', 'secret-2', '', 'two@example.com', 5, 'editor,visitor', ''],
    ]);
    expect(res.json()).toMatchObject({ code: 200, data: { imported: 2, errors: [] } });
    expect((await send('GET', '/api/v1/sysUserList?username=imp')).json().data.count).toBe(2);
    expect((await t.login('imp2', 'secret-2')).length).toBeGreaterThan(20);
  });

  it('rejects a file that is not a workbook, and serves the template', async () => {
    const { body, contentType } = multipartBody('file', 'x.xlsx', Buffer.from('not a zip'));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...h, 'content-type': contentType } });
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/not a readable .xlsx/) });
    const tpl = await send('GET', '/api/v1/sysUser/importTemplate');
    expect(tpl.headers['content-disposition']).toContain('users-template.xlsx');
  });

  const uploadFile = (data: Buffer) => {
    const { body, contentType } = multipartBody('file', 'users.xlsx', data);
    return t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...h, 'content-type': contentType } }).then((r) => r.json());
  };
  const template = async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await send('GET', '/api/v1/sysUser/importTemplate')).rawPayload as unknown as ArrayBuffer);
    return wb;
  };

  it('never imports the template\'s example: the unchanged template creates nobody, a filled one only its own rows', async () => {
    const wb = await template();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['users', '说明 Help']);
    expect(wb.worksheets[0].rowCount).toBe(1);
    expect(JSON.stringify(wb.worksheets[1].getSheetValues())).toContain('zhangsan');
    expect(await uploadFile(Buffer.from(await wb.xlsx.writeBuffer()))).toMatchObject({ code: 400, msg: 'The workbook has no user rows' });
    expect((await send('GET', '/api/v1/sysUserList?username=zhangsan')).json().data.count).toBe(0);

    wb.worksheets[0].addRow(['tpl_filled', 'Filled', 'secret-1', '', '', 2, 'editor', '2']);
    expect(await uploadFile(Buffer.from(await wb.xlsx.writeBuffer()))).toMatchObject({ code: 200, data: { imported: 1 } });
    expect((await send('GET', '/api/v1/sysUserList?username=tpl_filled')).json().data.count).toBe(1);
  });

  it('skips the example row that earlier templates carried on the user sheet', async () => {
    const legacy = new ExcelJS.Workbook();
    legacy.addWorksheet('users').addRows([
      ['用户名 Username', '昵称 Nick name', '初始密码 Initial password', '手机 Phone', '邮箱 E-mail', '部门编号 Department ID', '角色标识 Role keys (a,b)', '状态 Status (2 normal, 1 disabled)'],
      ['zhangsan', '张三', 'Change-me-123', '13800000000', '', 2, 'editor', '2'],
    ]);
    expect(await uploadFile(Buffer.from(await legacy.xlsx.writeBuffer()))).toMatchObject({ code: 400, msg: 'The workbook has no user rows' });
    legacy.worksheets[0].addRow(['tpl_legacy', 'Legacy', 'secret-1', '', '', 2, 'editor', '']);
    expect(await uploadFile(Buffer.from(await legacy.xlsx.writeBuffer()))).toMatchObject({ code: 200, data: { imported: 1 } });
    expect((await send('GET', '/api/v1/sysUserList?username=zhangsan')).json().data.count).toBe(0);
  });
});
