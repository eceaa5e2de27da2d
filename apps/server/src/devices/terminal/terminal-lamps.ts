import type { PageResult, Terminal, TerminalListItem } from '@sl/contracts';
import type { LampRepository } from './lamp-repository.js';

/** Adds each row's lamp state at its latest heartbeat (on, dim level, when), to the page's own fresh objects. */
export async function withLamps(repo: LampRepository, page: PageResult<Terminal>): Promise<PageResult<TerminalListItem>> {
  const lamps = new Map((await repo.latest(page.list.map((t) => t.terminalId))).map((r) => [r.terminal_id, r]));
  for (const t of page.list as TerminalListItem[]) {
    const lamp = lamps.get(t.terminalId);
    t.lampOn = lamp?.on ?? null;
    t.dim = lamp?.dim ?? null;
    t.readingAt = lamp ? new Date(lamp.ts).toISOString() : null;
  }
  return page as PageResult<TerminalListItem>;
}
