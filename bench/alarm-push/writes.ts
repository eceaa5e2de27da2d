// bench/alarm-push/writes.ts: the alarm writes alone, without MQTT or pushes: how many device alarm
// changes a second the database takes, written a batch at a time (AlarmWorkflow.applyChanges, what
// the gateway does) against one at a time (raise/clear, what it did before).
//
//   npx tsx bench/alarm-push/writes.ts [--engine pglite|postgres] [--terminals 1000] [--batch 500] [--changes 10000]
//
// Each round raises one fault on every terminal of a slice, then clears it: half raises, half clears,
// like bench/alarm-push's storm.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AlarmWorkflow, type DeviceChange } from '../../apps/server/src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../../apps/server/src/alarms/alarm-write-repository.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { terminals } from '../../apps/server/src/db/schema/index.js';
import { silentLog } from '../../apps/server/src/gateway/device-transport.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    engine: { type: 'string', default: 'pglite' },
    terminals: { type: 'string', default: '1000' },
    batch: { type: 'string', default: '500' },
    changes: { type: 'string', default: '10000' },
  },
});
const N = Number(args.terminals);
const BATCH = Number(args.batch);
const CHANGES = Number(args.changes);

async function open(engine: string): Promise<Database> {
  if (engine === 'postgres') return openThrowawayPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'sl_bench');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-bench-alarm-writes-'));
  const database = await openDatabase({ pgliteDir: dir });
  return { ...database, close: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function main() {
  const database = await open(args.engine!);
  const ids: number[] = [];
  for (let i = 0; i < N; i += 500) {
    const rows = Array.from({ length: Math.min(500, N - i) }, (_, j) => ({ name: `w${i + j}`, family: 'rdcsm', sn: `W${i + j}`, model: 2, secretHash: 'x' }));
    ids.push(...(await database.db.insert(terminals).values(rows).returning({ id: terminals.terminalId })).map((r) => r.id));
  }
  const workflow = new AlarmWorkflow(new AlarmWriteRepository(database.db), () => undefined, silentLog);
  // Change k: terminal k mod N; raised on even rounds over the fleet, cleared on odd ones.
  const change = (k: number, kind: string): DeviceChange => {
    const id = ids[k % N];
    return { target: { terminalId: id, name: `w${id}`, deptId: null, family: 'rdcsm' }, kind, raised: Math.floor(k / N) % 2 === 0, detail: { value: 1 } };
  };
  console.log(`${database.engine}, ${N} terminals, ${CHANGES} changes per way; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  let t0 = performance.now();
  for (let k = 0; k < CHANGES; k += BATCH) {
    await workflow.applyChanges(Array.from({ length: Math.min(BATCH, CHANGES - k) }, (_, j) => change(k + j, 'lampFailure')));
  }
  const batched = CHANGES / ((performance.now() - t0) / 1000);
  console.log(`batches of ${BATCH}: ${Math.round(batched)} changes/s`);

  t0 = performance.now();
  const single = Math.min(CHANGES, 2000);
  for (let k = 0; k < single; k++) {
    const c = change(k, 'voltageHigh');
    await (c.raised ? workflow.raise(c.target, c.kind, c.detail) : workflow.clear(c.target, c.kind));
  }
  const oneByOne = single / ((performance.now() - t0) / 1000);
  console.log(`one at a time (${single}): ${Math.round(oneByOne)} changes/s; batched is ${(batched / oneByOne).toFixed(1)}× faster; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
