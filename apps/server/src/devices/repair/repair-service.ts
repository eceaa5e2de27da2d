import { TerminalStatus, type repairQuery, type TerminalRepair } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { findVisible } from '../terminal/terminal-service.js';
import type { RepairRepository } from './repair-repository.js';

const SPARE_STATUSES: number[] = [TerminalStatus.inFactory, TerminalStatus.warehouse];

export class RepairService {
  constructor(private readonly repo: RepairRepository) {}

  async page(p: Principal, q: z.output<typeof repairQuery>) {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map((r): TerminalRepair => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  }

  /**
   * Swaps a failed terminal in use for a spare in one transaction: the spare takes the failed one's place
   * (department, area, box, position, address) and goes into use; the failed one goes under repair without
   * a box or position. Each keeps its own id, so readings and history stay with the device that produced them.
   */
  async replace(p: Principal, terminalId: number, replacementId: number, reason: string): Promise<number> {
    if (terminalId === replacementId) throw badRequest(text('records.replaceSelf'));
    return this.repo.transaction(async (repo, terminals) => {
      const broken = await findVisible(terminals, p, terminalId);
      const spare = await findVisible(terminals, p, replacementId);
      if (broken.status !== TerminalStatus.inUse) throw badRequest(text('records.replaceNotInUse', { sn: broken.sn }));
      if (!SPARE_STATUSES.includes(spare.status)) throw badRequest(text('records.replaceNotSpare', { sn: spare.sn }));
      if (spare.family !== broken.family || spare.model !== broken.model) {
        throw badRequest(text('records.replaceMismatch', { family: broken.family, model: broken.model }));
      }
      const { deptId, area, boxId, lng, lat, address } = broken;
      await terminals.update(terminalId, { status: TerminalStatus.underRepair, boxId: null, lng: null, lat: null, address: '' });
      await terminals.update(replacementId, { status: TerminalStatus.inUse, deptId, area, boxId, lng, lat, address });
      const why = `Replaced: ${reason}`;
      await terminals.addStatusChange({ terminalId, fromStatus: broken.status, toStatus: TerminalStatus.underRepair, reason: why, userId: p.userId });
      await terminals.addStatusChange({ terminalId: replacementId, fromStatus: spare.status, toStatus: TerminalStatus.inUse, reason: `Replacement for ${broken.sn}: ${reason}`, userId: p.userId });
      return repo.insert({ terminalId, replacementId, reason, userId: p.userId });
    });
  }
}
