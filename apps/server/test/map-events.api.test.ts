import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeMapFleet, MapFlag, MapState, pushPath } from '@sl/contracts';
import type { DomainEvents } from '../src/events/domain-events.js';
import { describeEachEngine } from './support/each-engine.js';
import { connectTerminal, insertTerminal, nextMessage, publishJson, type TestTerminal } from './support/gateway.js';
import { connectPush, terminatePushSockets } from './support/push-client.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, terminalBody, type Caller } from './terminals-fixtures.js';

afterAll(terminatePushSockets);

type Change = [number, number, number?];
const changesOf = (text: string): Change[] => {
  const m = JSON.parse(text) as { event?: string; changes?: Change[] };
  return m.event === 'mapDelta' ? (m.changes ?? []) : [];
};

// Domains meet through the typed events of the root (reactions.ts): a cache drops exactly what an event names.
describeEachEngine('map: the snapshot follows domain events, not URLs', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let token: string;
  const builds = () => t.app.services.map.cache.builds;
  const fleet = async () => decodeMapFleet((await t.app.inject({ method: 'GET', url: '/api/v1/map/points', headers: bearer(token) })).rawPayload);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { withGateway: true });
    token = await t.login();
    admin = caller(t, token);
  });
  afterAll(() => t?.close());

  it('marking an alarm read rebuilds nothing; an edit reads only that row again; an added terminal reloads the fleet', async () => {
    const body = terminalBody({ deptId: 2, lng: 121.47, lat: 31.23 });
    const added = await admin.post('/terminal/add', body);
    expect(added.code).toBe(200);
    const terminalId = added.data.terminalId as number;
    await fleet();
    const before = builds();

    const raised = await admin.post('/alarm/add', { terminalId, kind: 'lampFailure', message: 'by hand' });
    expect(raised.code).toBe(200);
    expect((await admin.post('/alarm/number/single', { alarmId: raised.data.alarmId })).data).toEqual({ marked: 1 });
    await fleet();
    expect(builds()).toBe(before);

    expect((await admin.put('/terminal/edit', { ...body, terminalId, lng: 121.5, lat: 31.25 })).code).toBe(200);
    const moved = await fleet();
    const i = [...moved.ids].indexOf(terminalId);
    expect(moved.lng[i]).toBeCloseTo(121.5, 6);
    expect(moved.lat[i]).toBeCloseTo(31.25, 6);
    expect(builds()).toBe(before);

    const other = await admin.post('/terminal/add', terminalBody({ deptId: 3, lng: 121.4, lat: 31.2 }));
    expect([...(await fleet()).ids]).toContain(other.data.terminalId);
    expect(builds()).toBe(before + 1);
  });

  it("a lamp's state change reaches the map push and the lamp's detail through events", async () => {
    const lamp: TestTerminal = await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, lng: 121.47, lat: 31.23 });
    // Written beside the terminal table's owner (a fixture): announced as the owner announces its writes.
    t.app.services.events.emit('terminal.changed', { kind: 'added', terminalIds: [lamp.terminalId] });
    await fleet();
    const before = builds();
    const heard: Array<DomainEvents['reading.stored']> = [];
    const unfollow = t.app.services.events.on('reading.stored', (n) => heard.push(n));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json();
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const map = await connectPush(`${base}${pushPath('map', info.data.uniqueId, info.data.userId)}?token=${encodeURIComponent(token)}`);
    const device: MqttClient = await connectTerminal(t.gateway!.url, lamp);
    try {
      const mid = 'hb-lit-1';
      const ack = nextMessage(device, lamp.down('ack'), (m) => m.ref === mid);
      await publishJson(device, lamp.up('heartbeat'), {
        mid, ts: Date.now(), model: 2, on: true, dim: 100, voltage: 230, current: 0.6, power: 0.14, powerFactor: 0.97, energyKwh: 10, burnHours: 5, lampFailure: false,
      });
      await ack;
      await map.next((m) => changesOf(m).some(([id, state]) => id === lamp.terminalId && state === MapState.lit));
      expect(heard).toContainEqual({ terminalId: lamp.terminalId, lit: true });

      const detail = await admin.get(`/map/terminal/${lamp.terminalId}`);
      expect(detail.data).toMatchObject({ terminalId: lamp.terminalId, state: MapState.lit });
      const f = await fleet();
      const i = [...f.ids].indexOf(lamp.terminalId);
      expect(f.state[i]).toBe(MapState.lit);
      expect(f.flags[i] & MapFlag.lit).toBe(MapFlag.lit);
      expect(builds()).toBe(before);
    } finally {
      unfollow();
      await device.endAsync(true);
    }
  });
});
