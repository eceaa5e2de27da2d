import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { alarmLogs, alarms } from '../src/db/schema/index.js';
import { AlarmWorkflow, type AlarmNotice, type DeviceChange } from '../src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { silentLog } from '../src/gateway/device-transport.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal } from './support/gateway.js';

// A storm's batch is written with set-based statements; the outcome must equal applying the
// changes one by one: arrival order per alarm, one open alarm per terminal/kind/loop, the state machine.
describeEachEngine('device alarm changes written a batch at a time', (engine) => {
  let database: Database;
  let workflow: AlarmWorkflow;
  const notices: AlarmNotice[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    workflow = new AlarmWorkflow(new AlarmWriteRepository(database.db), (n) => notices.push(n), silentLog);
  });
  afterAll(() => database?.close());

  it('keeps arrival order per alarm, the one-open rule and the state machine, and logs every change', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertTerminal(database.db)));
    const target = (t: { terminalId: number }) => ({ terminalId: t.terminalId, name: `t${t.terminalId}`, deptId: null, family: 'rdc4m' });
    // b's leakage has a work order: a device recovery keeps its status (2) and sets clearedAt.
    const ordered = (await workflow.raise(target(b), 'leakage', { loop: 1 }))!;
    await new AlarmWriteRepository(database.db).transaction((_repo, tx) => workflow.move(tx, [ordered.alarmId], 'dispatch', null));
    notices.length = 0;

    const change = (t: { terminalId: number }, kind: string, raised: boolean, loop: number | null = null): DeviceChange => ({ target: target(t), kind, raised, detail: { loop, value: raised ? 1 : null } });
    const done = await workflow.applyChanges([
      change(a, 'lampFailure', true),
      change(a, 'lampFailure', true), // a resend of the same condition: the alarm is already open
      change(a, 'doorOpen', true),
      change(b, 'leakage', false, 1),
      change(c, 'voltageHigh', true),
      change(c, 'voltageHigh', false), // raised, cleared and raised again within one batch
      change(c, 'voltageHigh', true),
      change(c, 'currentLow', false), // nothing open to clear
    ]);
    expect(done).toEqual([true, false, true, true, true, true, true, false]);

    const rows = await database.db.select().from(alarms).where(inArray(alarms.terminalId, [a.terminalId, b.terminalId, c.terminalId])).orderBy(asc(alarms.alarmId));
    const summary = rows.map((r) => `${r.terminalId === a.terminalId ? 'a' : r.terminalId === b.terminalId ? 'b' : 'c'}:${r.kind}:${r.status}:${r.clearedAt ? 'cleared' : 'open'}`);
    expect(summary).toEqual(['b:leakage:2:cleared', 'a:lampFailure:1:open', 'a:doorOpen:1:open', 'c:voltageHigh:6:cleared', 'c:voltageHigh:1:open']);
    expect(rows.find((r) => r.kind === 'lampFailure')?.severity).toBe(2); // the catalogue's, without settings

    const logOf = async (alarmId: number) => (await database.db.select().from(alarmLogs).where(eq(alarmLogs.alarmId, alarmId)).orderBy(asc(alarmLogs.logId))).map((l) => `${l.event}:${l.fromStatus ?? ''}>${l.toStatus}`);
    expect(await logOf(ordered.alarmId)).toEqual(['raise:>1', 'dispatch:1>2', 'deviceCleared:2>2']);
    const [first, second] = rows.filter((r) => r.kind === 'voltageHigh');
    expect(await logOf(first.alarmId)).toEqual(['raise:>1', 'deviceCleared:1>6']);
    expect(await logOf(second.alarmId)).toEqual(['raise:>1']);
    expect(notices.map((n) => `${n.event}:${n.kind}:${n.status}`).sort()).toEqual(
      ['raise:lampFailure:1', 'raise:doorOpen:1', 'deviceCleared:leakage:2', 'raise:voltageHigh:1', 'deviceCleared:voltageHigh:6', 'raise:voltageHigh:1'].sort(),
    );
  });

  it('writes a storm backlog (each lamp failing, recovering and failing again, lamp after lamp) as applying it change by change would, in as many runs as a lamp has segments', async () => {
    const batched = await Promise.all([0, 1, 2, 3, 4, 5].map(() => insertTerminal(database.db)));
    const single = await Promise.all(batched.map(() => insertTerminal(database.db)));
    const target = (t: { terminalId: number }) => ({ terminalId: t.terminalId, name: `t${t.terminalId}`, deptId: null, family: 'rdc4m' });
    // One terminal already has its lamp failure open (its first raise does nothing), one has nothing to clear.
    for (const fleet of [batched, single]) await workflow.raise(target(fleet[0]), 'lampFailure', {});
    const backlog = (fleet: Array<{ terminalId: number }>): DeviceChange[] => {
      const out: DeviceChange[] = [];
      // Lamp by lamp, as a backlog reaches the writer: each lamp's rounds one after the other.
      for (const [n, t] of fleet.entries()) {
        for (let round = 0; round < 3; round++) {
          if (round > 0 || n % 2) out.push({ target: target(t), kind: 'lampFailure', raised: false, detail: {} });
          out.push({ target: target(t), kind: 'lampFailure', raised: true, detail: {} });
          if (n === 1) out.push({ target: target(t), kind: 'voltageHigh', raised: round !== 1, detail: { value: 260 } });
        }
      }
      return out;
    };
    const reference: boolean[] = [];
    for (const change of backlog(single)) reference.push(...(await workflow.applyChanges([change])));

    // Each run opens its alarms in one statement (on the repository bound to its transaction, when it has one).
    const runs = vi.spyOn(AlarmWriteRepository.prototype, 'raiseMany');
    try {
      expect(await workflow.applyChanges(backlog(batched))).toEqual(reference);
      expect(runs.mock.calls.length).toBeLessThanOrEqual(4); // 3 rounds; voltageHigh's raise after a raise needs one more
    } finally {
      runs.mockRestore();
    }

    const stateOf = async (fleet: Array<{ terminalId: number }>) => {
      const rows = await database.db.select().from(alarms).where(inArray(alarms.terminalId, fleet.map((t) => t.terminalId))).orderBy(asc(alarms.alarmId));
      const logs = await database.db.select().from(alarmLogs).where(inArray(alarmLogs.alarmId, rows.map((r) => r.alarmId))).orderBy(asc(alarmLogs.logId));
      // Per terminal and kind, in the order the alarms were raised: status, cleared or open, and the log.
      const per = new Map<string, string[]>();
      for (const r of rows) {
        const key = `${fleet.findIndex((t) => t.terminalId === r.terminalId)}:${r.kind}`;
        const log = logs.filter((l) => l.alarmId === r.alarmId).map((l) => `${l.event}:${l.fromStatus ?? ''}>${l.toStatus}`).join(',');
        per.set(key, [...(per.get(key) ?? []), `${r.status}:${r.clearedAt ? 'cleared' : 'open'}:${log}`]);
      }
      return Object.fromEntries([...per].sort());
    };
    const expected = await stateOf(single);
    expect(Object.keys(expected)).toHaveLength(batched.length + 1);
    expect(await stateOf(batched)).toEqual(expected);
  });
});
