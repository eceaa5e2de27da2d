import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiClients, apiTokens, departments } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import type { ClientIdentity } from './client-principal.js';

export type ApiClientRow = typeof apiClients.$inferSelect & { deptName: string; deptPath: string };

const withDept = { client: apiClients, deptName: departments.deptName, deptPath: departments.deptPath };

/** API clients and their access tokens. */
export class ApiClientRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<ApiClientRow[]> {
    const rows = await this.db.select(withDept).from(apiClients).innerJoin(departments, eq(departments.deptId, apiClients.deptId)).orderBy(desc(apiClients.id));
    return rows.map((r) => ({ ...r.client, deptName: r.deptName, deptPath: r.deptPath }));
  }

  async find(id: number): Promise<ApiClientRow | undefined> {
    const [r] = await this.db.select(withDept).from(apiClients).innerJoin(departments, eq(departments.deptId, apiClients.deptId)).where(eq(apiClients.id, id));
    return r && { ...r.client, deptName: r.deptName, deptPath: r.deptPath };
  }

  async byClientId(clientId: string): Promise<ApiClientRow | undefined> {
    const [r] = await this.db.select(withDept).from(apiClients).innerJoin(departments, eq(departments.deptId, apiClients.deptId)).where(eq(apiClients.clientId, clientId));
    return r && { ...r.client, deptName: r.deptName, deptPath: r.deptPath };
  }

  /** Whether the department exists within the caller's data scope. */
  async deptVisible(p: Principal, deptId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: departments.deptId }).from(departments).where(and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId })));
    return !!row;
  }

  async insert(values: typeof apiClients.$inferInsert) {
    const [row] = await this.db.insert(apiClients).values(values).returning({ id: apiClients.id });
    return row.id;
  }

  async update(id: number, patch: Partial<typeof apiClients.$inferInsert>): Promise<boolean> {
    const rows = await this.db.update(apiClients).set(patch).where(eq(apiClients.id, id)).returning({ id: apiClients.id });
    return rows.length > 0;
  }

  /** Deletes a client; its tokens, subscriptions and deliveries go with it (cascade). */
  async remove(id: number): Promise<boolean> {
    return (await this.db.delete(apiClients).where(eq(apiClients.id, id)).returning({ id: apiClients.id })).length > 0;
  }

  async dropTokens(clientId: number): Promise<void> {
    await this.db.delete(apiTokens).where(eq(apiTokens.clientId, clientId));
  }

  async storeToken(tokenHash: string, clientId: number, scopes: string[], expiresAt: Date): Promise<void> {
    await this.db.insert(apiTokens).values({ tokenHash, clientId, scopes, expiresAt });
    await this.db.update(apiClients).set({ lastUsedAt: new Date() }).where(eq(apiClients.id, clientId));
    // Expired tokens of every client go as new ones come: the table stays small without a job of its own.
    await this.db.delete(apiTokens).where(sql`${apiTokens.expiresAt} < now() - interval '1 day'`);
  }

  /** The enabled client holding a live token, with the token's scopes. */
  async byToken(tokenHash: string, now: Date): Promise<(ClientIdentity & { tokenScopes: string[] }) | undefined> {
    const [r] = await this.db
      .select({ client: apiClients, deptPath: departments.deptPath, tokenScopes: apiTokens.scopes })
      .from(apiTokens)
      .innerJoin(apiClients, eq(apiClients.id, apiTokens.clientId))
      .innerJoin(departments, eq(departments.deptId, apiClients.deptId))
      .where(and(eq(apiTokens.tokenHash, tokenHash), gt(apiTokens.expiresAt, now), eq(apiClients.enabled, true)));
    return r && { ...r.client, deptPath: r.deptPath, tokenScopes: r.tokenScopes };
  }
}
