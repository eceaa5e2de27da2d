// bench/records: how long the device-log page's list call takes as the log table grows, on PGlite and
// PostgreSQL, through the real repository (DeviceLogRepository.page: the page and its count).
//
//   npx tsx bench/records/run.ts --engine pglite|postgres|both --terminals 1000 --rows 1000000 --repeat 5
//
// Per engine: a fresh migrated database; three departments; N terminals spread over them; `rows` log
// entries over the eight kinds, one every 2 s going back in time, written by one INSERT … SELECT. Then each
// query shape is run `repeat` times and the median is printed (the first run is a warm-up and not counted).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { TERMINAL_LOG_KINDS, type DeviceRecordQuery } from '@sl/contracts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { DeviceLogRepository } from '../../apps/server/src/devices/logs/device-log-repository.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import type { Principal } from '../../apps/server/src/system/access/principal.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    engine: { type: 'string', default: 'both' },
    terminals: { type: 'string', default: '1000' },
    rows: { type: 'string', default: '1000000' },
    repeat: { type: 'string', default: '5' },
  },
});
const T = Number(args.terminals);
const ROWS = Number(args.rows);
const REPEAT = Number(args.repeat);

const admin: Principal = { userId: 1, username: 'admin', deptId: 1, deptPath: '/0/1', roles: [{ roleId: 1, roleKey: 'admin', dataScope: '1', admin: true }], permissions: new Set(['*:*:*']), isAdmin: true };
const scoped: Principal = { userId: 2, username: 'ops', deptId: 2, deptPath: '/0/1/2', roles: [{ roleId: 2, roleKey: 'ops', dataScope: '3', admin: false }], permissions: new Set(), isAdmin: false };

async function seed(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into sys_dept (dept_id, parent_id, dept_path, dept_name) values (1, 0, '/0/1', 'centre'), (2, 1, '/0/1/2', 'ops one'), (3, 1, '/0/1/3', 'ops two') on conflict do nothing`);
  await db.execute(sql`insert into terminal (sn, family, name, model, dept_id) select 'B' || i, case when i % 2 = 0 then 'rdcsm' else 'rdc4m' end, 'terminal ' || i, 2, 1 + i % 3 from generate_series(1, ${T}) i`);
  const kinds = `{${TERMINAL_LOG_KINDS.join(',')}}`;
  const started = performance.now();
  await db.execute(sql`insert into terminal_log (kind, terminal_id, msg, created_at)
    select (${kinds}::text[])[1 + i % 8], (select min(terminal_id) from terminal) + i % ${T}, 'offline -> online', now() - make_interval(secs => i * 2)
    from generate_series(1, ${ROWS}) i`);
  // Both tables: without statistics on `terminal` the planner joins the scoped query badly (2.5 s instead of tens of ms).
  await db.execute(sql`analyze`);
  return performance.now() - started;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const runs: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    await fn();
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

async function run(engine: 'pglite' | 'postgres') {
  const dir = engine === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-records-')) : undefined;
  const database = engine === 'pglite' ? await openDatabase({ pgliteDir: dir }) : await openThrowawayPostgres(PG_ADMIN_URL, 'bench_records');
  try {
    const seedMs = await seed(database);
    const repo = new DeviceLogRepository(database.db);
    const firstTerminal = Number(rowsOf<{ id: number }>(await database.db.execute(sql`select min(terminal_id) as id from terminal`))[0].id);
    const day = new Date(Date.now() - 3 * 86_400_000);
    const q = (over: Partial<DeviceRecordQuery>): DeviceRecordQuery => ({ pageIndex: 1, pageSize: 20, ...over }) as DeviceRecordQuery;
    const shapes: Array<[string, Principal, DeviceRecordQuery]> = [
      ['first page, all terminals', admin, q({})],
      ['page 500', admin, q({ pageIndex: 500 })],
      // The third terminal: its rows fall on the heart kind (rows cycle kinds by 8 and terminals by N, a multiple of 8 by default).
      ['one terminal', admin, q({ terminalId: firstTerminal + 2 })],
      ['one day', admin, q({ from: day, to: new Date(day.getTime() + 86_400_000) })],
      ['scoped user (own department)', scoped, q({})],
    ];
    console.log(`\n${engine}: ${ROWS.toLocaleString('en')} log rows over ${T.toLocaleString('en')} terminals, written in ${(seedMs / 1000).toFixed(1)} s`);
    console.log('query (kind heart, page size 20)        median ms   count');
    for (const [name, who, query] of shapes) {
      let count = 0;
      const ms = await time(async () => (count = (await repo.page(who, 'heart', query)).count));
      console.log(`${name.padEnd(40)}${ms.toFixed(1).padStart(9)}${String(count).padStart(10)}`);
    }
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

for (const engine of args.engine === 'both' ? (['pglite', 'postgres'] as const) : [args.engine as 'pglite' | 'postgres']) await run(engine);
