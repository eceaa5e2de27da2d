import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lampAssets, lampDays, users } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { multipartBody } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// The register through the API (docs/assets.md): catalogue and records with their refusals in both languages, the
// workbook round trip, the phone view of a pole, and a drifting lamp scored, ranked and repaired in a planned round.
describeEachEngine('lamp assets API', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let token: string;
  let typeId: number;
  let lampTerminal: number;
  let cabinetTerminal: number;
  let cabinetSn: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
    admin = caller(t, token);
    await t.database.db.update(users).set({ phone: '13800000001', deptId: 2 }).where(eq(users.username, 'admin'));
    typeId = (await admin.post('/asset/lamptype/add', { manufacturer: 'Acme', model: 'LED-100', ratedPowerW: 100, ratedLifeH: 100_000 })).data.lampTypeId;
    lampTerminal = (await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, lng: 121.5, lat: 31.2 })).terminalId;
    const cabinet = await insertTerminal(t.database.db, { family: 'rdcsm', model: 1, deptId: 2, loops: 4, lng: 121.501, lat: 31.2 });
    cabinetTerminal = cabinet.terminalId;
    cabinetSn = cabinet.sn;
  });
  afterAll(async () => t?.close());

  it('refuses a repeated lamp type and bad records with a clear 400 in the reader\'s language, and writes nothing', async () => {
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/asset/lamptype/add', headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' }, payload: { manufacturer: 'Acme', model: 'LED-100', ratedPowerW: 100, ratedLifeH: 100_000 } });
    expect(again.json()).toMatchObject({ code: 400, msg: '灯具类型“Acme LED-100”已存在' });
    expect(await admin.post('/asset/lamptype/add', { manufacturer: 'X', model: 'Y', ratedPowerW: -1, ratedLifeH: 100_000 })).toMatchObject({ code: 400 });
    expect(await admin.post('/asset/lamp/add', { poleNo: 'P-1', lampTypeId: typeId, terminalId: lampTerminal, loop: 2 })).toMatchObject({ code: 400, msg: 'Only a record on a cabinet controller can name a circuit' });
    expect(await admin.post('/asset/lamp/add', { poleNo: 'bad pole!', lampTypeId: typeId })).toMatchObject({ code: 400 });
    expect(await admin.post('/asset/lamp/add', { poleNo: 'P-1', lampTypeId: typeId, installDate: '2026-05-01', warrantyEnd: '2026-01-01' })).toMatchObject({ code: 400 });
    expect(await t.database.db.select().from(lampAssets)).toEqual([]);
  });

  it('keeps lamp records, opens a pole by its number, and refuses a second record for the same controller and circuit', async () => {
    const lamp = await admin.post('/asset/lamp/add', { poleNo: 'P-1', lampTypeId: typeId, terminalId: lampTerminal, installDate: '2024-01-01', warrantyEnd: '2029-01-01', supplier: 'Sup' });
    expect(lamp).toMatchObject({ code: 200, data: { poleNo: 'P-1', deptId: 2, typeName: 'Acme LED-100', ratedPowerW: 100 } });
    expect(await admin.post('/asset/lamp/add', { poleNo: 'P-1', lampTypeId: typeId, terminalId: lampTerminal })).toMatchObject({ code: 400 });
    expect(await admin.post('/asset/lamp/add', { poleNo: 'P-1', lampTypeId: typeId, terminalId: cabinetTerminal, loop: 1, lampCount: 12 })).toMatchObject({ code: 200 });
    const pole = await admin.get('/asset/pole/P-1');
    expect(pole).toMatchObject({ code: 200, data: { poleNo: 'P-1', openAlarms: [], risk: null } });
    expect(pole.data.lamps).toHaveLength(2);
    expect(await admin.get('/asset/pole/P-404')).toMatchObject({ code: 404 });
    expect((await admin.get('/asset/lamp/list?warranty=active')).data.count).toBe(1);
    expect(await admin.del(`/asset/lamptype/del/${typeId}`)).toMatchObject({ code: 400 }); // in use
  });

  it('exports the register in the columns its import reads: the export re-imports unchanged, a new row is created, a bad file names its rows', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/asset/lamp/export', headers: { authorization: `Bearer ${token}` } });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    sheet.addRow(['P-2', 'Acme LED-100', cabinetSn, '2', '10', '', '2025-03-01', '', 'Sup2', '']);
    const upload = async (w: ExcelJS.Workbook) => {
      const { body, contentType } = multipartBody('file', 'lamps.xlsx', Buffer.from(await w.xlsx.writeBuffer()));
      return (await t.app.inject({ method: 'POST', url: '/api/v1/asset/lamp/import', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body })).json();
    };
    expect(await upload(wb)).toMatchObject({ code: 200, data: { imported: 3, created: 1, updated: 2 } });
    expect(await t.database.db.select().from(lampAssets)).toHaveLength(3);
    sheet.addRow(['P-3', 'Nobody X', '', '', '', '', '', '', '', '']);
    sheet.addRow(['P-4', 'Acme LED-100', '', '3', '', '', '', '', '', '']);
    const refused = await upload(wb);
    expect(refused).toMatchObject({ code: 400, data: { imported: 0 } });
    expect(refused.data.errors.map((e: { row: number }) => e.row)).toEqual([5, 6]);
    expect(await t.database.db.select().from(lampAssets)).toHaveLength(3);
  });

  it('scores a lamp whose power drifts, ranks it with its reasons, and a planned round of it completed counts a repair', async () => {
    const [lamp] = await t.database.db.select().from(lampAssets).where(eq(lampAssets.terminalId, lampTerminal));
    const today = new Date(Date.UTC(2026, 5, 1));
    const rows = Array.from({ length: 50 }, (_, i) => {
      const ratio = i < 20 ? 1 : 1 - (i - 20) * 0.006;
      return { assetId: lamp.assetId, day: new Date(today.getTime() - (50 - i) * 86_400_000).toISOString().slice(0, 10), litReadings: 600, ratioSum: ratio * 600, pfSum: 0.95 * 600, cycles: 0, burnHours: 20_000 };
    });
    await t.database.db.insert(lampDays).values(rows);
    const { runHealth } = await import('../src/assets/health-job.js');
    expect(await runHealth(t.database.db, today)).toMatchObject({ days: 50 });
    const listed = await admin.post('/asset/predict/list', {});
    expect(listed.data.list).toEqual([expect.objectContaining({ assetId: lamp.assetId, poleNo: 'P-1', orderId: null })]);
    expect(listed.data.list[0].score).toBeGreaterThanOrEqual(0.5);
    expect(listed.data.list[0].reasons.map((r: { code: string }) => r.code)).toContain('powerSlope');

    const assignees = await admin.post('/asset/predict/assignees', { assetIds: [lamp.assetId] });
    expect(assignees.data.map((u: { userId: number }) => u.userId)).toContain(1);
    const round = await admin.post('/asset/predict/round', { assetIds: [lamp.assetId], assigneeId: 1, radiusM: 0, instruction: 'replace driver' });
    expect(round).toMatchObject({ code: 200, data: { kind: 'maintenance', alarms: [], lamps: [expect.objectContaining({ seq: 1, assetId: lamp.assetId, poleNo: 'P-1' })] } });
    const orderId = round.data.orderId;
    expect((await admin.post('/asset/predict/list', {})).data.list[0].orderId).toBe(orderId);
    expect(await admin.post('/dispatch/workorder/pickUp', { orderId })).toMatchObject({ code: 200 });
    expect(await admin.post('/dispatch/workorder/complete', { orderId, note: 'driver replaced' })).toMatchObject({ code: 200, data: { status: 3 } });
    const [after] = await t.database.db.select().from(lampAssets).where(eq(lampAssets.assetId, lamp.assetId));
    expect(after.repairs).toBe(1);
    expect((await admin.get(`/asset/lamp/info/${lamp.assetId}`)).data).toMatchObject({ repairs: 1 });
  });
});
