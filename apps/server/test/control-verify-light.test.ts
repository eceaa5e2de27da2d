import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmWorkflow } from '../src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { verificationAlarms } from '../src/control/verify/raise-alarm.js';
import { verifyTerminals } from '../src/control/verify/verification.js';
import type { Database } from '../src/db/client.js';
import { ensurePartitions } from '../src/fleet/partitions.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const MIN = 60_000;
const DUSK_TO_DAWN = [{ at: 'sunset', action: 'on', level: 100 }, { at: 'sunrise', action: 'off' }];
/** Shanghai in January: sunset about 17:20, sunrise about 06:53, far from both at 23:00 and at noon. */
const night = (day: number, hm = '23:00') => Date.parse(`2026-01-${String(day).padStart(2, '0')}T${hm}:00+08:00`);
const noon = (day: number, hm = '12:00') => night(day, hm);

interface Reading {
  on: boolean;
  powerKw: number;
  dim?: number;
  extra?: Record<string, unknown>;
}

/**
 * Verification judged on measured light, with heartbeats written straight to the database at fixed times:
 * a dead lamp whose relay is closed is dark; only evidence clears an alarm, and the clear is logged as the
 * verification's; manual switches and override boundaries are not judged; a cabinet is judged loop by loop.
 */
describeEachEngine('control verification on measured light', (engine) => {
  let database: Database;
  let seq = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await ensurePartitions(database.db, new Date(night(12)), new Date(night(18)));
  });
  afterAll(() => database.close());

  /** A terminal at Shanghai bound to dusk-to-dawn (a strategy: judged in Asia/Shanghai). */
  async function terminal(model: 1 | 2 = 2, loops = 0, controlMode = 'auto') {
    const sn = `VL${engine.slice(0, 2)}${++seq}`;
    const id = Number(rowsOf<{ id: number }>(await db().execute(sql`insert into terminal (sn, family, name, model, loops, dept_id, status, heartbeat_s, lat, lng, control_mode)
      values (${sn}, 'rdc4m', ${sn}, ${model}, ${loops}, null, 3, 60, 31.23, 121.47, ${controlMode}) returning terminal_id as id`))[0].id);
    await db().execute(sql`insert into control_binding (terminal_id, source, source_id, fingerprint) values (${id}, 'strategy', 1, ${JSON.stringify({ planId: 'strategy-1', program: DUSK_TO_DAWN })})`);
    return { terminalId: id, name: sn, deptId: null };
  }
  const beat = (id: number, at: number, r: Reading) =>
    db().execute(sql`insert into heartbeat (terminal_id, mid, ts, model, "on", dim, power_a, extra)
      values (${id}, ${`m${id}-${at}`}, ${new Date(at).toISOString()}::timestamptz, 2, ${r.on}, ${r.dim ?? 100}, ${r.powerKw}, ${JSON.stringify(r.extra ?? {})}::jsonb)`);
  const verify = (at: number) => verifyTerminals(db(), verificationAlarms(new AlarmWorkflow(new AlarmWriteRepository(db()), () => undefined, silent)), new Date(at + MIN));
  const open = async (id: number) =>
    rowsOf<{ kind: string; loop: number | null }>(await db().execute(sql`select kind, loop from alarm where terminal_id = ${id} and cleared_at is null order by kind, loop`))
      .map((a) => (a.loop === null ? a.kind : `${a.kind}:${a.loop}`));
  const log = async (id: number) =>
    rowsOf<{ event: string; status: number; user: number | null }>(await db().execute(sql`select l.event, l.to_status as status, l.user_id as "user" from alarm_log l join alarm a on a.alarm_id = l.alarm_id
      where a.terminal_id = ${id} order by l.log_id`)).map((r) => `${r.event}:${r.status}:${r.user ?? 'none'}`);

  it('a dead lamp (relay closed, no power, reporting lampFailure) is dark: its own alarm stays open at night and by day', async () => {
    const lamp = await terminal();
    // The device raised it (up/event), as a dead lamp does.
    await new AlarmWorkflow(new AlarmWriteRepository(db()), () => {}, silent).raise(lamp, 'lampFailure');
    const dead = { on: true, powerKw: 0.002, extra: { lampFailure: true } };
    await beat(lamp.terminalId, night(15), dead);
    expect(await verify(night(15))).toBe(1);
    expect(await open(lamp.terminalId)).toEqual(['lampFailure']);
    await beat(lamp.terminalId, noon(16), { ...dead, on: false, powerKw: 0 });
    await verify(noon(16));
    // Dark by day is what the program says, but proves nothing about the lamp.
    expect(await open(lamp.terminalId)).toEqual(['lampFailure']);
    expect(await log(lamp.terminalId)).toEqual(['raise:1:none']);
  });

  it('raises lampFailure for a lamp dark at night, and clears it only once the lamp is seen lit, as the verification\'s clear', async () => {
    const lamp = await terminal();
    await beat(lamp.terminalId, night(15), { on: true, powerKw: 0 });
    await verify(night(15));
    expect(await open(lamp.terminalId)).toEqual(['lampFailure']);
    await beat(lamp.terminalId, noon(16), { on: false, powerKw: 0 });
    await verify(noon(16));
    expect(await open(lamp.terminalId)).toEqual(['lampFailure']);
    await beat(lamp.terminalId, night(16), { on: true, powerKw: 0.148 });
    await verify(night(16));
    expect(await open(lamp.terminalId)).toEqual([]);
    expect(await log(lamp.terminalId)).toEqual(['raise:1:none', 'verificationCleared:6:none']);
  });

  it('judges day-burning on light: a stuck relay drawing power burns, a closed relay on a dead lamp does not', async () => {
    const stuck = await terminal();
    const dead = await terminal();
    await beat(stuck.terminalId, noon(15), { on: false, powerKw: 0.15 });
    await beat(dead.terminalId, noon(15), { on: true, powerKw: 0 });
    await verify(noon(15));
    expect(await open(stuck.terminalId)).toEqual(['dayBurning']);
    expect(await open(dead.terminalId)).toEqual([]);
    await beat(stuck.terminalId, noon(15, '12:30'), { on: false, powerKw: 0 });
    await verify(noon(15, '12:30'));
    expect(await open(stuck.terminalId)).toEqual([]);
    expect(await log(stuck.terminalId)).toEqual(['raise:1:none', 'verificationCleared:6:none']);
  });

  it('does not judge a lamp under a manual switch while it lasts, and judges it again once it has ended', async () => {
    const held = await terminal();
    const site = await terminal();
    const oldFirmware = await terminal(2, 0, 'manual');
    const until = noon(13, '14:00');
    await beat(held.terminalId, noon(13), { on: true, powerKw: 0.15, extra: { mode: 'manual', manualUntil: until } });
    await beat(site.terminalId, noon(13), { on: true, powerKw: 0.15, extra: { mode: 'manual' } });
    await beat(oldFirmware.terminalId, noon(13), { on: true, powerKw: 0.15 });
    expect(await verify(noon(13))).toBe(0);
    for (const x of [held, site, oldFirmware]) expect(await open(x.terminalId)).toEqual([]);
    // The hold ended at 14:00 and the terminal is back in auto; lit at 14:05 is day-burning.
    await beat(held.terminalId, noon(13, '14:05'), { on: true, powerKw: 0.15, extra: { mode: 'auto' } });
    await verify(noon(13, '14:05'));
    expect(await open(held.terminalId)).toEqual(['dayBurning']);
  });

  it('gives an override\'s start and end the same grace as program steps, and ignores an override the terminal did not confirm', async () => {
    const lamp = await terminal();
    const refusing = await terminal();
    const override = async (level: number, from: number, to: number, ...confirmed: Array<[number, string]>) => {
      const id = Number(rowsOf<{ id: number }>(await db().execute(sql`insert into control_emergency (name, action, level, group_mode, target_ids, start_at, expire_at)
        values ('verify override', ${level > 0 ? 'on' : 'off'}, ${level}, 1, '{}', ${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz) returning id`))[0].id);
      for (const [terminalId, state] of confirmed) {
        await db().execute(sql`insert into control_task (source, source_id, terminal_id, cmd, params, state) values ('emergency', ${id}, ${terminalId}, 'override.set', '{}'::jsonb, ${state})`);
      }
    };
    // "All on" from 11:00 to 12:00: a lamp still lit a minute after the end is within the grace; 25 minutes after, it burns.
    await override(100, noon(17, '11:00'), noon(17, '12:00'), [lamp.terminalId, 'succeeded']);
    await beat(lamp.terminalId, noon(17, '12:01'), { on: true, powerKw: 0.15 });
    expect(await verify(noon(17, '12:01'))).toBe(0);
    expect(await open(lamp.terminalId)).toEqual([]);
    await beat(lamp.terminalId, noon(17, '12:25'), { on: true, powerKw: 0.15 });
    await verify(noon(17, '12:25'));
    expect(await open(lamp.terminalId)).toEqual(['dayBurning']);

    // "All off" from 23:00: dark two minutes after its start is within the grace, dark at 23:30 is what it says.
    // The other lamp answered it as outranked (a switch on site): dark at 23:30 is its program's lampFailure.
    await override(0, night(17), night(17, '23:59'), [lamp.terminalId, 'succeeded'], [refusing.terminalId, 'failed']);
    await beat(lamp.terminalId, night(17, '23:02'), { on: false, powerKw: 0 });
    expect(await verify(night(17, '23:02'))).toBe(0);
    await beat(lamp.terminalId, night(17, '23:30'), { on: false, powerKw: 0 });
    await beat(refusing.terminalId, night(17, '23:30'), { on: false, powerKw: 0 });
    await verify(night(17, '23:30'));
    expect(await open(lamp.terminalId)).toEqual([]);
    expect(await open(refusing.terminalId)).toEqual(['lampFailure']);
  });

  it('judges each loop of a cabinet: three of four circuits dark at night raise one alarm each', async () => {
    const box = await terminal(1, 4);
    const cabinetBeat = (at: number, loops: Array<[boolean, number | undefined]>) =>
      db().execute(sql`insert into heartbeat (terminal_id, mid, ts, model, "on", power_a, power_b, power_c, extra)
        values (${box.terminalId}, ${`c${at}`}, ${new Date(at).toISOString()}::timestamptz, 1, ${loops.some(([on]) => on)},
          ${loops.filter(([on]) => on).length * 2.3}, 0, 0,
          ${JSON.stringify({ mode: 'auto', loops: loops.map(([on, current], i) => ({ no: i + 1, on, ...(current === undefined ? {} : { current }) })) })}::jsonb)`);
    // Loop 1 lit; loop 2's relay closed on dead lamps (no current); loops 3 and 4 switched off.
    await cabinetBeat(night(15), [[true, 10], [true, 0], [false, 0], [false, 0]]);
    await verify(night(15));
    expect(await open(box.terminalId)).toEqual(['lampFailure:2', 'lampFailure:3', 'lampFailure:4']);
    // All four lit (loop 4 from a cabinet that reports no loop current: its relay while the cabinet draws light).
    await cabinetBeat(night(15, '23:30'), [[true, 10], [true, 9], [true, 11], [true, undefined]]);
    await verify(night(15, '23:30'));
    expect(await open(box.terminalId)).toEqual([]);
    expect((await log(box.terminalId)).filter((e) => e.startsWith('verificationCleared'))).toHaveLength(3);
  });
});
