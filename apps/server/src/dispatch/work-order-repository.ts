import { aliasedTable, and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { WorkOrderQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, paginate } from '../db/paging.js';
import { alarms, departments, terminals, users, workOrderAlarms, workOrders } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import { roundLampsOf } from '../assets/asset-maintenance-service.js';
import type { Principal } from '../system/access/principal.js';

export type OrderRow = typeof workOrders.$inferSelect;
export interface OrderWithNames {
  order: OrderRow;
  assigneeName: string;
  assigneePhone: string;
  createdByName: string;
}
const creator = aliasedTable(users, 'creator');

/** An order is visible in the caller's scope of its department, and always to its assignee. */
const visibleTo = (p: Principal) => or(dataScopeFilter(p, { dept: workOrders.deptId, owner: workOrders.assigneeId }) ?? sql`true`, eq(workOrders.assigneeId, p.userId));

export class WorkOrderRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: WorkOrderRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new WorkOrderRepository(tx as unknown as Db), tx as unknown as Db));
  }

  async insert(values: typeof workOrders.$inferInsert, alarmIds: number[]): Promise<OrderRow> {
    const [row] = await this.db.insert(workOrders).values(values).returning();
    if (alarmIds.length) await this.db.insert(workOrderAlarms).values(alarmIds.map((alarmId) => ({ orderId: row.orderId, alarmId })));
    return row;
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({ order: workOrders, assigneeName: users.nickName, assigneePhone: users.phone, createdByName: sql<string>`coalesce(${creator.nickName}, '')` })
      .from(workOrders)
      .innerJoin(users, eq(users.userId, workOrders.assigneeId))
      .leftJoin(creator, eq(creator.userId, workOrders.createdBy))
      .where(where)
      .$dynamic();
  }

  page(p: Principal, q: WorkOrderQuery, mine: boolean) {
    const where = and(
      mine ? eq(workOrders.assigneeId, p.userId) : visibleTo(p),
      q.status ? eq(workOrders.status, q.status) : undefined,
      q.assigneeId ? eq(workOrders.assigneeId, q.assigneeId) : undefined,
      q.alarmId ? sql`exists (select 1 from ${workOrderAlarms} where ${workOrderAlarms.orderId} = ${workOrders.orderId} and ${workOrderAlarms.alarmId} = ${q.alarmId})` : undefined,
      q.sn
        ? sql`exists (select 1 from ${workOrderAlarms} join ${alarms} on ${alarms.alarmId} = ${workOrderAlarms.alarmId} join ${terminals} on ${terminals.terminalId} = ${alarms.terminalId} where ${workOrderAlarms.orderId} = ${workOrders.orderId} and ${ilike(terminals.sn, contains(q.sn))})`
        : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(where).orderBy(desc(workOrders.createdAt), desc(workOrders.orderId)).limit(limit).offset(offset) as Promise<OrderWithNames[]>,
      async () => (await this.db.select({ n: count() }).from(workOrders).where(where))[0].n,
    );
  }

  async find(p: Principal, orderId: number): Promise<OrderWithNames | undefined> {
    return ((await this.select(and(eq(workOrders.orderId, orderId), visibleTo(p)))) as OrderWithNames[])[0];
  }

  /** Locks the order for a status change (in a transaction). */
  async lock(orderId: number): Promise<OrderRow | undefined> {
    return (await this.db.select().from(workOrders).where(eq(workOrders.orderId, orderId)).for('update'))[0];
  }

  async update(orderId: number, patch: Partial<typeof workOrders.$inferInsert>): Promise<void> {
    await this.db.update(workOrders).set({ ...patch, updatedAt: new Date() }).where(eq(workOrders.orderId, orderId));
  }

  async alarmIds(orderId: number): Promise<number[]> {
    return (await this.db.select({ id: workOrderAlarms.alarmId }).from(workOrderAlarms).where(eq(workOrderAlarms.orderId, orderId))).map((r) => r.id);
  }

  /** The lamps of these maintenance rounds, in route order. */
  lampsOf(orderIds: number[]) {
    return roundLampsOf(this.db, orderIds);
  }

  /** The alarms of these orders with their terminal and place (the crew's navigation). */
  alarmsOf(orderIds: number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .select({
        orderId: workOrderAlarms.orderId, alarmId: alarms.alarmId, kind: alarms.kind, status: alarms.status, message: alarms.message, raisedAt: alarms.raisedAt,
        terminalId: terminals.terminalId, terminalName: terminals.name, sn: terminals.sn, lng: terminals.lng, lat: terminals.lat, address: terminals.address,
      })
      .from(workOrderAlarms)
      .innerJoin(alarms, eq(alarms.alarmId, workOrderAlarms.alarmId))
      .innerJoin(terminals, eq(terminals.terminalId, alarms.terminalId))
      .where(inArray(workOrderAlarms.orderId, orderIds))
      .orderBy(alarms.alarmId);
  }

  /** Active users with a phone number in the department or one of its parents, within the caller's scope: who may repair its alarms. */
  assignees(p: Principal, deptId: number) {
    const chain = sql`(select unnest(string_to_array(trim(leading '/' from ${departments.deptPath}), '/'))::int from ${departments} where ${departments.deptId} = ${deptId})`;
    return this.db
      .select({ userId: users.userId, nickName: users.nickName, phone: users.phone, deptName: departments.deptName })
      .from(users)
      .innerJoin(departments, eq(departments.deptId, users.deptId))
      .where(and(eq(users.status, '2'), ne(users.phone, ''), sql`${users.deptId} in ${chain}`, dataScopeFilter(p, { dept: users.deptId, owner: users.userId })))
      .orderBy(users.userId);
  }

  async user(userId: number) {
    return (await this.db.select({ userId: users.userId, nickName: users.nickName, phone: users.phone }).from(users).where(eq(users.userId, userId)))[0];
  }
}
