import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, requiredText } from '../api/fields.js';
import { queryId, queryText } from './terminal-fields.js';

/** A failed terminal swapped for a spare. */
export interface TerminalRepair {
  id: number;
  terminalId: number;
  sn: string;
  name: string;
  replacementId: number | null;
  replacementSn: string;
  replacementName: string;
  reason: string;
  userId: number | null;
  userName: string;
  createdAt: string;
}

export const repairReplace = z.object({ terminalId: id('terminalId'), replacementId: id('replacementId'), reason: requiredText('reason', 255) });
export type RepairReplace = z.input<typeof repairReplace>;

/** `keyword` matches the serial number or name of either terminal. */
export const repairQuery = pageQuery.extend({ keyword: queryText('keyword', 64), terminalId: queryId('terminalId') });
export type RepairQuery = z.input<typeof repairQuery>;
