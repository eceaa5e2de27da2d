import { TerminalStatus, type PageResult, type Terminal, type TerminalListItem, type terminalInput, type terminalQuery, type terminalUpdate, type TerminalWithSecret, idParams } from '@sl/contracts';
import type { z } from 'zod';
import type { ArchiveTarget } from '../../fleet/archive.js';
import { newTerminalSecret } from '../../gateway/terminal-secret.js';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { BrokerAccountSync } from './broker-account-sync.js';
import type { LampRepository, LampRow } from './lamp-repository.js';
import { toTerminal, type TerminalRow } from './terminal-columns.js';
import type { TerminalAdminRepository, TerminalSubset } from './terminal-admin-repository.js';
import type { TerminalListRow } from './terminal-list-rows.js';

type Editable = Omit<z.output<typeof terminalUpdate>, 'terminalId'>;
export type TerminalPageQuery = z.output<typeof terminalQuery>;

/** Every id must name a terminal in the caller's data scope; answers their rows. */
export async function assertVisible(repo: TerminalAdminRepository, p: Principal, ids: number[]) {
  const rows = await repo.visible(p, ids);
  const found = new Set(rows.map((r) => r.terminalId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(text('device.terminalNotFound', idParams(missing)));
  return rows;
}

export async function findVisible(repo: TerminalAdminRepository, p: Principal, terminalId: number): Promise<TerminalRow> {
  const row = await repo.find(p, terminalId);
  if (!row) throw notFound(text('device.terminalNotFound', idParams(terminalId)));
  return row;
}

export class TerminalService {
  constructor(
    private readonly repo: TerminalAdminRepository,
    private readonly accounts: BrokerAccountSync,
    private readonly lamps: LampRepository,
    /** TERMINAL_ARCHIVE_DIR: where a deleted terminal's records go first. */
    private readonly archive?: ArchiveTarget,
  ) {}

  /** A page of terminals, each with the lamp state at its latest heartbeat (on, dim level, when). */
  async page(p: Principal, q: TerminalPageQuery, subset?: TerminalSubset): Promise<PageResult<TerminalListItem>> {
    const page = await this.repo.page(p, q, subset);
    // The page's statement has each lamp's reading of the last day; the silent ones are looked up further back.
    const silent = page.list.filter((row) => row.lampAt === null).map((row) => row.terminalId);
    const older = silent.length ? new Map((await this.lamps.latest(silent)).map((lamp) => [lamp.terminal_id, lamp])) : undefined;
    return { ...page, list: page.list.map((row) => toListItem(row, older?.get(row.terminalId))) };
  }

  async get(p: Principal, terminalId: number): Promise<Terminal> {
    return toTerminal(await findVisible(this.repo, p, terminalId));
  }

  async create(p: Principal, input: z.output<typeof terminalInput>): Promise<TerminalWithSecret> {
    const { secret, hash } = newTerminalSecret();
    const terminalId = await this.repo.transaction(async (repo) => {
      await checkReferences(repo, p, input);
      const id = await repo.insert({ ...input, secretHash: hash });
      await this.accounts.issued(input, secret);
      return id;
    });
    return { ...(await this.get(p, terminalId)), secret };
  }

  async update(p: Principal, { terminalId, ...values }: z.output<typeof terminalUpdate>): Promise<Terminal> {
    await this.repo.transaction(async (repo) => {
      const before = await findVisible(repo, p, terminalId);
      await checkReferences(repo, p, values, terminalId);
      await repo.update(terminalId, values);
      // Alarms keep a copy of their department (the scoped lists, counters and pushes read it): open ones move too.
      if (before.deptId !== values.deptId) {
        const after = await findVisible(repo, p, terminalId);
        await repo.alarmsFollow(terminalId, values.deptId, { userId: p.userId, name: p.username }, `${before.deptName || before.deptId} → ${after.deptName || values.deptId}`);
      }
      // The broker knows the account by its old name and only the terminal knows the secret: a re-key gives it a new one.
      if (before.family !== values.family || before.sn !== values.sn) await this.accounts.revoked([before]);
    });
    return this.get(p, terminalId);
  }

  /** Deletes terminals, refusing those in use; `onlyInventory` limits it to terminals in the factory or warehouse. */
  async remove(p: Principal, ids: number[], onlyInventory = false): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const rows = await assertVisible(repo, p, ids);
      const inUse = rows.filter((r) => r.status === TerminalStatus.inUse).map((r) => r.terminalId);
      if (inUse.length) throw badRequest(text('device.terminalInUse', idParams(inUse)));
      const stocked: number[] = [TerminalStatus.inFactory, TerminalStatus.warehouse];
      const outside = rows.filter((r) => !stocked.includes(r.status)).map((r) => r.terminalId);
      if (onlyInventory && outside.length) throw badRequest(text('device.notInInventory', idParams(outside)));
      if (this.archive) await repo.archive(ids, this.archive);
      await repo.delete(ids);
      await this.accounts.revoked(rows);
    });
  }
}

function toListItem(row: TerminalListRow, older: LampRow | undefined): TerminalListItem {
  const item = toTerminal(row) as TerminalListItem;
  const lamp = row.lampAt ? { on: row.lampOn, dim: row.lampDim, ts: row.lampAt } : older;
  item.lampOn = lamp?.on ?? null;
  item.dim = lamp?.dim ?? null;
  item.readingAt = lamp?.ts ?? null;
  return item;
}

async function checkReferences(repo: TerminalAdminRepository, p: Principal, v: Editable, ownId?: number): Promise<void> {
  if (v.family === 'rdc4m' && v.model === 1 && v.loops > 4) throw badRequest(text('device.rdc4mLoops'));
  if (await repo.snTaken(v.family, v.sn, ownId)) throw badRequest(text('device.snTaken', { sn: v.sn, family: v.family }));
  if (!(await repo.deptVisible(p, v.deptId))) throw badRequest(text('system.deptNotFound', idParams(v.deptId)));
  if (v.enterpriseId !== null && !(await repo.enterpriseExists(v.enterpriseId))) throw badRequest(text('system.enterpriseNotFound', idParams(v.enterpriseId)));
  if (v.boxId !== null && !(await repo.boxVisible(p, v.boxId))) throw badRequest(text('device.boxNotFound', idParams(v.boxId)));
}
