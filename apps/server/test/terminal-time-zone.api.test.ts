import { decide } from '@sl/simulator';
import type { CommandParams } from '@sl/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stateAt } from '../src/control/compiler/timeline.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { deptZoneSql } from '../src/devices/terminal/terminal-zone-domain.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const QUITO = { lat: -0.18, lng: -78.47 };
const DIM_AT_22: Array<Record<string, unknown>> = [
  { at: 'sunset', action: 'on' },
  { at: '22:00', action: 'dim', level: 50 },
  { at: 'sunrise', action: 'off' },
];

/**
 * Every terminal has a time zone (issue 25, item 3): its own, else its department's (or the nearest above), else
 * its position's, else the installation's; strategies are bound and judged in it.
 */
describeEachEngine('terminal time zones', (engine) => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = caller(t, await t.login());
  });
  afterAll(async () => t?.close());

  const zoneOf = async (terminalId: number) => (await admin.get(`/terminal/info/${terminalId}`)).data as { timeZone: string | null; zone: { timeZone: string; source: string } };
  const bound = async (terminalId: number) =>
    JSON.parse(rowsOf<{ fingerprint: string }>(await t.database.db.execute(sql`select fingerprint from control_binding where terminal_id = ${terminalId}`))[0].fingerprint) as CommandParams<'plan.bind'>;

  it('finds a terminal\'s zone: its own, else its department\'s (or one above), else its position\'s, else the installation\'s', async () => {
    const berlin = await admin.post('/dept', { parentId: 1, deptName: 'Berlin', timeZone: 'Europe/Berlin' });
    expect(berlin.code).toBe(200);
    expect(berlin.data.timeZone).toBe('Europe/Berlin');
    const below = (await admin.post('/dept', { parentId: berlin.data.deptId, deptName: 'Berlin Mitte' })).data;
    expect(below.timeZone).toBeNull();

    const inDept = await addTerminal(admin, { deptId: berlin.data.deptId, ...QUITO });
    const inChild = await addTerminal(admin, { deptId: below.deptId, ...QUITO });
    const own = await addTerminal(admin, { deptId: berlin.data.deptId, ...QUITO, timeZone: 'Asia/Tokyo' });
    const byPosition = await addTerminal(admin, { deptId: 2, ...QUITO });
    const nowhere = await addTerminal(admin, { deptId: 2 });

    expect(await zoneOf(inDept.terminalId)).toMatchObject({ timeZone: null, zone: { timeZone: 'Europe/Berlin', source: 'department' } });
    expect((await zoneOf(inChild.terminalId)).zone).toEqual({ timeZone: 'Europe/Berlin', source: 'department' });
    expect(await zoneOf(own.terminalId)).toMatchObject({ timeZone: 'Asia/Tokyo', zone: { timeZone: 'Asia/Tokyo', source: 'terminal' } });
    expect((await zoneOf(byPosition.terminalId)).zone).toEqual({ timeZone: 'America/Guayaquil', source: 'position' });
    expect((await zoneOf(nowhere.terminalId)).zone).toEqual({ timeZone: 'Asia/Shanghai', source: 'installation' });
    const list = (await admin.post('/terminal/list', { pageSize: 100 })).data.list as Array<{ terminalId: number; zone: { source: string } }>;
    expect(list.find((x) => x.terminalId === inDept.terminalId)?.zone.source).toBe('department');

    // The nearest department above that has a zone wins over one further up: in the record, the list and by id.
    const lisbon = (await admin.post('/dept', { parentId: below.deptId, deptName: 'Mitte Nord', timeZone: 'Europe/Lisbon' })).data;
    const deeper = (await admin.post('/dept', { parentId: lisbon.deptId, deptName: 'Mitte Nord 1' })).data;
    const nested = await addTerminal(admin, { deptId: deeper.deptId, ...QUITO });
    expect((await zoneOf(nested.terminalId)).zone).toEqual({ timeZone: 'Europe/Lisbon', source: 'department' });
    const listed = (await admin.post('/terminal/list', { pageSize: 100 })).data.list as Array<{ terminalId: number; zone: { timeZone: string } }>;
    expect(listed.find((x) => x.terminalId === nested.terminalId)?.zone.timeZone).toBe('Europe/Lisbon');
    expect(listed.find((x) => x.terminalId === inChild.terminalId)?.zone.timeZone).toBe('Europe/Berlin');
    const byId = async (deptId: number) => rowsOf<{ zone: string | null }>(await t.database.db.execute(sql`select ${deptZoneSql(sql`${deptId}::int`)} as zone`))[0].zone;
    expect([await byId(deeper.deptId), await byId(below.deptId), await byId(2)]).toEqual(['Europe/Lisbon', 'Europe/Berlin', null]);
  });

  it('refuses a zone that does not exist, naming the field, and stores nothing', async () => {
    const bad = await admin.post('/dept', { parentId: 1, deptName: 'Nowhere', timeZone: 'Mars/Olympus' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/timeZone/);
    expect(((await admin.get('/deptList')).data as Array<{ deptName: string }>).some((d) => d.deptName === 'Nowhere')).toBe(false);
    const res = await admin.post('/terminal/add', { sn: 'TZBAD0001', name: 'bad zone', family: 'rdcsm', model: 2, deptId: 2, timeZone: 'Europe/Atlantis' });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/timeZone/);
    expect((await admin.post('/terminal/list', { keyword: 'TZBAD0001' })).data.list).toEqual([]);
  });

  it('binds a strategy in the terminal\'s zone: a Quito lamp with a 22:00 dim is dark at 12:50 local, lit at 50 % at 22:30', async () => {
    const policy = (await admin.post('/policy/addData', { name: 'dim at 22', family: 'rdcsm', model: 2, steps: DIM_AT_22 })).data;
    expect((await admin.post('/strategy/set/add', { name: 'night', policyId: policy.id, isDefault: true })).code).toBe(200);
    const lamp = await addTerminal(admin, { deptId: 2, ...QUITO });
    // Quito is UTC−5 all year: 12:50 local is 17:50 UTC.
    await t.app.services.control.downloads.reconcile(new Date('2026-06-10T12:00:00Z'), [lamp.terminalId]);
    const params = await bound(lamp.terminalId);
    expect(params.tz?.name).toBe('America/Guayaquil');
    expect(params.tzOffsetMin).toBe(-300);

    const noon = Date.parse('2026-06-10T17:50:00Z');
    const late = Date.parse('2026-06-11T03:30:00Z');
    const site = { ...QUITO, tzOffsetMin: params.tzOffsetMin!, tz: params.tz, loops: 1 };
    // The simulated terminal, as bound.
    expect(decide(params.program, noon, site).loops).toEqual([false]);
    expect(decide(params.program, late, site)).toEqual({ loops: [true], dim: 50 });
    // The server's timeline (what verification judges by) agrees.
    const place = { ...QUITO, timeZone: params.tz!.name };
    expect(stateAt(params.program, noon, place).on).toEqual([false]);
    expect(stateAt(params.program, late, place)).toEqual({ on: [true], dim: 50 });
  });

  it('a terminal without a zone in a department with one is bound in the department\'s zone', async () => {
    const helsinki = (await admin.post('/dept', { parentId: 1, deptName: 'Helsinki', timeZone: 'Europe/Helsinki' })).data;
    const lamp = await addTerminal(admin, { deptId: helsinki.deptId, ...QUITO });
    await t.app.services.control.downloads.reconcile(new Date('2026-06-10T12:00:00Z'), [lamp.terminalId]);
    const params = await bound(lamp.terminalId);
    expect(params.tz?.name).toBe('Europe/Helsinki');
    expect(params.tzOffsetMin).toBe(180);
    // Editing the department's zone moves the terminal at the next reconcile.
    expect((await admin.put('/dept', { deptId: helsinki.deptId, parentId: 1, deptName: 'Helsinki', timeZone: 'Europe/Lisbon' })).code).toBe(200);
    expect((await zoneOf(lamp.terminalId)).zone).toEqual({ timeZone: 'Europe/Lisbon', source: 'department' });
    await t.app.services.control.downloads.reconcile(new Date('2026-06-10T12:01:00Z'), [lamp.terminalId]);
    expect((await bound(lamp.terminalId)).tz?.name).toBe('Europe/Lisbon');
  });
});
