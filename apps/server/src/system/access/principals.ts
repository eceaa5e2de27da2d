import { BriefCache } from '../../db/brief-cache.js';
import type { AccessRepository } from './access-repository.js';
import type { Principal } from './principal.js';

/**
 * The callers' principals (roles, permissions, department), kept for ACCOUNT_CACHE_MS so that a busy
 * console does not reload them on every call. Roles, menus, departments and users change through the
 * API: any changing call on this instance forgets them all (plugins/authenticate.ts); another instance
 * sees the change within the TTL, as with the account states.
 */
export class Principals {
  private readonly cache: BriefCache<number, Principal | undefined>;

  constructor(
    private readonly access: AccessRepository,
    ttlMs: number,
  ) {
    this.cache = new BriefCache(ttlMs);
  }

  get(userId: number): Promise<Principal | undefined> {
    return this.cache.get(userId, (id) => this.access.principal(id));
  }

  forgetAll(): void {
    this.cache.forget();
  }
}
