import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeMapFleet, MAP_FLEET_MEDIA_TYPE, MapState } from '@sl/contracts';
import { alarms, heartbeats } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { zoneAtNoon } from './support/noon-zone.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two.
describeEachEngine('map: compact positions, popup, search, summary, tiles', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let own: Caller;
  let ownToken: string;
  let adminToken: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    adminToken = await t.login();
    admin = caller(t, adminToken);
    ids.d2 = (await addTerminal(admin, { deptId: 2, name: 'Nanjing Rd lamp 1', lng: 121.473701, lat: 31.230416 })).terminalId;
    ids.d3 = (await addTerminal(admin, { deptId: 3, name: 'Fuzhou Rd cabinet', model: 1, family: 'rdc4m', lng: 121.48, lat: 31.235 })).terminalId;
    ids.d5 = (await addTerminal(admin, { deptId: 5, name: 'East team lamp', lng: 121.5, lat: 31.24 })).terminalId;
    ids.nowhere = (await addTerminal(admin, { deptId: 2, name: 'Not yet placed' })).terminalId;
    await t.database.db.insert(alarms).values({ terminalId: ids.d3, deptId: 3, kind: 'lampFailure', message: 'lamp failure' });
    await createUser(t.database.db, 'mapown2', 2, [await createRole(t.database.db, 'mapscope3', { dataScope: '3', permissions: [] })]);
    ownToken = await t.login('mapown2');
    own = caller(t, ownToken);
  });
  afterAll(() => t?.close());

  const fleetOf = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/points', headers: bearer(token) });
    expect(res.headers['content-type']).toBe(MAP_FLEET_MEDIA_TYPE);
    return decodeMapFleet(res.rawPayload);
  };

  it('answers every terminal in scope as columns: positions to 1e-6 degree, state codes, model, family, department', async () => {
    const f = await fleetOf(adminToken);
    expect([...f.ids]).toEqual([ids.d2, ids.d3, ids.d5, ids.nowhere]);
    expect(f.lng[0]).toBeCloseTo(121.473701, 6);
    expect(f.lat[0]).toBeCloseTo(31.230416, 6);
    expect(Number.isNaN(f.lng[3])).toBe(true);
    expect([...f.model]).toEqual([2, 1, 2, 2]);
    expect([...f.family]).toEqual([0, 1, 0, 0]);
    expect([...f.dept]).toEqual([2, 3, 5, 2]);
    // New terminals are offline until they speak; the open lamp failure outranks that.
    expect([...f.state]).toEqual([MapState.offline, MapState.alarm, MapState.offline, MapState.offline]);
    expect(f.depts.map((d) => d.deptId)).toEqual([2, 3, 5]);
  });

  it('a department-scoped user gets only that department', async () => {
    const f = await fleetOf(ownToken);
    expect([...f.ids]).toEqual([ids.d2, ids.nowhere]);
    expect(await own.get(`/map/terminal/${ids.d3}`)).toMatchObject({ code: 404, msg: `Terminal ${ids.d3} does not exist or is outside your data scope` });
    const zh = await t.app.inject({ method: 'GET', url: `/api/v1/map/terminal/${ids.d3}`, headers: { ...bearer(ownToken), 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe(`终端 ${ids.d3} 不存在或不在您的数据权限范围内`);
    expect((await own.get('/map/search?keyword=lamp')).data.map((h: { terminalId: number }) => h.terminalId)).toEqual([ids.d2]);
  });

  it('compresses the bulk answer with brotli or gzip as the client accepts', async () => {
    for (const [encoding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/points', headers: { ...bearer(ownToken), 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decodeMapFleet(inflate(res.rawPayload)).ids.length).toBe(2);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/map/points' })).statusCode).toBe(401);
  });

  it('a terminal added or moved is on the next map (the in-memory fleet reloads after a terminal write)', async () => {
    const before = (await fleetOf(ownToken)).ids.length;
    const added = await addTerminal(admin, { deptId: 2, name: 'Added later', lng: 121.46, lat: 31.22 });
    const f = await fleetOf(ownToken);
    expect(f.ids.length).toBe(before + 1);
    expect(f.ids[f.ids.length - 1]).toBe(added.terminalId);
    expect(f.lng[f.ids.length - 1]).toBeCloseTo(121.46, 6);
  });

  it("a lamp's popup has its state, readings and open alarms", async () => {
    const d = (await admin.get(`/map/terminal/${ids.d3}`)).data;
    expect(d).toMatchObject({ terminalId: ids.d3, name: 'Fuzhou Rd cabinet', model: 1, state: MapState.alarm, latest: null, deptName: expect.any(String) });
    expect(d.alarms).toEqual([expect.objectContaining({ kind: 'lampFailure' })]);
  });

  it("summary counts today's alarms by kind; a bad time zone is 400", async () => {
    const zone = encodeURIComponent(zoneAtNoon());
    const s = (await admin.get(`/map/summary?tz=${zone}`)).data;
    expect(s.alarmsByKind).toEqual([{ kind: 'lampFailure', count: 1 }]);
    expect(s.energyByDept).toEqual([]);
    const now = Date.now();
    await t.database.db.insert(heartbeats).values([
      { terminalId: ids.d2, mid: 'e-1', ts: new Date(now - 1000), model: 2, energyKwh: 10 },
      { terminalId: ids.d2, mid: 'e-2', ts: new Date(now), model: 2, energyKwh: 12.5 },
      { terminalId: ids.d3, mid: 'e-3', ts: new Date(now), model: 1, energyKwh: 40 },
    ]);
    const energy = (await admin.get(`/map/summary?tz=${zone}`)).data.energyByDept;
    expect(energy).toEqual([{ deptId: 2, deptName: expect.any(String), energyKwh: 2.5 }, { deptId: 3, deptName: expect.any(String), energyKwh: 0 }]);
    expect((await own.get(`/map/summary?tz=${zone}`)).data.energyByDept.map((e: { deptId: number }) => e.deptId)).toEqual([2]);
    expect((await own.get('/map/summary')).data.alarmsByKind).toEqual([]);
    expect((await admin.get('/map/summary?tz=Mars/Olympus')).code).toBe(400);
    expect((await admin.get('/map/search?keyword=')).data).toEqual([]);
    expect((await admin.get(`/map/search?keyword=${'x'.repeat(65)}`)).code).toBe(400);
  });

  it('tiles are offline unless configured; the system configuration wins over the environment', async () => {
    expect((await admin.get('/map/config')).data).toEqual({ provider: 'offline', key: '' });
    const add = await admin.post('/config', { configName: 'map tiles', configKey: 'map.tiles.provider', configValue: 'osm', configType: 'N', isFrontend: '0', remark: '' });
    expect(add.code).toBe(200);
    expect((await own.get('/map/config')).data).toEqual({ provider: 'osm', key: '' });
  });

  it('serves a self-hosted tile server from the environment; the system configuration can still pick another', async () => {
    const hosted = await createTestApp(engine, { MAP_TILE_URL: 'http://tiles.intranet/{z}/{x}/{y}.png' });
    try {
      const admin2 = caller(hosted, await hosted.login());
      const get = async () => (await admin2.get('/map/config')).data;
      expect(await get()).toEqual({ provider: 'custom', key: '', tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png' });
      const add = await admin2.post('/config', { configName: 'map tiles', configKey: 'map.tiles.provider', configValue: 'osm', configType: 'N', isFrontend: '0', remark: '' });
      expect(add.code).toBe(200);
      expect(await get()).toEqual({ provider: 'osm', key: '' });
    } finally {
      await hosted.close();
    }
  });
});
