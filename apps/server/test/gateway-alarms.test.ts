import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { alarms, terminalLogs, terminals } from '../src/db/schema/index.js';
import type { AlarmNotice, PresenceNotice } from '../src/gateway/ports.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, startTestGateway, waitFor } from './support/gateway.js';

describe('gateway alarms and online state', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const clients: MqttClient[] = [];
  const notices: AlarmNotice[] = [];
  const presence: PresenceNotice[] = [];
  const alarmsOf = (terminalId: number, kind: string) =>
    database.db.select().from(alarms).where(and(eq(alarms.terminalId, terminalId), eq(alarms.kind, kind)));
  const terminal = async (id: number) => (await database.db.select().from(terminals).where(eq(terminals.terminalId, id)))[0];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    gateway = await startTestGateway(database.db, { SWEEP_INTERVAL_MS: '100', OFFLINE_AFTER_MISSED: '2' });
    gateway.events.on('alarm.changed', (n: AlarmNotice) => notices.push(n));
    gateway.events.on('terminal.presence', (n: PresenceNotice) => presence.push(n));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  it('opens one alarm for a raised leakage event and clears it with the cleared event', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const raised = { ts: Date.now(), event: 'leakage', state: 'raised', value: 42.5, loop: 2, phase: 'b' };
    for (const mid of ['e-1', 'e-1', 'e-2']) {
      const ack = nextMessage(client, t.down('ack'), (m) => m.ref === mid);
      await publishJson(client, t.up('event'), { mid, ...raised });
      await ack;
    }
    const open = await alarmsOf(t.terminalId, 'leakage');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 1, loop: 2, phase: 'B', clearedAt: null });
    expect(open[0].value).toBeCloseTo(42.5);
    expect(notices.filter((n) => n.terminalId === t.terminalId)).toEqual([expect.objectContaining({ kind: 'leakage', status: 1, cleared: false, terminalName: `terminal ${t.sn}` })]);
    await waitFor(async () => (await terminal(t.terminalId)).onlineState === 3, 3000, 'abnormal while the fault is open');

    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'e-3');
    await publishJson(client, t.up('event'), { mid: 'e-3', ts: Date.now(), event: 'leakage', state: 'cleared', loop: 2 });
    await ack;
    const [cleared] = await alarmsOf(t.terminalId, 'leakage');
    expect(cleared.status).toBe(6);
    expect(cleared.clearedAt).not.toBeNull();
    expect(notices.filter((n) => n.terminalId === t.terminalId).at(-1)).toMatchObject({ alarmId: cleared.alarmId, status: 6, cleared: true });
    await waitFor(async () => (await terminal(t.terminalId)).onlineState === 1, 3000, 'online after the fault cleared');
    const leakageLogs = await database.db.select().from(terminalLogs).where(and(eq(terminalLogs.terminalId, t.terminalId), eq(terminalLogs.kind, 'leakage')));
    expect(leakageLogs).toHaveLength(3); // e-1, e-2 (a new raise), e-3; the resent e-1 is not logged again
  });

  it('marks a silent terminal offline with an unline log and a communicationLost alarm, cleared when it speaks again', async () => {
    const t = await insertTerminal(database.db, { family: 'rdc4m', model: 2, heartbeatS: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('s-1'));
    // Online for only two seconds: its changes are recorded as they happen, a slow poll could miss the first.
    const states = () => presence.filter((n) => n.terminalId === t.terminalId).map((n) => n.state);
    await waitFor(() => states().includes(1), 10_000, 'online');

    await waitFor(async () => (await terminal(t.terminalId)).onlineState === 2, 10_000, 'offline after 2 missed heartbeats');
    expect(states()).toEqual([1, 2]);
    const unline = await database.db.select().from(terminalLogs).where(and(eq(terminalLogs.terminalId, t.terminalId), eq(terminalLogs.kind, 'unline')));
    expect(unline).toHaveLength(1);
    const lost = await waitFor(async () => (await alarmsOf(t.terminalId, 'communicationLost'))[0], 3000, 'communicationLost alarm');
    expect(lost).toMatchObject({ status: 1, clearedAt: null });
    expect(notices).toContainEqual(expect.objectContaining({ terminalId: t.terminalId, kind: 'communicationLost', cleared: false }));

    await publishJson(client, t.up('heartbeat'), lampHeartbeat('s-2'));
    await waitFor(async () => (await alarmsOf(t.terminalId, 'communicationLost'))[0].status === 6, 3000, 'communicationLost cleared');
    expect((await terminal(t.terminalId)).onlineState).toBe(1);
  });
});
