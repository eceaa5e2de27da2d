import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { terminals } from '../src/db/schema/index.js';
import { TerminalDirectory } from '../src/gateway/terminal-directory.js';
import { TerminalRecordRepository } from '../src/gateway/terminal-record-repository.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal, type TestTerminal } from './support/gateway.js';

/** The repository, counting the statements the directory sends. */
class CountingRepository extends TerminalRecordRepository {
  reads: number[] = [];
  idReads: number[] = [];
  override findByKeys(keys: Array<{ family: string; sn: string }>) {
    this.reads.push(keys.length);
    return super.findByKeys(keys);
  }
  override findByIds(ids: number[]) {
    this.idReads.push(ids.length);
    return super.findByIds(ids);
  }
}

// A fleet that connected at once misses the directory at once (alarm storm, bench/alarm-push): the misses of one
// turn are read in one statement, and each message gets its own terminal's record, as a read per message gave it.
describeEachEngine('terminal directory', (engine) => {
  let database: Database;
  let fleet: TestTerminal[];
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    fleet = [];
    for (let i = 0; i < 30; i++) fleet.push(await insertTerminal(database.db, { family: i % 2 ? 'rdc4m' : 'rdcsm' }));
  });
  afterAll(() => database?.close());

  it('reads the misses of many terminals in one statement, shares the read of one terminal, and answers each its own record', async () => {
    const repo = new CountingRepository(database.db);
    const directory = new TerminalDirectory(repo);
    // Every terminal twice (a storm's clear and raise), and one that does not exist.
    const asked = [...fleet, ...fleet].map((t) => directory.find(t.family, t.sn));
    const unknown = directory.find('rdc4m', 'NO-SUCH-SN');
    const records = await Promise.all(asked);
    expect(await unknown).toBeUndefined();
    expect(records.map((r) => r && `${r.terminalId} ${r.family} ${r.sn}`)).toEqual([...fleet, ...fleet].map((t) => `${t.terminalId} ${t.family} ${t.sn}`));
    expect(repo.reads).toEqual([fleet.length + 1]);

    // Kept: asked again, nothing is read.
    await Promise.all(fleet.map((t) => directory.find(t.family, t.sn)));
    expect(repo.reads).toHaveLength(1);
  });

  it('reads again for a sign-in (load) and after an edit is invalidated, and sees the change', async () => {
    const repo = new CountingRepository(database.db);
    const directory = new TerminalDirectory(repo);
    const [t] = fleet;
    expect((await directory.find(t.family, t.sn))?.name).toBe(`terminal ${t.sn}`);
    await database.db.update(terminals).set({ name: 'renamed lamp' }).where(eq(terminals.terminalId, t.terminalId));
    expect((await directory.load(t.family, t.sn))?.name).toBe('renamed lamp');
    expect(repo.reads).toEqual([1, 1]);

    await database.db.update(terminals).set({ name: 'renamed again' }).where(eq(terminals.terminalId, t.terminalId));
    expect((await directory.find(t.family, t.sn))?.name).toBe('renamed lamp'); // kept until invalidated or expired
    directory.invalidate(t.terminalId);
    expect((await directory.find(t.family, t.sn))?.name).toBe('renamed again');
    expect(repo.reads).toEqual([1, 1, 1]);
  });

  it('fails every message of a read the database refused, and reads again on the next message', async () => {
    const repo = new CountingRepository(database.db);
    let refuse = true;
    const failing = Object.assign(Object.create(repo) as CountingRepository, {
      findByKeys: (keys: Array<{ family: string; sn: string }>) => (refuse ? Promise.reject(new Error('database away')) : repo.findByKeys(keys)),
    });
    const directory = new TerminalDirectory(failing);
    const [a, b] = fleet;
    const results = await Promise.allSettled([directory.find(a.family, a.sn), directory.find(b.family, b.sn), directory.find(a.family, a.sn)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    refuse = false;
    expect((await directory.find(a.family, a.sn))?.terminalId).toBe(a.terminalId);
  });

  // A fleet-wide download addresses every lamp of a slice at once (DeviceCommandService.sendMany).
  it('reads many terminals by id in one statement, answers each its own record and keeps them for find', async () => {
    const repo = new CountingRepository(database.db);
    const directory = new TerminalDirectory(repo);
    const asked = [...fleet, ...fleet].map((t) => directory.findById(t.terminalId));
    const unknown = directory.findById(2_000_000_000);
    expect((await Promise.all(asked)).map((r) => r && `${r.terminalId} ${r.sn}`)).toEqual([...fleet, ...fleet].map((t) => `${t.terminalId} ${t.sn}`));
    expect(await unknown).toBeUndefined();
    expect(repo.idReads).toEqual([fleet.length + 1]);

    await Promise.all(fleet.map((t) => directory.findById(t.terminalId)));
    await Promise.all(fleet.map((t) => directory.find(t.family, t.sn)));
    expect(repo.idReads).toHaveLength(1);
    expect(repo.reads).toEqual([]);
  });
});
