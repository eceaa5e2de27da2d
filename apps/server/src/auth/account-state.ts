import { STATUS_NORMAL } from '@sl/contracts';
import { text, unauthorized } from '../http/errors.js';
import type { UserRepository } from '../system/user/user-repository.js';
import { BriefCache } from '../db/brief-cache.js';

export interface AccountState {
  status: string;
  tokenVersion: number;
}

/**
 * Whether an account may still use its tokens: it exists, is enabled and has not ended its sessions
 * since the token was issued. The database is the truth; each instance caches an answer for at most
 * `ttlMs` and forgets it at once when this instance changes the account, so another instance sees a
 * change within `ttlMs`.
 */
export class AccountStates {
  private readonly cache: BriefCache<number, AccountState | undefined>;

  constructor(
    private readonly users: Pick<UserRepository, 'sessionState'>,
    ttlMs: number,
    now: () => number = Date.now,
  ) {
    this.cache = new BriefCache(ttlMs, 10_000, now);
  }

  /** Refuses (401) a token whose account is gone, disabled, or whose sessions were ended after it was issued. */
  async assertCurrent(userId: number, tokenVersion: number): Promise<void> {
    const state = await this.get(userId);
    if (!state || state.status !== STATUS_NORMAL) throw unauthorized(text('common.accountGone'));
    if (state.tokenVersion !== tokenVersion) throw unauthorized(text('auth.sessionEnded'));
  }

  get(userId: number): Promise<AccountState | undefined> {
    return this.cache.get(userId, (id) => this.users.sessionState(id));
  }

  /** Called after this instance changes the accounts' password, status or existence. */
  forget(userIds: number[]): void {
    this.cache.forget(userIds);
  }
}
