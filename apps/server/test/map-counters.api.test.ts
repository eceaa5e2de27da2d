import { eq, inArray } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeMapFleet, MapFlag, MapState, OnlineState } from '@sl/contracts';
import { alarms, terminals } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, waitFor } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, terminalBody, type Caller } from './terminals-fixtures.js';

/**
 * What the map's counters count (issue 25, item 16): lit is measured light, not the relay flag, and a lamp in alarm
 * still says whether it is lit; an offline lamp says it is offline whatever other alarm it has.
 */
describeEachEngine('map counters: measured light and offline behind an alarm', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let token: string;
  const ids: Record<string, number> = {};

  const devices: MqttClient[] = [];
  /** A lamp that reports one heartbeat through the gateway (which tells the map its light), then stays as it is. */
  const reporting = async (name: string, heartbeat: object) => {
    const t0 = await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, name, lng: 121.47, lat: 31.23 });
    const client = await connectTerminal(t.gateway!.url, t0);
    devices.push(client);
    const mid = `${name}-1`;
    const acked = nextMessage(client, t0.down('ack'), (m) => m.ref === mid);
    await publishJson(client, t0.up('heartbeat'), { ...lampHeartbeat(mid), ...heartbeat });
    await acked;
    return t0.terminalId;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { withGateway: true });
    const db = t.database.db;
    ids.litInAlarm = await reporting('lit-leaking', { on: true, power: 0.14 });
    ids.offlineInAlarm = await reporting('offline-leaking', { on: true, power: 0.14 });
    ids.dead = await reporting('dead', { on: true, power: 0.001, lampFailure: true });
    ids.lit = await reporting('lit', { on: true, power: 0.14 });
    const all = Object.values(ids);
    await waitFor(async () => (await db.select().from(terminals).where(inArray(terminals.terminalId, all))).every((r) => r.onlineState === OnlineState.online), 5000, 'online');
    // One of them goes silent (offline); two have a leak, the silent one its lost communication as well.
    await db.update(terminals).set({ onlineState: OnlineState.offline }).where(eq(terminals.terminalId, ids.offlineInAlarm));
    await db.insert(alarms).values([
      { terminalId: ids.litInAlarm, deptId: 2, kind: 'leakage' },
      { terminalId: ids.offlineInAlarm, deptId: 2, kind: 'leakage' },
      { terminalId: ids.offlineInAlarm, deptId: 2, kind: 'communicationLost' },
    ]);
    token = await t.login();
    admin = caller(t, token);
  });
  afterAll(async () => {
    await Promise.all(devices.map((c) => c.endAsync(true)));
    await t?.close();
  });

  it('the fleet carries lit and offline flags beside the state, which an alarm hides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/points', headers: bearer(token) });
    const f = decodeMapFleet(res.rawPayload);
    const at = (id: number) => [...f.ids].indexOf(id);
    const of = (id: number) => ({ state: f.state[at(id)], flags: f.flags[at(id)] });
    expect(of(ids.litInAlarm)).toEqual({ state: MapState.alarm, flags: MapFlag.lit });
    expect(of(ids.offlineInAlarm)).toEqual({ state: MapState.alarm, flags: MapFlag.lit | MapFlag.offline });
    expect(of(ids.dead)).toEqual({ state: MapState.off, flags: 0 });
    expect(of(ids.lit)).toEqual({ state: MapState.lit, flags: MapFlag.lit });
  });

  it("a heartbeat's light is its power against the rated power, whatever its relay flag says", async () => {
    const device = await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, ratedPowerW: 250 });
    const client = await connectTerminal(t.gateway!.url, device);
    devices.push(client);
    const state = async () => (await admin.get(`/map/terminal/${device.terminalId}`)).data.state as number;
    // Relay on, 3 W drawn: a dead lamp's driver, not light.
    await publishJson(client, device.up('heartbeat'), { ...lampHeartbeat('dead-1'), on: true, power: 0.003, lampFailure: true });
    await waitFor(async () => (await state()) !== MapState.offline, 5000, 'online');
    expect(await state()).toBe(MapState.off);
    // 25 W of 250 W rated: a lamp at its lowest level is lit.
    await publishJson(client, device.up('heartbeat'), { ...lampHeartbeat('dim-1'), on: true, dim: 10, power: 0.025 });
    await waitFor(async () => (await state()) === MapState.lit, 5000, 'lit');
  });

  it("a terminal's rated power is set on it (1 to 1,000,000 W), empty for the model's default", async () => {
    const added = await admin.post('/terminal/add', terminalBody({ ratedPowerW: 250 }));
    expect(added.data).toMatchObject({ ratedPowerW: 250 });
    expect((await admin.post('/terminal/add', terminalBody())).data).toMatchObject({ ratedPowerW: null });
    for (const bad of [0, 1.5, 2_000_000, 'x']) {
      expect(await admin.post('/terminal/add', terminalBody({ ratedPowerW: bad as number }))).toMatchObject({ code: 400, msg: expect.stringMatching(/ratedPowerW/) });
    }
  });
});
