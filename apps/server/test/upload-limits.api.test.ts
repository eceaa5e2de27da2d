import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, TERMINAL_IMAGE_MAX_BYTES, USER_IMPORT_MAX_BYTES } from '@sl/contracts';
import { describeOnOneEngine } from './support/each-engine.js';
import { multipartBody, multipartStream } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { zipOf } from './support/zip.js';
import { addTerminal, caller } from './terminals-fixtures.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - PNG_SIGNATURE.length)]);
const MB = 1024 * 1024;

/** A readable workbook with one valid user row, padded past `bytes` with incompressible text on a second sheet. */
async function bigWorkbook(username: string, bytes: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('users').addRows([
    ['username', 'nickName', 'password', 'phone', 'email', 'deptId', 'roleKeys', 'status'],
    [username, 'Too Big', 'secret-1', '', '', 2, 'editor', '2'],
  ]);
  const padding = wb.addWorksheet('padding');
  for (let i = 0; i < Math.ceil(bytes / 24_000) + 1; i++) padding.addRow([randomBytes(18_000).toString('base64')]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeOnOneEngine('upload limits per route, enforced before anything is stored', (engine) => {
  let t: TestApp;
  let h: Record<string, string>;
  let terminalId: number;
  const dataDir = `/tmp/sl-test-upload-limits-${engine}-${process.pid}`;
  const stored = (folder: string) => (existsSync(path.join(dataDir, 'uploads', folder)) ? readdirSync(path.join(dataDir, 'uploads', folder)) : []);

  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    const token = await t.login();
    h = bearer(token);
    terminalId = (await addTerminal(caller(t, token))).terminalId;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, part: { body: Buffer | NodeJS.ReadableStream; contentType: string }, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url, payload: part.body, headers: { ...h, 'content-type': part.contentType, 'accept-language': lang } }).then((r) => r.json());
  const imagesOf = async () => (await t.app.inject({ url: `/api/v1/terminal/imgs/${terminalId}`, headers: h })).json().data as unknown[];
  const avatarOf = async () => (await t.app.inject({ url: '/api/v1/user/profile', headers: h })).json().data.avatar as string;
  const userCount = async (username: string) => (await t.app.inject({ url: `/api/v1/sysUserList?username=${username}`, headers: h })).json().data.count as number;

  it('refuses an 11 MB terminal image, whole or cut at 5 MB, and stores neither file nor row', async () => {
    const url = `/api/v1/terminal/imgs/${terminalId}`;
    const big = png(11 * MB);
    expect(await post(url, multipartBody('file', 'big.png', big, 'image/png'))).toMatchObject({ code: 400, msg: 'The file must be at most 5 MB' });
    expect(await post(url, multipartStream('file', 'big.png', big, TERMINAL_IMAGE_MAX_BYTES, 'image/png'), 'zh-CN')).toMatchObject({ code: 400, msg: '文件不能超过 5 MB' });
    expect(await imagesOf()).toHaveLength(0);
    expect(stored('terminal')).toEqual([]);
    const exact = await post(url, multipartBody('file', 'exact.png', png(TERMINAL_IMAGE_MAX_BYTES), 'image/png'));
    expect(exact.code).toBe(200);
    expect(stored('terminal')).toHaveLength(1);
  });

  it('refuses an avatar over 2 MB, whole or cut at 2 MB, and keeps the old avatar', async () => {
    const before = await avatarOf();
    const big = png(3 * MB);
    expect(await post('/api/v1/user/avatar', multipartBody('file', 'big.png', big, 'image/png'))).toMatchObject({ code: 400, msg: 'The file must be at most 2 MB' });
    expect(await post('/api/v1/user/avatar', multipartStream('file', 'big.png', big, AVATAR_MAX_BYTES, 'image/png'))).toMatchObject({ code: 400, msg: 'The file must be at most 2 MB' });
    expect(await avatarOf()).toBe(before);
    expect(stored('avatar')).toEqual([]);
    expect((await post('/api/v1/user/avatar', multipartBody('file', 'exact.png', png(AVATAR_MAX_BYTES), 'image/png'))).code).toBe(200);
  });

  it('refuses an import workbook over 2 MB that would otherwise import, and creates nobody', async () => {
    const workbook = await bigWorkbook('too_big_import', USER_IMPORT_MAX_BYTES + MB);
    expect(workbook.length).toBeGreaterThan(USER_IMPORT_MAX_BYTES);
    expect(await post('/api/v1/sysUser/import', multipartBody('file', 'users.xlsx', workbook))).toMatchObject({ code: 400, msg: 'The file must be at most 2 MB' });
    expect(await post('/api/v1/sysUser/import', multipartStream('file', 'users.xlsx', workbook, USER_IMPORT_MAX_BYTES))).toMatchObject({ code: 400, msg: 'The file must be at most 2 MB' });
    expect(await userCount('too_big_import')).toBe(0);
    const small = await bigWorkbook('small_import', 0);
    expect(await post('/api/v1/sysUser/import', multipartBody('file', 'users.xlsx', small))).toMatchObject({ code: 200, data: { imported: 1 } });
  });

  it('refuses a small workbook that would unpack to more than 50 MB, whatever its headers claim', async () => {
    const sheet = Buffer.alloc(60 * MB, ' ');
    for (const declared of [undefined, 1000]) {
      const bomb = zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'xl/worksheets/sheet1.xml', data: sheet, declared }]);
      expect(bomb.length).toBeLessThan(USER_IMPORT_MAX_BYTES);
      expect(await post('/api/v1/sysUser/import', multipartBody('file', 'users.xlsx', bomb))).toMatchObject({ code: 400, msg: 'The file unpacks to more than 50 MB' });
    }
  });

  it('asks for the "file" field when the upload comes under another name or not as multipart', async () => {
    expect(await post('/api/v1/user/avatar', multipartBody('picture', 'a.png', png(100), 'image/png'))).toMatchObject({ code: 400, msg: 'Upload the file as multipart form field "file"' });
    const json = await t.app.inject({ method: 'POST', url: `/api/v1/terminal/imgs/${terminalId}`, headers: h, payload: { a: 1 } });
    expect(json.json()).toMatchObject({ code: 400, msg: 'Upload the file as multipart form field "file"' });
  });
});
