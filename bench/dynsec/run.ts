// bench/dynsec: the broker side of terminal accounts on a Mosquitto with dynamic security (a broker of its
// own on a free port). Seeds N terminals in PGlite, then times the start-up reconciliation that creates every
// account (secrets known, as for the demo fleet), a second one with nothing to do, and single put/drop calls.
//
//   npx tsx bench/dynsec/run.ts [--terminals 5000] [--runs 50]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { AccountRepository } from '../../apps/server/src/gateway/dynsec/account-repository.js';
import { DynsecClient } from '../../apps/server/src/gateway/dynsec/dynsec-client.js';
import { reconcileAccounts } from '../../apps/server/src/gateway/dynsec/reconcile.js';
import { DynsecAccounts } from '../../apps/server/src/gateway/dynsec/terminal-accounts.js';
import { silentLog } from '../../apps/server/src/gateway/device-transport.js';
import { dynsecMissing, startDynsecBroker } from '../../apps/server/test/support/dynsec-broker.js';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { terminals: { type: 'string', default: '5000' }, runs: { type: 'string', default: '50' } },
});
const N = Number(args.terminals);
const RUNS = Number(args.runs);
const missing = dynsecMissing();
if (missing) {
  console.log(`bench/dynsec skipped: ${missing}`);
  process.exit(0);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const secretOf = (sn: string) => `bench-secret-${sn}`;

const broker = await startDynsecBroker();
const database = await openDatabase({});
const dynsec = await DynsecClient.connect(broker.adminUrl, 120_000);
try {
  await database.db.execute(sql`
    insert into terminal (sn, family, name, model, status, register_state, secret_hash)
    select 'DS' || lpad(g::text, 7, '0'), 'rdcsm', 'lamp ' || g, 2, 3, 1, 'sha256$x$' || repeat('0', 64) from generate_series(1, ${N}::int) g`);
  const repo = new AccountRepository(database.db);
  const reconcile = () => reconcileAccounts({ dynsec, rows: () => repo.all(), shareGroup: 'sl-gateway', knownSecret: (r) => secretOf(r.sn), log: silentLog });
  console.log(`bench/dynsec: ${N.toLocaleString('en-US')} terminals, Mosquitto ${broker.port}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);

  let start = performance.now();
  const first = await reconcile();
  console.log(`  start-up reconciliation, empty broker: ${first.created} accounts created in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  start = performance.now();
  const second = await reconcile();
  console.log(`  start-up reconciliation, nothing to do: ${second.kept} accounts kept in ${(performance.now() - start).toFixed(0)} ms`);

  const accounts = new DynsecAccounts(dynsec);
  const puts: number[] = [];
  const drops: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = { family: 'rdc4m' as const, sn: `DSX${i}` };
    start = performance.now();
    await accounts.put(t, secretOf(t.sn));
    puts.push(performance.now() - start);
    start = performance.now();
    await accounts.drop([t]);
    drops.push(performance.now() - start);
  }
  const fmt = (v: number[]) => `p50 ${percentile(v, 50).toFixed(1)} ms, p99 ${percentile(v, 99).toFixed(1)} ms`;
  console.log(`  add (role + client), ${RUNS} runs: ${fmt(puts)}`);
  console.log(`  scrap/delete (client + role), ${RUNS} runs: ${fmt(drops)}`);
} finally {
  await dynsec.close();
  await database.close();
  await broker.stop();
}
