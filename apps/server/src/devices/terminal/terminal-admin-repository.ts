import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { TerminalStatus, type PageQuery, type PageResult, type TerminalFilter } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import type { TerminalChange } from '../../events/domain-events.js';
import { cappedCount, contains, keepCount, keptCount, paginate } from '../../db/paging.js';
import { prepared, preparedPage, PreparedShapes, rowCountInText } from '../../db/prepared.js';
import { idArray } from '../../db/sql-rows.js';
import { departments, enterprises, terminalBoxes, terminals, terminalStatusChanges } from '../../db/schema/index.js';
import { dataScopeFilter, dataScopeKey, inDeptAndBelow, seesEverything } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { alarmsFollowTerminal, type AlarmActor } from '../../alarms/alarm-workflow.js';
import { archiveTerminals, type ArchiveTarget } from '../../fleet/archive.js';
import { deleteRecordsOf } from '../../fleet/orphans.js';
import { joinNames, terminalColumns, type TerminalRow, type TerminalValues } from './terminal-columns.js';
import type { TerminalListIndex } from './terminal-list-index.js';
import { TerminalListRows, type TerminalListRow } from './terminal-list-rows.js';
import { TerminalWriteRepository } from './terminal-write-repository.js';

/** Text-filtered lists with at most this many matches read them all (count and page in one scan) rather than walk every id in order. */
const FEW_MATCHES = 5_000;

/** Named subsets of terminals the lists narrow to. */
const SUBSETS = {
  inventory: () => inArray(terminals.status, [TerminalStatus.inFactory, TerminalStatus.warehouse]),
  boxed: () => isNotNull(terminals.boxId),
  unboxed: () => isNull(terminals.boxId),
};
export type TerminalSubset = keyof typeof SUBSETS;

/** Terminal queries; every read and write is limited to the caller's data scope. The rows are written by the table's owner. */
export class TerminalAdminRepository {
  private readonly writes: TerminalWriteRepository;
  private readonly listRows: TerminalListRows;
  private readonly shapes = new PreparedShapes();

  /** `changed` hears every write of terminal rows (the root raises `terminal.changed`); in a transaction, after its commit. */
  constructor(
    private readonly db: Db,
    private readonly changed: (change: TerminalChange) => void,
    /** DEVICE_CLOCK_SKEW_S in ms: how far ahead of now a stored reading can be stamped. */
    private readonly clockSkewMs: number,
    /** The list fields in memory, which answer the lists' filters, counts and pages (not given inside a transaction). */
    private readonly index?: TerminalListIndex,
  ) {
    this.writes = new TerminalWriteRepository(db);
    this.listRows = new TerminalListRows(db, clockSkewMs);
  }

  async transaction<T>(fn: (repo: TerminalAdminRepository, tx: Db) => Promise<T>): Promise<T> {
    const held: TerminalChange[] = [];
    const result = await this.db.transaction((tx) => fn(new TerminalAdminRepository(tx as unknown as Db, (c) => held.push(c), this.clockSkewMs), tx as unknown as Db));
    for (const change of held) this.changed(change);
    return result;
  }

  where(p: Principal, f: TerminalFilter = {}, extra?: SQL): SQL | undefined {
    return and(
      dataScopeFilter(p, { dept: terminals.deptId }),
      f.sn ? ilike(terminals.sn, contains(f.sn)) : undefined,
      f.name ? ilike(terminals.name, contains(f.name)) : undefined,
      f.family ? eq(terminals.family, f.family) : undefined,
      f.model ? eq(terminals.model, f.model) : undefined,
      f.onlineState ? eq(terminals.onlineState, f.onlineState) : undefined,
      f.status && f.status !== TerminalStatus.all ? eq(terminals.status, f.status) : undefined,
      f.registerState ? eq(terminals.registerState, f.registerState) : undefined,
      f.deptId ? inDeptAndBelow(terminals.deptId, f.deptId) : undefined,
      f.enterpriseId ? eq(terminals.enterpriseId, f.enterpriseId) : undefined,
      f.area ? ilike(terminals.area, contains(f.area)) : undefined,
      f.boxId ? eq(terminals.boxId, f.boxId) : undefined,
      f.manufacturer ? eq(terminals.manufacturer, f.manufacturer) : undefined,
      f.keyword ? or(ilike(terminals.name, contains(f.keyword)), ilike(terminals.sn, contains(f.keyword)), ilike(terminals.imsi, contains(f.keyword))) : undefined,
      extra,
    );
  }

