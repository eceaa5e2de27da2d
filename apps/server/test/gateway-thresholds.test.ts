import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_KINDS } from '@sl/contracts';
import { alarms } from '../src/db/schema/index.js';
import type { AlarmNotice } from '../src/gateway/ports.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, waitFor, type TestTerminal } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

// The family's thresholds set through the settings routes, applied by the running gateway to the
// heartbeats of real MQTT terminals: no restart, debounce by heartbeat time, severity overrides.
describe('gateway thresholds from the alarm settings', () => {
  let t: TestApp;
  let admin: Caller;
  let setId: number;
  const clients: MqttClient[] = [];
  const notices: AlarmNotice[] = [];
  const allKinds = ALARM_KINDS.map((k) => k.kind).filter((k) => k !== 'communicationLost');
  const voltageAlarms = (terminalId: number) =>
    t.database.db.select().from(alarms).where(and(eq(alarms.terminalId, terminalId), eq(alarms.kind, 'voltageHigh'))).orderBy(alarms.alarmId);
  const heartbeat = async (client: MqttClient, lamp: TestTerminal, mid: string, voltage: number, ts = Date.now()) => {
    const ack = nextMessage(client, lamp.down('ack'), (m) => m.ref === mid);
    await publishJson(client, lamp.up('heartbeat'), { ...lampHeartbeat(mid, voltage), ts });
    await ack;
  };
  const settings = (over: object) => ({ family: 'rdcsm', enabledKinds: allKinds, ...over });
  const lampOnline = async () => {
    const lamp = await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2 });
    const client = await connectTerminal(t.gateway!.url, lamp);
    clients.push(client);
    return { lamp, client };
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { withGateway: true });
    admin = caller(t, await t.login());
    t.gateway!.events.on('alarm.changed', (n: AlarmNotice) => notices.push(n));
    setId = (await admin.post('/alarm/addSet', settings({ thresholds: { voltageHigh: 250 } }))).data.setId;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t?.close();
  });

  it('raises on the next heartbeat after a threshold change, with the overridden severity, and clears when back in range', async () => {
    const { lamp, client } = await lampOnline();
    await heartbeat(client, lamp, 'h-1', 245); // under 250: nothing
    const changed = await admin.put('/alarm/updateSet', { setId, ...settings({ thresholds: { voltageHigh: 240 }, severities: { voltageHigh: 1 } }) });
    expect(changed).toMatchObject({ code: 200 });
    await heartbeat(client, lamp, 'h-2', 246);
    const [raised] = await waitFor(async () => (await voltageAlarms(lamp.terminalId)).length && voltageAlarms(lamp.terminalId), 5000, 'voltageHigh alarm');
    expect(raised).toMatchObject({ status: 1, severity: 1, clearedAt: null });
    expect(raised.value).toBeCloseTo(246); // raised by the heartbeat after the change, not the one before
    expect(notices.find((n) => n.alarmId === raised.alarmId)).toMatchObject({ event: 'raise', severity: 1 });
    const listed = await admin.post('/alarm/list', { terminalId: lamp.terminalId });
    expect(listed.data.list).toEqual([expect.objectContaining({ alarmId: raised.alarmId, kind: 'voltageHigh', severity: 1 })]);

    await heartbeat(client, lamp, 'h-3', 247); // still high: the open alarm stands, no second one
    await heartbeat(client, lamp, 'h-4', 231);
    await waitFor(async () => (await voltageAlarms(lamp.terminalId))[0].status === 6, 5000, 'cleared at 6');
    expect(await voltageAlarms(lamp.terminalId)).toHaveLength(1);
  });

  it('debounce: a one-heartbeat blip raises nothing; a condition held for debounceS seconds raises once', async () => {
    expect((await admin.put('/alarm/updateSet', { setId, ...settings({ thresholds: { voltageHigh: 240 }, debounceS: 60 }) })).code).toBe(200);
    const { lamp, client } = await lampOnline();
    const t0 = Date.now() - 300_000;
    await heartbeat(client, lamp, 'd-1', 251, t0); // the blip
    await heartbeat(client, lamp, 'd-2', 230, t0 + 30_000);
    await heartbeat(client, lamp, 'd-3', 252, t0 + 60_000); // held from here
    await heartbeat(client, lamp, 'd-4', 253, t0 + 90_000); // 30 s: not yet
    await heartbeat(client, lamp, 'd-5', 254, t0 + 120_000); // 60 s: raises
    const open = await waitFor(async () => (await voltageAlarms(lamp.terminalId)).length && voltageAlarms(lamp.terminalId), 5000, 'debounced alarm');
    // One alarm, raised by d-5: had the blip or d-3/d-4 raised, its value would be theirs (or the blip's alarm would be cleared at 6 by d-2).
    expect(open).toHaveLength(1);
    expect(open[0].value).toBeCloseTo(254);
    expect(open[0].status).toBe(1);
  });

  it('a threshold removed from the settings clears the alarm it raised', async () => {
    expect((await admin.put('/alarm/updateSet', { setId, ...settings({ thresholds: { voltageHigh: 240 } }) })).code).toBe(200);
    const { lamp, client } = await lampOnline();
    await heartbeat(client, lamp, 'r-1', 260);
    await waitFor(async () => (await voltageAlarms(lamp.terminalId)).length, 5000, 'raised');
    expect((await admin.put('/alarm/updateSet', { setId, ...settings({}) })).code).toBe(200);
    await heartbeat(client, lamp, 'r-2', 260);
    await waitFor(async () => (await voltageAlarms(lamp.terminalId))[0].status === 6, 5000, 'cleared once the threshold is gone');
  });
});
