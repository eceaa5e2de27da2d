import { RegisterState, TerminalStatus, type TerminalRegistration, type TerminalStatusChange, type Bilingual } from '@sl/contracts';
import { newTerminalSecret } from '../../gateway/terminal-secret.js';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { BrokerAccountSync } from './broker-account-sync.js';
import type { TerminalDataRepository } from './terminal-data-repository.js';
import type { TerminalAdminRepository } from './terminal-admin-repository.js';
import { findVisible } from './terminal-service.js';

const { inFactory, warehouse, inUse, underRepair, scrapped } = TerminalStatus;
const LABELS: Record<number, Bilingual> = {
  1: { 'zh-CN': '出厂', 'en-US': 'in factory' },
  2: { 'zh-CN': '入库', 'en-US': 'warehouse' },
  3: { 'zh-CN': '使用中', 'en-US': 'in use' },
  4: { 'zh-CN': '维修中', 'en-US': 'under repair' },
  5: { 'zh-CN': '报废', 'en-US': 'scrapped' },
};

/** Where a terminal may go from each status; any status but scrapped may go to scrapped, nothing leaves it. */
const NEXT: Record<number, number[]> = {
  [inFactory]: [warehouse, scrapped],
  [warehouse]: [inUse, scrapped],
  [inUse]: [underRepair, warehouse, scrapped],
  [underRepair]: [inUse, warehouse, scrapped],
  [scrapped]: [],
};

export function checkTransition(from: number, to: number): void {
  if (from === to) throw badRequest(text('device.statusUnchanged', { status: LABELS[from] }));
  if (!NEXT[from]?.includes(to)) {
    const allowed = NEXT[from] ?? [];
    const list = (locale: 'zh-CN' | 'en-US') => allowed.map((s) => `${s} (${LABELS[s][locale]})`).join(locale === 'zh-CN' ? '、' : ', ');
    const params = { from, to, fromLabel: LABELS[from], toLabel: LABELS[to] };
    if (!allowed.length) throw badRequest(text('device.statusScrapped', params));
    throw badRequest(text('device.statusMove', { ...params, allowed: { 'zh-CN': list('zh-CN'), 'en-US': list('en-US') } }));
  }
}

/** Status changes with who and why, and registration with the device secret. */
export class TerminalLifecycleService {
  constructor(
    private readonly repo: TerminalAdminRepository,
    private readonly data: TerminalDataRepository,
    private readonly accounts: BrokerAccountSync,
  ) {}

  async changeStatus(p: Principal, terminalId: number, status: number, reason: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const row = await findVisible(repo, p, terminalId);
      checkTransition(row.status, status);
      await repo.update(terminalId, { status });
      await repo.addStatusChange({ terminalId, fromStatus: row.status, toStatus: status, reason, userId: p.userId });
      if (status === scrapped) await this.accounts.revoked([row]);
    });
  }

  async statusLog(p: Principal, terminalId: number): Promise<TerminalStatusChange[]> {
    await findVisible(this.repo, p, terminalId);
    const rows = await this.data.statusChanges(terminalId);
    return rows.map(({ change, userName }) => ({ ...change, userName, changedAt: change.changedAt.toISOString() }));
  }

  /** Registering issues a new secret (answered once); so does `regenerateSecret`. Unregistering revokes the secret. */
  async register(p: Principal, terminalId: number, registerState: 1 | 2, regenerateSecret: boolean): Promise<TerminalRegistration> {
    const row = await findVisible(this.repo, p, terminalId);
    if (registerState === RegisterState.unregistered) {
      await this.repo.transaction(async (repo) => {
        await repo.update(terminalId, { registerState, secretHash: '' });
        await this.accounts.revoked([row]);
      });
      return { terminalId, registerState };
    }
    if (row.registerState === RegisterState.registered && !regenerateSecret) return { terminalId, registerState };
    const { secret, hash } = newTerminalSecret();
    await this.repo.transaction(async (repo) => {
      await repo.update(terminalId, { registerState, secretHash: hash });
      await this.accounts.issued(row, secret);
    });
    return { terminalId, registerState, secret };
  }
}
