import type { PageResult, Terminal, TerminalListItem } from '@sl/contracts';
import type { LampRepository } from './lamp-repository.js';

/** Adds each row's lamp state at its latest heartbeat (on, dim level, when). */
export async function withLamps(repo: LampRepository, page: PageResult<Terminal>): Promise<PageResult<TerminalListItem>> {
  const lamps = new Map((await repo.latest(page.list.map((t) => t.terminalId))).map((r) => [r.terminal_id, r]));
  return {
    ...page,
    list: page.list.map((t) => {
      const lamp = lamps.get(t.terminalId);
      return { ...t, lampOn: lamp?.on ?? null, dim: lamp?.dim ?? null, readingAt: lamp ? new Date(lamp.ts).toISOString() : null };
    }),
  };
}
