import { inArray } from 'drizzle-orm';
import { DataScope } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { roleDepts } from '../db/schema/index.js';
import type { AccessRepository } from '../system/access/access-repository.js';
import type { Viewer } from './can-see.js';

/** Loads a viewer; undefined when the account is gone or disabled. */
export async function loadViewer(db: Db, access: AccessRepository, userId: number): Promise<Viewer | undefined> {
  const principal = await access.principal(userId);
  if (!principal) return undefined;
  const custom = principal.roles.filter((r) => r.dataScope === DataScope.custom).map((r) => r.roleId);
  const rows = custom.length ? await db.selectDistinct({ deptId: roleDepts.deptId }).from(roleDepts).where(inArray(roleDepts.roleId, custom)) : [];
  return { principal, customDeptIds: new Set(rows.map((r) => r.deptId)) };
}

/** Role and scope changes reach an open connection within `ttlMs`, without a query per push. */
export function cachedViewer(load: () => Promise<Viewer | undefined>, first: Viewer, ttlMs = 60_000): () => Promise<Viewer | undefined> {
  let current: Promise<Viewer | undefined> = Promise.resolve(first);
  let loadedAt = Date.now();
  return () => {
    if (Date.now() - loadedAt > ttlMs) {
      loadedAt = Date.now();
      current = load().catch((err: unknown) => {
        loadedAt = 0;
        throw err;
      });
    }
    return current;
  };
}
