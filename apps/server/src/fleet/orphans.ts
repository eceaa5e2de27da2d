import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { UPLOADS_PREFIX } from '../storage/file-store.js';

/** The tables holding rows per terminal with no foreign key to it (partitioned or outliving retention). */
const RECORD_TABLES = ['heartbeat', 'device_event', 'terminal_log', 'heartbeat_rollup'] as const;
/** Tables with a cascading foreign key: listed so the orphan check proves the cascade too. */
const CASCADED_TABLES = ['terminal_image', 'terminal_command', 'alarm', 'terminal_status_change', 'terminal_repair'] as const;

/** Deletes every reading, event, device log and rollup of the terminals (run inside the deletion's transaction). */
export async function deleteRecordsOf(db: Db, terminalIds: number[]): Promise<void> {
  if (!terminalIds.length) return;
  const ids = sql`(${sql.join(terminalIds.map((id) => sql`${id}::int`), sql`, `)})`;
  for (const table of RECORD_TABLES) await db.execute(sql`delete from ${sql.identifier(table)} where terminal_id in ${ids}`);
}

/** Rows per table whose terminal no longer exists: all zero after any deletion. */
export async function orphanCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [...RECORD_TABLES, ...CASCADED_TABLES]) {
    const result = await db.execute(sql`
      select count(*)::int as n from ${sql.identifier(table)} r where not exists (select 1 from terminal t where t.terminal_id = r.terminal_id)`);
    out[table] = Number(rowsOf<{ n: number }>(result)[0].n);
  }
  return out;
}

/**
 * Removes the files under `uploadsRoot/terminal` that no terminal_image row names (the images of
 * deleted terminals, or of a write that failed halfway). Files younger than `graceMs` are left: an
 * upload in progress saves its file before its row. Returns the removed names.
 */
export async function sweepImageFiles(db: Db, uploadsRoot: string, now: Date, graceMs = 3_600_000): Promise<string[]> {
  const folder = path.join(uploadsRoot, 'terminal');
  const names = await readdir(folder).catch(() => [] as string[]);
  if (!names.length) return [];
  const known = new Set(rowsOf<{ url: string }>(await db.execute(sql`select url from terminal_image`)).map((r) => r.url));
  const removed: string[] = [];
  for (const name of names) {
    if (known.has(`${UPLOADS_PREFIX}terminal/${name}`)) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < graceMs) continue;
    await unlink(file).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}
