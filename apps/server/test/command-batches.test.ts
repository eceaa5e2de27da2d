import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { terminalCommands } from '../src/db/schema/index.js';
import { CommandRepository, type NewTask } from '../src/gateway/command-repository.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal } from './support/gateway.js';

const at = new Date('2026-12-01T18:00:00Z');
const task = (terminalId: number, mid: string, expiresAt = new Date(at.getTime() + 60_000)): NewTask => ({
  mid, terminalId, cmd: 'clock.set', params: { time: 1 }, createdAt: new Date(at.getTime() - 1000), expiresAt, sentAt: at,
});

describeEachEngine('command task rows written and settled a batch at a time', (engine) => {
  let database: Database;
  let repo: CommandRepository;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repo = new CommandRepository(database.db);
  });
  afterAll(() => database?.close());

  it('writes a slice of tasks in one call and gives each its own id, in order', async () => {
    const [a, b] = [await insertTerminal(database.db), await insertTerminal(database.db)];
    const tasks = Array.from({ length: 300 }, (_, i) => task(i % 2 ? a.terminalId : b.terminalId, `ins-${engine}-${i}`));
    const ids = await repo.insertMany(tasks);
    expect(new Set(ids).size).toBe(300);
    const rows = await database.db.select({ id: terminalCommands.id, mid: terminalCommands.mid }).from(terminalCommands).where(inArray(terminalCommands.id, ids));
    const midOf = new Map(rows.map((r) => [r.id, r.mid]));
    expect(ids.map((id) => midOf.get(id))).toEqual(tasks.map((t) => t.mid));
    expect(await repo.insertMany([])).toEqual([]);
  });

  it('settles each reply of a batch to its own pending task; a repeat, another terminal naming the mid, an expired or settled task and an unknown mid settle nothing', async () => {
    const [a, b] = [await insertTerminal(database.db), await insertTerminal(database.db)];
    const mid = (n: string) => `set-${engine}-${n}`;
    await repo.insertMany([
      task(a.terminalId, mid('ok')), task(a.terminalId, mid('fail')), task(b.terminalId, mid('b')),
      task(a.terminalId, mid('expired'), new Date(at.getTime() - 1)), task(a.terminalId, mid('done')),
    ]);
    await repo.settleMany([{ terminalId: a.terminalId, mid: mid('done'), at, state: 'failed', replyMsg: 'earlier' }]);

    const settled = await repo.settleMany([
      { terminalId: a.terminalId, mid: mid('ok'), at, state: 'succeeded', replyCode: 0, replyMsg: '', replyData: { t: 1 } },
      { terminalId: b.terminalId, mid: mid('fail'), at, state: 'succeeded', replyCode: 0 }, // b names a's command
      { terminalId: a.terminalId, mid: mid('fail'), at, state: 'failed', replyCode: 4, replyMsg: 'x'.repeat(300) },
      { terminalId: a.terminalId, mid: mid('ok'), at, state: 'failed', replyCode: 9 }, // the same mid again
      { terminalId: b.terminalId, mid: mid('b'), at, state: 'succeeded', replyCode: 0 },
      { terminalId: a.terminalId, mid: mid('expired'), at, state: 'succeeded', replyCode: 0 },
      { terminalId: a.terminalId, mid: mid('done'), at, state: 'succeeded', replyCode: 0 },
      { terminalId: a.terminalId, mid: mid('unknown'), at, state: 'succeeded', replyCode: 0 },
    ]);
    expect(settled.map((s) => s?.cmd ?? null)).toEqual(['clock.set', null, 'clock.set', null, 'clock.set', null, null, null]);

    const rows = await database.db.select().from(terminalCommands).where(inArray(terminalCommands.mid, ['ok', 'fail', 'b', 'expired', 'done'].map(mid)));
    const byMid = new Map(rows.map((r) => [r.mid, r]));
    expect(byMid.get(mid('ok'))).toMatchObject({ state: 'succeeded', replyCode: 0, replyData: { t: 1 }, finishedAt: at });
    expect(byMid.get(mid('fail'))).toMatchObject({ state: 'failed', replyCode: 4, replyMsg: 'x'.repeat(255) });
    expect(byMid.get(mid('b'))).toMatchObject({ state: 'succeeded' });
    expect(byMid.get(mid('expired'))).toMatchObject({ state: 'pending', finishedAt: null });
    expect(byMid.get(mid('done'))).toMatchObject({ state: 'failed', replyMsg: 'earlier' });
    expect(settled[0]?.id).toBe(Number(byMid.get(mid('ok'))!.id));
  });

  it('settles the same tasks once when two batches race for them', async () => {
    const t = await insertTerminal(database.db);
    const mids = Array.from({ length: 50 }, (_, i) => `race-${engine}-${i}`);
    await repo.insertMany(mids.map((m) => task(t.terminalId, m)));
    const replies = mids.map((m) => ({ terminalId: t.terminalId, mid: m, at, state: 'succeeded' as const, replyCode: 0 }));
    const [first, second] = await Promise.all([repo.settleMany(replies), repo.settleMany([...replies].reverse())]);
    // Every task went to exactly one of the two batches.
    mids.forEach((_, i) => expect([first[i], second[mids.length - 1 - i]].filter(Boolean)).toHaveLength(1));
  });
});
