import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Terminal } from '@sl/contracts';
import { departments, enterprises, terminalBoxes, terminals } from '../../db/schema/index.js';
import type { TerminalListRow } from './terminal-list-rows.js';
import { deptZoneOfPathSql, installationTimeZone, terminalZone } from './terminal-zone-domain.js';

const { secretHash: _secretHash, ...own } = getTableColumns(terminals);

/** A terminal row with the names of its department, enterprise and box; the secret hash never leaves the repository. */
export const terminalColumns = {
  ...own,
  deptName: sql<string>`coalesce(${departments.deptName}, '')`,
  enterpriseName: sql<string>`coalesce(${enterprises.name}, '')`,
  boxName: sql<string>`coalesce(${terminalBoxes.name}, '')`,
  deptZone: deptZoneOfPathSql(departments.deptPath),
};

/** The joins the names of `terminalColumns` come from, added to a dynamic select of terminals. */
export const joinNames = <T extends PgSelect>(query: T) =>
  query
    .leftJoin(departments, eq(departments.deptId, terminals.deptId))
    .leftJoin(enterprises, eq(enterprises.enterpriseId, terminals.enterpriseId))
    .leftJoin(terminalBoxes, eq(terminalBoxes.boxId, terminals.boxId));

export type TerminalRow = Omit<typeof terminals.$inferSelect, 'secretHash'> & { deptName: string; enterpriseName: string; boxName: string; deptZone: string | null };
export type TerminalValues = Omit<typeof terminals.$inferInsert, 'terminalId' | 'createdAt' | 'updatedAt'>;

/** A time of a row as the API writes it; a list row's is ISO text already (terminal-list-rows.ts). */
const iso = (d: Date | string | null) => (d === null || typeof d === 'string' ? d : d.toISOString());

/**
 * The API shape of a row, written out field by field: a spread of the row (35 keys, built by the driver key
 * by key) took a list page of 50 about half a millisecond of the server's one thread (docs/performance.md).
 */
export const toTerminal = (row: TerminalRow | TerminalListRow): Terminal => ({
  terminalId: row.terminalId,
  sn: row.sn,
  family: row.family as Terminal['family'],
  name: row.name,
  model: row.model as Terminal['model'],
  manufacturer: row.manufacturer,
  imsi: row.imsi,
  enterpriseId: row.enterpriseId,
  enterpriseName: row.enterpriseName,
  deptId: row.deptId,
  deptName: row.deptName,
  area: row.area,
  boxId: row.boxId,
  boxName: row.boxName,
  lng: row.lng,
  lat: row.lat,
  address: row.address,
  registerState: row.registerState as Terminal['registerState'],
  onlineState: row.onlineState as Terminal['onlineState'],
  status: row.status as Terminal['status'],
  locked: row.locked,
  controlMode: row.controlMode as Terminal['controlMode'],
  phases: row.phases,
  loops: row.loops,
  installDate: row.installDate,
  firmware: row.firmware,
  heartbeatS: row.heartbeatS,
  ratedPowerW: row.ratedPowerW,
  timeZone: row.timeZone,
  zone: terminalZone(row, installationTimeZone()),
  lastSeenAt: iso(row.lastSeenAt),
  remark: row.remark,
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});
