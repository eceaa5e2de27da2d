import { STATUS_NORMAL } from '@sl/contracts';
import { text, unauthorized } from '../http/errors.js';
import type { UserRepository } from '../system/user/user-repository.js';

export interface AccountState {
  status: string;
  tokenVersion: number;
}

interface Cached {
  state: AccountState | undefined;
  at: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Whether an account may still use its tokens: it exists, is enabled and has not ended its sessions
 * since the token was issued. The database is the truth; each instance caches an answer for at most
 * `ttlMs` and forgets it at once when this instance changes the account, so another instance sees a
 * change within `ttlMs`.
 */
export class AccountStates {
  private readonly cache = new Map<number, Cached>();
  /** Raised by `forget`, so that a read which overlapped a change is not cached. */
  private changes = 0;

  constructor(
    private readonly users: Pick<UserRepository, 'sessionState'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Refuses (401) a token whose account is gone, disabled, or whose sessions were ended after it was issued. */
  async assertCurrent(userId: number, tokenVersion: number): Promise<void> {
    const state = await this.get(userId);
    if (!state || state.status !== STATUS_NORMAL) throw unauthorized(text('common.accountGone'));
    if (state.tokenVersion !== tokenVersion) throw unauthorized(text('auth.sessionEnded'));
  }

  async get(userId: number): Promise<AccountState | undefined> {
    const now = this.now();
    const hit = this.cache.get(userId);
    if (hit && now - hit.at < this.ttlMs) return hit.state;
    const before = this.changes;
    const state = await this.users.sessionState(userId);
    if (this.ttlMs > 0 && before === this.changes) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(userId, { state, at: now });
    }
    return state;
  }

  /** Called after this instance changes the accounts' password, status or existence. */
  forget(userIds: number[]): void {
    this.changes += 1;
    for (const id of userIds) this.cache.delete(id);
  }
}