  private select(where: SQL | undefined) {
    return joinNames(this.db.select(terminalColumns).from(terminals).$dynamic()).where(where).orderBy(asc(terminals.terminalId));
  }

  async page(p: Principal, q: PageQuery & TerminalFilter & { afterId?: number }, subset?: TerminalSubset): Promise<PageResult<TerminalListRow>> {
    const indexed = await this.indexedPage(p, q, subset);
    if (indexed) return { list: await this.listRows.read(indexed.ids), count: indexed.count, pageIndex: q.pageIndex, pageSize: q.pageSize };
    const where = this.where(p, q, subset && SUBSETS[subset]());
    const counted = this.db.select({ one: sql`1` }).from(terminals).where(where);
    if (q.sn || q.name || q.area || q.keyword) {
      // A text filter's matches often sit in one block of ids (a batch of serials registered together), which the
      // planner cannot know: walking the ids in order may pass most of the fleet before the block. Unless a kept
      // count says they are many, the matches are read once from the trigram index, which answers both the count
      // and the page's ids (it was read up to three times: the planner's estimate, the count, the ids).
      const kept = keptCount(this.db, counted);
      const few = kept === undefined || kept <= FEW_MATCHES ? await this.fewMatches(where, q) : undefined;
      if (few) {
        void keepCount(this.db, counted, few.count);
        return { list: await this.listRows.read(few.ids), count: few.count, pageIndex: q.pageIndex, pageSize: q.pageSize };
      }
    }
    return paginate(q, async (limit, offset) => this.listRows.read(await this.pageIds(where, q, limit, offset)), () => cappedCount(this.db, counted));
  }

  /** The page's ids and the count from the list fields in memory; the departments a scope or filter stands for from PostgreSQL. */
  private async indexedPage(p: Principal, q: PageQuery & TerminalFilter & { afterId?: number }, subset?: TerminalSubset) {
    if (!this.index) return undefined;
    const deptIds = async (where: SQL | undefined) => new Set((await this.db.select({ id: departments.deptId }).from(departments).where(where)).map((d) => d.id));
    const scope = seesEverything(p) ? 'all' : await deptIds(dataScopeFilter(p, { dept: departments.deptId }));
    const below = q.deptId ? await deptIds(inDeptAndBelow(departments.deptId, q.deptId)) : undefined;
    return this.index.page({ filter: q, scope, deptAndBelow: below, subset, pageIndex: q.pageIndex, pageSize: q.pageSize, afterId: q.afterId });
  }

  /**
   * How many terminals `where` matches and the page's ids among them in order, when they are at most FEW_MATCHES. A
   * prepared statement (db/prepared.ts) with its cap in the text: the same shape of filters is planned once per
   * connection, not on every call (a quarter of a millisecond of PostgreSQL's CPU, as much as the read itself for a keyword).
   */
  private async fewMatches(where: SQL | undefined, q: PageQuery & { afterId?: number }): Promise<{ count: number; ids: number[] } | undefined> {
    const from = q.afterId ? 0 : (q.pageIndex - 1) * q.pageSize;
    const matches = this.db.select({ terminalId: terminals.terminalId }).from(terminals).where(where).limit(rowCountInText(FEW_MATCHES + 1) as unknown as number);
    const [{ n, ids }] = await prepared(
      this.db
        .select({
          n: sql<number>`count(*)::int`,
          ids: sql<number[] | null>`(array_agg(m.terminal_id order by m.terminal_id) filter (where m.terminal_id > ${q.afterId ?? 0}::int))[${from + 1}::int:${from + q.pageSize}::int]`,
        })
        .from(sql`(${matches}) m`),
    );
    return n > FEW_MATCHES ? undefined : { count: Number(n), ids: (ids ?? []).map(Number) };
  }

