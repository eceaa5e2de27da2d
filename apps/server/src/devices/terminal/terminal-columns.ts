import { getTableColumns, sql } from 'drizzle-orm';
import type { Terminal } from '@sl/contracts';
import { departments, enterprises, terminalBoxes, terminals } from '../../db/schema/index.js';

const { secretHash: _secretHash, ...own } = getTableColumns(terminals);

/** A terminal row with the names of its department, enterprise and box; the secret hash never leaves the repository. */
export const terminalColumns = {
  ...own,
  deptName: sql<string>`coalesce(${departments.deptName}, '')`,
  enterpriseName: sql<string>`coalesce(${enterprises.name}, '')`,
  boxName: sql<string>`coalesce(${terminalBoxes.name}, '')`,
};

export type TerminalRow = Omit<typeof terminals.$inferSelect, 'secretHash'> & { deptName: string; enterpriseName: string; boxName: string };
export type TerminalValues = Omit<typeof terminals.$inferInsert, 'terminalId' | 'createdAt' | 'updatedAt'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const toTerminal = (row: TerminalRow): Terminal => ({
  ...row,
  family: row.family as Terminal['family'],
  model: row.model as Terminal['model'],
  registerState: row.registerState as Terminal['registerState'],
  onlineState: row.onlineState as Terminal['onlineState'],
  status: row.status as Terminal['status'],
  controlMode: row.controlMode as Terminal['controlMode'],
  lastSeenAt: iso(row.lastSeenAt),
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});
