import { idParams } from '@sl/contracts';
import type { OverCurrentData, OverCurrentEvent, PageQuery } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { withIsoDates } from '../logs/records.js';
import type { OverCurrentRepository } from './over-current-repository.js';
import type { ScopedTerminalRepository } from './scoped-terminal-repository.js';

export class OverCurrentService {
  constructor(
    private readonly repo: OverCurrentRepository,
    private readonly terminals: ScopedTerminalRepository,
  ) {}

  async data(principal: Principal, terminalId: number, page: PageQuery): Promise<OverCurrentData> {
    if (!(await this.terminals.find(principal, terminalId))) throw notFound(text('device.terminalNotFound', idParams(terminalId)));
    const [latest, events] = await Promise.all([this.repo.latestCurrents(terminalId), this.repo.events(terminalId, page)]);
    return {
      terminalId,
      latest: latest ? withIsoDates(latest) : null,
      events: { ...events, list: events.list.map((e) => withIsoDates(e) as OverCurrentEvent) },
    };
  }
}
