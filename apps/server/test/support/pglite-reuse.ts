import type { PGlite } from '@electric-sql/pglite';
import { attachPglite, newPglite, type Database } from '../../src/db/client.js';
import { pgliteTemplate, type TemplateKind } from './templates.js';

/**
 * PGlite test databases handed from one test file to the next in the same worker instead of opened anew.
 *
 * Opening PGlite from a template costs about a second of CPU (the WebAssembly backend starting, the data folder
 * unpacked); the server project's ~140 test databases spent ~240 CPU-s of a CI run on it. The server project runs
 * its files without isolation, so this module lives as long as a worker: a closed test database is put back to the
 * state it was first opened in (its rows, sequences, session settings, the partitions it had) and parked for the next
 * file, at a fifth of an open's cost. One whose schema a test changed beyond added partitions is closed instead, and
 * so is one whose reset fails: the next file then opens a new one, as before.
 */

interface Snapshot {
  fingerprint: string;
  partitions: Set<string>;
  tables: string[];
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  settings: string;
}

interface Parked {
  client: PGlite;
  snapshot: Snapshot;
}

/** Bounds the memory idle databases hold (a file opening several at once parks them all). */
const MAX_PARKED = 2;
const parked = new Map<TemplateKind, Parked[]>();

const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/** Every part of the schema a test could change, partitions aside (they come and go with the days a test writes). */
const FINGERPRINT = `
select md5(string_agg(x, ',' order by x)) as fingerprint from (
  select format('rel %s.%s %s', n.nspname, c.relname, c.relkind) as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_index ix on ix.indexrelid = c.oid left join pg_class t on t.oid = ix.indrelid
    where ${USER_SCHEMA} and not c.relispartition and not coalesce(t.relispartition, false)
  union all select format('col %s.%s.%s %s %s %s %s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull, a.atthasdef, a.attgenerated)
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA} and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition
  union all select format('con %s.%s.%s', n.nspname, coalesce(c.relname, ''), co.conname)
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace left join pg_class c on c.oid = co.conrelid
    where ${USER_SCHEMA} and not coalesce(c.relispartition, false)
  union all select format('trg %s.%s %s', c.relname, tg.tgname, tg.tgenabled)
    from pg_trigger tg join pg_class c on c.oid = tg.tgrelid where not tg.tgisinternal and not c.relispartition
  union all select format('fn %s.%s(%s) %s', n.nspname, p.proname, p.proargtypes, md5(p.prosrc))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}
  union all select format('enum %s %s', e.enumtypid, e.enumlabel) from pg_enum e
  union all select format('policy %s %s', pol.polrelid, pol.polname) from pg_policy pol
  union all select format('ext %s %s', extname, extversion) from pg_extension
  union all select format('role %s %s', rolname, rolsuper) from pg_roles
  union all select format('setting %s', setconfig) from pg_db_role_setting
) s`;

const PARTITIONS = `
select format('%I.%I', n.nspname, c.relname) as name
  from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')`;

const TABLES = `
select format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind,
       (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${USER_SCHEMA} and c.relkind in ('r', 'p', 'm') and not c.relispartition`;

const SETTINGS = `select json_object_agg(name, setting)::text as settings from pg_settings where context in ('user', 'superuser') and name not like 'transaction\\_%'`;

/** How many reset databases of `kind` wait for a file (pglite-reuse.test.ts). */
export const parkedDatabases = (kind: TemplateKind) => parked.get(kind)?.length ?? 0;

/** A migrated PGlite test database: a reset one from an earlier file when one is parked, else a clone of the template. */
export async function openPgliteTestDatabase(kind: TemplateKind): Promise<Database> {
  const reused = parked.get(kind)?.pop();
  const client = reused?.client ?? newPglite({ pgliteTemplate: pgliteTemplate(kind) });
  let released = false;
  const database = await attachPglite(leased(client, () => released));
  const snapshot = reused?.snapshot ?? (await takeSnapshot(client));
  return {
    ...database,
    close: async () => {
      if (released) return;
      released = true;
      await park(kind, { client, snapshot });
    },
  };
}

/** The client as one file sees it: once the file closes it, a straggling query fails instead of reaching the next file's data. */
function leased(client: PGlite, released: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (released()) throw new Error('this test database was closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function park(kind: TemplateKind, entry: Parked) {
  const list = parked.get(kind) ?? [];
  parked.set(kind, list);
  const room = () => list.length < MAX_PARKED;
  // Asked again after the reset: databases a file closes at once are reset side by side, and all saw room before.
  if (room() && (await reset(entry).catch(() => false)) && room()) list.push(entry);
  else await entry.client.close();
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const { rows: tables } = await client.query<{ name: string; kind: string; columns: string }>(TABLES);
  if (tables.some((t) => t.kind === 'm')) throw new Error('materialized views are not reset: add them to pglite-reuse.ts');
  const rows: Snapshot['rows'] = [];
  for (const t of tables) {
    const { rows: [r] } = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${t.name} t`);
    if (r?.json) rows.push({ table: t.name, columns: t.columns, json: r.json });
  }
  const { rows: seqs } = await client.query<{ name: string }>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences`);
  const sequences: Snapshot['sequences'] = [];
  for (const { name } of seqs) {
    const { rows: [s] } = await client.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from ${name}`);
    sequences.push({ name, ...s! });
  }
  return {
    fingerprint: await fingerprint(client),
    partitions: new Set((await client.query<{ name: string }>(PARTITIONS)).rows.map((r) => r.name)),
    tables: tables.map((t) => t.name),
    rows,
    sequences,
    settings: (await client.query<{ settings: string }>(SETTINGS)).rows[0]!.settings,
  };
}

async function fingerprint(client: PGlite) {
  return (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

/** Back to the snapshot; false when the schema changed and the database cannot be reused. */
async function reset({ client, snapshot }: Parked): Promise<boolean> {
  // Not DISCARD ALL: its RESET ALL leaves PGlite's search_path at pg_catalog; the settings are put back below instead.
  await client.exec('unlisten *; discard plans; discard sequences; discard temp; deallocate all; select pg_advisory_unlock_all();');
  await client.query(
    `select set_config(b.key, b.value, false) from json_each_text($1::json) b join pg_settings s on s.name = b.key where s.setting is distinct from b.value`,
    [snapshot.settings],
  );
  const partitions = new Set((await client.query<{ name: string }>(PARTITIONS)).rows.map((r) => r.name));
  // A partition the test dropped (a retention job's, the default one) would not come back: such a database is not reused.
  if ([...snapshot.partitions].some((name) => !partitions.has(name))) return false;
  const added = [...partitions].filter((name) => !snapshot.partitions.has(name));
  if (added.length) await client.exec(`drop table if exists ${added.join(', ')}`);
  if ((await fingerprint(client)) !== snapshot.fingerprint) return false;
  await client.transaction(async (tx) => {
    // Rows go back in any order: foreign keys (triggers) are off for this transaction.
    await tx.exec('set local session_replication_role = replica');
    await tx.exec(`truncate ${snapshot.tables.join(', ')} restart identity cascade`);
    for (const r of snapshot.rows) {
      await tx.query(`insert into ${r.table} (${r.columns}) overriding system value select ${r.columns} from json_populate_recordset(null::${r.table}, $1::json)`, [r.json]);
    }
    for (const s of snapshot.sequences) await tx.query(`select setval($1, $2, $3)`, [s.name, s.value, s.called]);
  });
  return true;
}
