import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PreparedShapes } from '../../db/prepared.js';
import { rowsOf } from '../../db/sql-rows.js';

/** The fields the terminal lists filter by, as one array per terminal (the order of LIST_FIELDS_SQL). */
export type ListFields = [
  terminalId: number, sn: string, name: string, family: string, model: number, manufacturer: string, imsi: string,
  enterpriseId: number | null, deptId: number | null, area: string, boxId: number | null, status: number, registerState: number, onlineState: number,
];

const LIST_FIELDS_SQL = sql.raw(
  'json_build_array(t.terminal_id, t.sn, t.name, t.family, t.model, t.manufacturer, t.imsi, t.enterprise_id, t.dept_id, t.area, t.box_id, t.status, t.register_state, t.online_state)',
);

/** The id a truncation is noted under (migration 0034). */
const TRUNCATED = 0;

/**
 * What a copy of the list fields was read at: the snapshot of the statement that read it (`pg_current_snapshot()`), so
 * that the next read asks for exactly the transactions it could not see.
 */
export type ListSnapshot = string;

export interface ChangedFields {
  snapshot: ListSnapshot;
  /** Notes the copy needed were pruned, or the table was truncated since: read everything again. */
  stale: boolean;
  /** Each changed terminal's fields, or only its id when it is gone (every one's id only, when asked for ids only). */
  rows: Array<ListFields | [terminalId: number]>;
}

/**
 * Reads the terminals' list fields and the changes to them (migration 0033: a trigger notes each changed terminal with
 * its transaction in `terminal_change`; 0034: a truncation as terminal 0); prunes the notes no copy needs. Every read
 * is one statement, so the rows and the snapshot they are given with are the same snapshot.
 */
export class TerminalChangeRepository {
  private readonly shapes = new PreparedShapes();

  constructor(private readonly db: Db) {}

  /** Whether a case-insensitive match in this database lowercases ASCII letters alike in every locale (not Turkish or Azeri). */
  async asciiCaseIsLocal(): Promise<boolean> {
    // datlocale (PostgreSQL 17) was daticulocale before: read through jsonb so that either version answers.
    const [db] = rowsOf<{ ctype: string | null; icu: string | null }>(
      await this.db.execute(sql`select to_jsonb(d) ->> 'datctype' as ctype, coalesce(to_jsonb(d) ->> 'datlocale', to_jsonb(d) ->> 'daticulocale') as icu
        from pg_database d where d.datname = current_database()`),
    );
    return ![db?.ctype, db?.icu].some((locale) => locale && /^(tr|az)([_.-]|$)/i.test(locale));
  }

  /** The current snapshot, for a follower that reads its copy itself (terminal-change-follower.ts). */
  async snapshot(): Promise<ListSnapshot> {
    const [row] = rowsOf<{ snapshot: string }>(await this.db.execute(sql`select pg_current_snapshot()::text as snapshot`));
    return row.snapshot;
  }

  async all(): Promise<{ snapshot: ListSnapshot; rows: ListFields[] }> {
    const [row] = rowsOf<{ snapshot: string; rows: ListFields[] | null }>(
      await this.db.execute(sql`select pg_current_snapshot()::text as snapshot, (select json_agg(${LIST_FIELDS_SQL} order by t.terminal_id) from terminal t) as rows`),
    );
    return { snapshot: row.snapshot, rows: row.rows ?? [] };
  }

  /**
   * The terminals changed by transactions that `since` could not see, as they are now (`idsOnly`: their ids, which is
   * all the map's copy asks, as it reads its own columns of them). Most lists come when nothing
   * changed: a first statement without parameters (its plan kept) reads the newest note and the horizon, and only when
   * a note is at or above the snapshot's xmin does the second read them. The second is planned on every call
   * (PostgreSQL finds a plan for the snapshot's own xmin cheaper than one for any xmin): 0.22 ms of its CPU.
   */
  async changedSince(since: ListSnapshot, idsOnly = false): Promise<ChangedFields> {
    const [quiet] = await this.shapes.run('quiet', () => this.db
      .select({
        snapshot: sql<string>`pg_current_snapshot()::text`,
        top: sql<string | null>`(select max(xid) from terminal_change)::text`,
        horizon: sql<string | null>`(select horizon from terminal_change_horizon)::text`,
      })
      .from(sql`(values (1)) as one (x)`), {});
    const xmin = BigInt(since.slice(0, since.indexOf(':')));
    // Pruning deleted the notes below the horizon; those the copy needs are at or above its snapshot's xmin.
    if (xmin < BigInt(quiet.horizon ?? 0)) return { snapshot: quiet.snapshot, stale: true, rows: [] };
    // Every note is of a transaction that `since` saw as done: nothing the copy holds has changed since.
    if (quiet.top === null || BigInt(quiet.top) < xmin) return { snapshot: quiet.snapshot, stale: false, rows: [] };
    return this.readChanges(since, idsOnly);
  }

  private async readChanges(since: ListSnapshot, idsOnly: boolean): Promise<ChangedFields> {
    const [row] = await this.shapes.run(idsOnly ? 'changed-ids' : 'changes', () => {
      const prev = sql`${sql.placeholder('since')}::pg_snapshot`;
      const changed = sql`select distinct c.terminal_id from terminal_change c where c.xid >= pg_snapshot_xmin(${prev}) and not pg_visible_in_snapshot(c.xid, ${prev})`;
      return this.db
        .select({
          snapshot: sql<string>`pg_current_snapshot()::text`,
          // Asked again, not taken from the first statement: a pruning may have committed between the two.
          stale: sql<boolean>`pg_snapshot_xmin(${prev}) < coalesce((select horizon from terminal_change_horizon), '0')`,
          rows: idsOnly
            ? sql<ChangedFields['rows'] | null>`(select json_agg(json_build_array(c.terminal_id)) from (${changed}) c)`
            : sql<ChangedFields['rows'] | null>`(select json_agg(case when t.terminal_id is null then json_build_array(c.terminal_id) else ${LIST_FIELDS_SQL} end)
              from (${changed}) c left join terminal t on t.terminal_id = c.terminal_id)`,
        })
        .from(sql`(values (1)) as one (x)`);
    }, { since });
    const rows = row.rows ?? [];
    return { snapshot: row.snapshot, stale: row.stale || rows.some(([id]) => id === TRUNCATED), rows };
  }

  /**
   * Deletes the notes of transactions every copy has seen: those below the snapshot taken at the pruning before, which
   * a copy brought up to date since then has seen. A copy older than that reads everything again (`stale`).
   */
  async prune(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [state] = rowsOf<{ next: string | null }>(await tx.execute(sql`select next_horizon as next from terminal_change_horizon where id = 1 for update`));
      if (state?.next) {
        const horizon = sql`pg_snapshot_xmin(${state.next}::pg_snapshot)`;
        await tx.execute(sql`delete from terminal_change where xid < ${horizon}`);
        await tx.execute(sql`update terminal_change_horizon set horizon = greatest(horizon, ${horizon}) where id = 1`);
      }
      await tx.execute(sql`
        insert into terminal_change_horizon (id, next_horizon) values (1, pg_current_snapshot()::text)
        on conflict (id) do update set next_horizon = excluded.next_horizon`);
    });
  }
}
