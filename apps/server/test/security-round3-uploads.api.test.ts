import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { USER_IMPORT_MAX_BYTES } from '@sl/contracts';
import { users } from '../src/db/schema/index.js';
import { MAX_PHOTOS_PER_ORDER } from '../src/dispatch/work-order-service.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { zipOf } from './support/zip.js';
import { addTerminal, caller } from './terminals-fixtures.js';

const MB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const TOO_MANY = { code: 400, msg: 'At most 5000 rows can be imported at once' };
const IMPORT_BUSY = { code: 429, msg: 'Another user import is running; try again when it has finished' };

/**
 * A workbook of `rows` user rows written the way spreadsheet programs write them (cell references,
 * values in shared strings). Without a department the rows hold only username, nick name and
 * password, so that 120,000 of them pack into under 2 MB (and unpack to about 17 MB): the largest
 * import the size limits let through. Built by hand: ExcelJS takes longer to write it than the
 * server should take to refuse it.
 */
function userWorkbook(rows: number, deptId?: number): Buffer {
  const sheet: string[] = ['<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  sheet.push('<row r="1"><c r="A1" t="inlineStr"><is><t>username</t></is></c></row>');
  for (let r = 2; r <= rows + 1; r++) {
    const more = deptId === undefined ? '' : `<c r="F${r}"><v>${deptId}</v></c><c r="G${r}" t="s"><v>${rows + 2}</v></c>`;
    sheet.push(`<row r="${r}"><c r="A${r}" t="s"><v>${r - 2}</v></c><c r="B${r}" t="s"><v>${rows}</v></c><c r="C${r}" t="s"><v>${rows + 1}</v></c>${more}</row>`);
  }
  sheet.push('</sheetData></worksheet>');
  const strings: string[] = [`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${rows + 3}">`];
  for (let i = 0; i < rows; i++) strings.push(`<si><t>bulk${i}</t></si>`);
  strings.push('<si><t>Bulk</t></si><si><t>Kx7-bulk-import</t></si><si><t>editor</t></si></sst>');
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    { name: '_rels/.rels', data: Buffer.from(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: Buffer.from(`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="users" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet.join('')) },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(strings.join('')) },
  ]);
}

/** A multipart body that stops after its first kilobyte until `release` is called: the upload stays in flight. */
function stalledUpload(data: Buffer, filename: string, type?: string) {
  const { body, contentType } = multipartBody('file', filename, data, type);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* chunks() {
    yield body.subarray(0, 1024);
    await released;
    yield body.subarray(1024);
  }
  return { body: Readable.from(chunks(), { objectMode: false }), contentType, release };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 10));

describeEachEngine('security round 3: imports cannot exhaust memory, uploads cannot fill the disk', (engine) => {
  let t: TestApp;
  let h: Record<string, string>;
  let adminId: number;
  let workbook: Buffer;
  const dataDir = `/tmp/sl-test-round3-uploads-${engine}-${process.pid}`;
  const filesIn = (folder: string, prefix: string) => {
    const dir = path.join(dataDir, 'uploads', folder);
    return existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith(prefix)) : [];
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    h = bearer(await t.login());
    adminId = (await t.app.inject({ url: '/api/v1/user/profile', headers: h })).json().data.userId;
    workbook = userWorkbook(120_000);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (url: string, part: { body: Buffer | NodeJS.ReadableStream; contentType: string }, headers = h, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url, payload: part.body, headers: { ...headers, 'content-type': part.contentType, 'accept-language': lang } }).then((r) => r.json());
  const importFile = (data: Buffer, lang?: string) => send('/api/v1/sysUser/import', multipartBody('file', 'users.xlsx', data), h, lang);

  it('answers five concurrent maximum-size imports with the row limit or 429, within a bounded heap, and keeps serving', async () => {
    expect(workbook.length).toBeLessThanOrEqual(USER_IMPORT_MAX_BYTES);
    expect(workbook.length).toBeGreaterThan(1.5 * MB);
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const answers = await Promise.all(Array.from({ length: 5 }, () => importFile(workbook)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);

    for (const a of answers) expect([TOO_MANY, IMPORT_BUSY]).toContainEqual({ code: a.code, msg: a.msg });
    expect(answers.filter((a) => a.code === 400).length).toBeGreaterThanOrEqual(1);
    // Reading the whole sheet took ~140 MB per import, and five at once ended the process.
    expect(peak - before).toBeLessThan(200 * MB);
    expect((await t.app.inject({ url: '/api/v1/user/profile', headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/sysUserList?username=bulk', headers: h })).json().data.count).toBe(0);
  });

  it('runs one import at a time: another is refused with 429 in both languages while one is in flight', async () => {
    const slow = stalledUpload(workbook, 'users.xlsx');
    const first = send('/api/v1/sysUser/import', slow);
    const notAWorkbook = Buffer.from('not a workbook');
    let busy: { code: number; msg: string } | undefined;
    for (let i = 0; i < 500 && !busy; i++) {
      const answer = await importFile(notAWorkbook);
      if (answer.code === 429) busy = answer;
      else {
        expect(answer).toMatchObject({ code: 400, msg: 'The file is not a readable .xlsx workbook' });
        await pause();
      }
    }
    expect(busy).toMatchObject(IMPORT_BUSY);
    expect(await importFile(notAWorkbook, 'zh-CN')).toMatchObject({ code: 429, msg: '另一个用户导入正在进行，请在其完成后再试' });
    slow.release();
    expect(await first).toMatchObject(TOO_MANY);
    expect(await importFile(notAWorkbook)).toMatchObject({ code: 400, msg: 'The file is not a readable .xlsx workbook' });
  });

  it('reads a sheet of exactly 5,000 rows in full, refuses one row more, and imports what it reads', async () => {
    // A department nobody can see makes every row an error: all 5,000 are read and checked, none is hashed or stored.
    const atLimit = await importFile(userWorkbook(5000, 99_999));
    expect(atLimit).toMatchObject({ code: 400, msg: 'Nothing imported: 5000 row(s) have errors' });
    expect(atLimit.data.errors.at(-1)).toMatchObject({ row: 5001, messages: ['Department "99999" does not exist or is outside your data scope'] });
    expect(await importFile(userWorkbook(5001, 99_999))).toMatchObject(TOO_MANY);
    expect(await importFile(userWorkbook(3, 2))).toMatchObject({ code: 200, data: { imported: 3 } });
    expect((await t.login('bulk2', 'Kx7-bulk-import')).length).toBeGreaterThan(20);
  });

  it('keeps only the current avatar on disk: three uploads leave one file, the one the profile shows', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send('/api/v1/user/avatar', multipartBody('file', `a${i}.png`, PNG, 'image/png'));
      expect(res.code).toBe(200);
      urls.push(res.data.avatar);
    }
    const profile = (await t.app.inject({ url: '/api/v1/user/profile', headers: h })).json().data;
    expect(profile.avatar).toBe(urls[2]);
    expect(filesIn('avatar', `${adminId}-`)).toEqual([path.basename(urls[2])]);
    expect((await t.app.inject(urls[2])).headers['content-type']).toBe('image/png');
    // The replaced one is gone (an unknown path falls through to the console's page).
    expect((await t.app.inject(urls[0])).headers['content-type']).not.toBe('image/png');
  });

  it("never deletes another user's avatar, and lets a user upload one avatar at a time (429 meanwhile)", async () => {
    const db = t.database.db;
    const otherId = await createUser(db, 'avatar_other', 2, []);
    const other = bearer(await t.login('avatar_other'));
    const theirs = (await send('/api/v1/user/avatar', multipartBody('file', 'o.png', PNG, 'image/png'), other)).data.avatar as string;
    // A column that names someone else's file (never the case today) must not make it deletable.
    const thirdId = await createUser(db, 'avatar_third', 2, []);
    await db.update(users).set({ avatar: theirs }).where(eq(users.userId, thirdId));
    expect((await send('/api/v1/user/avatar', multipartBody('file', 't.png', PNG, 'image/png'), bearer(await t.login('avatar_third')))).code).toBe(200);
    expect(filesIn('avatar', `${otherId}-`)).toEqual([path.basename(theirs)]);
    expect(filesIn('avatar', `${thirdId}-`)).toHaveLength(1);

    const slow = stalledUpload(PNG, 's.png', 'image/png');
    const first = send('/api/v1/user/avatar', slow);
    let busy: { code: number; msg: string } | undefined;
    for (let i = 0; i < 500 && !busy; i++) {
      const answer = await send('/api/v1/user/avatar', multipartBody('file', 'x.txt', Buffer.from('not an image')));
      if (answer.code === 429) busy = answer;
      else await pause();
    }
    expect(busy).toMatchObject({ code: 429, msg: 'Your previous avatar is still uploading; try again when it has finished' });
    // Another user is not held up.
    expect((await send('/api/v1/user/avatar', multipartBody('file', 'o2.png', PNG, 'image/png'), other)).code).toBe(200);
    slow.release();
    const done = await first;
    expect(done.code).toBe(200);
    expect(filesIn('avatar', `${adminId}-`)).toEqual([path.basename(done.data.avatar)]);
    expect(filesIn('avatar', `${otherId}-`)).toHaveLength(1);
  });

  it('deletes a terminal image from disk when it is removed', async () => {
    const { terminalId } = await addTerminal(caller(t, h.authorization.slice(7)));
    const url = `/api/v1/terminal/imgs/${terminalId}`;
    const added = await send(url, multipartBody('file', 'i.png', PNG, 'image/png'));
    expect(added.code).toBe(200);
    expect(filesIn('terminal', `${terminalId}-`)).toHaveLength(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${added.data.id}`, headers: h });
    expect(removed.json().code).toBe(200);
    expect(filesIn('terminal', `${terminalId}-`)).toEqual([]);
  });

  it(`caps the completion photos of a work order at ${MAX_PHOTOS_PER_ORDER}`, async () => {
    const db = t.database.db;
    const lamp = await insertTerminal(db, { deptId: 5, name: 'lamp of many photos' });
    const crew = await createRole(db, 'photo_crew', { dataScope: '3', permissions: ['dispatch:workorder:query'] });
    const fixerId = await createUser(db, 'photo_fixer', 2, [crew]);
    await db.update(users).set({ phone: '13800000009' }).where(eq(users.userId, fixerId));
    const admin = caller(t, h.authorization.slice(7));
    const alarmId = (await admin.post('/alarm/add', { terminalId: lamp.terminalId, kind: 'lampFailure', message: 'by hand' })).data.alarmId;
    const { orderId } = (await admin.post('/dispatch/workorder/add', { alarmIds: [alarmId], assigneeId: fixerId })).data;
    const fixer = bearer(await t.login('photo_fixer'));
    const photo = () => send(`/api/v1/dispatch/workorder/photo/${orderId}`, multipartBody('file', 'p.png', PNG, 'image/png'), fixer);
    for (let i = 0; i < MAX_PHOTOS_PER_ORDER; i++) expect((await photo()).code).toBe(200);
    expect(await photo()).toMatchObject({ code: 400, msg: `At most ${MAX_PHOTOS_PER_ORDER} photos can be uploaded for a work order` });
    expect(filesIn('workorder', `${orderId}-`)).toHaveLength(MAX_PHOTOS_PER_ORDER);
  });
});
