import { Fleet } from '@sl/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, waitFor, type TestTerminal } from './support/gateway.js';
import { createControlTestApp } from './support/control-app.js';
import type { TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const MIN = 60_000;

/**
 * Switching from the console with simulated terminals: a switch holds for a while (two hours unless the
 * operator says), the terminal reports it and the server shows it; an emergency outranks it, and an
 * emergency a terminal kept but did not apply (switched to manual on site) is not counted as succeeded.
 */
describeEachEngine('control: manual switching from the console', (engine) => {
  let t: TestApp;
  let fleet: Fleet;
  let lamps: TestTerminal[];
  let admin: Caller;
  let closeGateway: () => Promise<void>;
  const sim = (i: number) => fleet.terminals[i];
  const task = async (taskId: number) => waitFor(async () => ((await admin.get(`/task/outcomes?ids=${taskId}`)).data as Array<{ state: string }>)[0], 10_000, `task ${taskId} settled`);

  beforeAll(async () => {
    const control = await createControlTestApp(engine);
    t = control.t;
    closeGateway = () => control.gateway.close();
    admin = caller(t, await t.login());
    lamps = [];
    for (let i = 0; i < 3; i++) lamps.push(await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, lat: 31.23, lng: 121.47, status: 3, registerState: 1 }));
    fleet = new Fleet(lamps.map((l) => ({ family: 'rdcsm' as const, sn: l.sn, secret: l.secret, model: 2 as const, loops: 1, phases: 1, lat: 31.23, lng: 121.47, heartbeatS: 3600 })), { url: control.gateway.url, ackTimeoutMs: 2000 });
    await fleet.start();
    await fleet.waitConnected(3, 10_000);
  });
  afterAll(async () => {
    await fleet?.stop();
    await closeGateway?.();
    await t?.close();
  });

  it('holds two hours by default; the terminal reports it and the server shows it (control mode, map, detail)', async () => {
    const before = Date.now();
    const sent = await admin.post('/rdcsm/test/light/open', { terminalId: lamps[0].terminalId });
    expect(sent.code).toBe(200);
    expect(await task(sent.data.taskId)).toMatchObject({ state: 'succeeded' });
    const until = sim(0).state.hold!.until;
    expect(until).toBeGreaterThanOrEqual(before + 120 * MIN);
    expect(until).toBeLessThanOrEqual(Date.now() + 120 * MIN);
    expect(sim(0).state).toMatchObject({ mode: 'manual', loops: [true] });

    sim(0).sendHeartbeat();
    const info = await waitFor(async () => {
      const d = (await admin.get(`/terminal/info/${lamps[0].terminalId}`)).data;
      // The mode is written by the gateway's presence batch, a moment after the heartbeat itself.
      return d.latestHeartbeat?.extra?.manualUntil === until && d.controlMode === 'manual' ? d : undefined;
    }, 10_000, 'heartbeat with the hold stored, and the manual mode');
    expect(info.latestHeartbeat.extra.mode).toBe('manual');
    const map = (await admin.get(`/map/terminal/${lamps[0].terminalId}`)).data;
    expect(map).toMatchObject({ controlMode: 'manual', light: { mode: 'manual', manualUntil: until, actual: true, feedback: { on: true } } });
  });

  it('holds until the next program step, or the minutes the operator gives; refuses a bad hold naming it', async () => {
    const dim = await admin.post('/rdcsm/test/dimmer', { terminalId: lamps[1].terminalId, level: 30, holdMin: 'nextStep' });
    expect(await task(dim.data.taskId)).toMatchObject({ state: 'succeeded' });
    // The terminal's program is its built-in sunset-on, sunrise-off: the hold ends at its next sun step.
    const next = sim(1).device.nextStepAt(Date.now());
    expect(sim(1).state.hold?.until).toBe(next);

    const batch = await admin.post('/terminal/batch/command', { terminalIds: [lamps[2].terminalId], action: 'off', holdMin: 30 });
    expect(batch.code).toBe(200);
    await task(batch.data.tasks[0].taskId);
    expect(Math.abs(sim(2).state.hold!.until - (Date.now() + 30 * MIN))).toBeLessThan(MIN);

    for (const holdMin of [0, 1441, 'later']) {
      const bad = await admin.post('/rdcsm/test/light/close', { terminalId: lamps[2].terminalId, holdMin });
      expect(bad).toMatchObject({ code: 400, msg: expect.stringMatching(/holdMin/) });
    }
  });

  it('lets an emergency outrank a console switch, and does not count one the terminal did not apply as succeeded', async () => {
    // Lamp 0 is held on from the console; lamp 1 is switched to manual "on site" (manual without a hold).
    const site = await admin.post('/rdcsm/send/set/manauto', { terminalId: lamps[1].terminalId, mode: 'manual' });
    await task(site.data.taskId);
    const e = await admin.post('/plan/emergency/add', { name: 'manual vs emergency', action: 'off', groupMode: 1, targetIds: [lamps[0].terminalId, lamps[1].terminalId], durationMin: 10 });
    expect(e.code).toBe(200);
    const tasks = await waitFor(async () => {
      const list = (await admin.get(`/policy/task?source=emergency&sourceId=${e.data.id}`)).data.list as Array<{ terminalId: number; state: string; msg: string }>;
      return list.length === 2 && list.every((x) => x.state !== 'pending') ? list : undefined;
    }, 10_000, 'emergency downloads settled');
    const of = (i: number) => tasks.find((x) => x.terminalId === lamps[i].terminalId)!;
    expect(of(0).state).toBe('succeeded');
    expect(sim(0).state.loops).toEqual([false]);
    expect(of(1)).toMatchObject({ state: 'failed', msg: expect.stringMatching(/manual/) });
    const row = (await admin.get(`/plan/emergency/info/${e.data.id}`)).data;
    expect(row.downloads).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    // A console switch while the emergency rules is refused by the terminal as outranked.
    const refused = await admin.post('/rdcsm/test/light/open', { terminalId: lamps[0].terminalId });
    expect(await task(refused.data.taskId)).toMatchObject({ state: 'failed' });
    expect(sim(0).state.loops).toEqual([false]);
  });
});