  /** The page's ids: an index walk in id order, from the cursor when there is one (db/prepared.ts: a kept plan per shape of filters). */
  private async pageIds(where: SQL | undefined, q: { afterId?: number }, limit: number, offset: number): Promise<number[]> {
    const rows = await preparedPage(limit, (inText) =>
      this.db
        .select({ id: terminals.terminalId })
        .from(terminals)
        .where(q.afterId ? and(where, gt(terminals.terminalId, q.afterId)) : where)
        .orderBy(asc(terminals.terminalId))
        .limit(inText)
        .offset(q.afterId ? 0 : offset),
    );
    return rows.map((r) => r.id);
  }

  async find(p: Principal, terminalId: number): Promise<TerminalRow | undefined> {
    return (await this.select(this.where(p, {}, eq(terminals.terminalId, terminalId))))[0] as TerminalRow | undefined;
  }

  /** The rows among `ids` that the principal may see, with their status. */
  /**
   * Of `ids`, the terminals in the caller's scope: a statement kept per scope (db/prepared.ts), asked before most
   * terminal calls. One id is compared as one: with `= any($1)` PostgreSQL planned every call anew.
   */
  visible(p: Principal, ids: number[]) {
    const one = ids.length === 1;
    return this.shapes.run(
      `visible|${one ? 'one' : 'any'}|${dataScopeKey(p)}`,
      () => this.db.select({ terminalId: terminals.terminalId, status: terminals.status, family: terminals.family, sn: terminals.sn })
        .from(terminals)
        .where(this.where(p, {}, one ? sql`${terminals.terminalId} = ${sql.placeholder('id')}` : sql`${terminals.terminalId} = any(${sql.placeholder('ids')}::int[])`)),
      one ? { id: ids[0] } : { ids: idArray(ids) },
    );
  }

  async snTaken(family: string, sn: string, ownId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: terminals.terminalId })
      .from(terminals)
      .where(and(eq(terminals.family, family), eq(terminals.sn, sn), ownId ? ne(terminals.terminalId, ownId) : undefined));
    return rows.length > 0;
  }

  async deptVisible(p: Principal, deptId: number): Promise<boolean> {
    const rows = await this.db.select({ id: departments.deptId }).from(departments).where(and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId })));
    return rows.length > 0;
  }

  async enterpriseExists(enterpriseId: number): Promise<boolean> {
    return (await this.db.select({ id: enterprises.enterpriseId }).from(enterprises).where(eq(enterprises.enterpriseId, enterpriseId))).length > 0;
  }

  async boxVisible(p: Principal, boxId: number): Promise<boolean> {
    const rows = await this.db.select({ id: terminalBoxes.boxId }).from(terminalBoxes).where(and(eq(terminalBoxes.boxId, boxId), dataScopeFilter(p, { dept: terminalBoxes.deptId })));
    return rows.length > 0;
  }

  async insert(values: TerminalValues): Promise<number> {
    const id = await this.writes.insert(values);
    this.changed({ kind: 'added', terminalIds: [id] });
    return id;
  }

  async update(terminalId: number, values: Partial<TerminalValues>): Promise<void> {
    await this.writes.update(terminalId, values);
    this.changed({ kind: 'edited', terminalIds: [terminalId] });
  }

  /** The terminal's alarms not yet closed go with it to its new department (alarms keep a copy of it for scoped lists). */
  alarmsFollow(terminalId: number, deptId: number, by: AlarmActor, note: string): Promise<number> {
    return alarmsFollowTerminal(this.db, terminalId, deptId, by, note);
  }

  async setBox(ids: number[], boxId: number | null): Promise<void> {
    await this.writes.setBox(ids, boxId);
    this.changed({ kind: 'edited', terminalIds: ids });
  }

  async addStatusChange(row: typeof terminalStatusChanges.$inferInsert): Promise<void> {
    await this.db.insert(terminalStatusChanges).values(row);
  }

  /**
   * Deletes the terminals with everything recorded about them: readings, events, device logs and rollups
   * (no foreign key on the partitioned tables, so explicitly, in the caller's transaction); images,
   * commands and alarms follow by cascade, image files by the fleet's orphan sweep (fleet/orphans.ts).
   */
  async archive(ids: number[], to: ArchiveTarget): Promise<void> {
    await archiveTerminals(this.db, to, ids);
  }

  async delete(ids: number[]): Promise<void> {
    await deleteRecordsOf(this.db, ids);
    await this.writes.delete(ids);
    this.changed({ kind: 'removed', terminalIds: ids });
  }
}
