import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';
import { UPLOADS_PREFIX } from '../storage/file-store.js';

/** Rows read per query while archiving: one terminal's year of readings never sits in memory whole. */
const CHUNK = 5000;

/** What is archived of a terminal, each with the order its rows are written in. */
const PARTS: Array<{ table: string; order: string; where?: (id: number) => SQL }> = [
  { table: 'terminal', order: 'terminal_id' },
  { table: 'heartbeat', order: 'ts, id' },
  { table: 'device_event', order: 'ts, id' },
  { table: 'terminal_log', order: 'created_at, id' },
  { table: 'heartbeat_rollup', order: 'grain, bucket' },
  { table: 'terminal_image', order: 'id' },
  { table: 'terminal_command', order: 'id' },
  { table: 'terminal_status_change', order: 'id' },
  { table: 'terminal_repair', order: 'id' },
  { table: 'alarm', order: 'alarm_id' },
  { table: 'alarm_log', order: 'log_id', where: (id) => sql`alarm_id in (select alarm_id from alarm where terminal_id = ${id})` },
];

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * TERMINAL_ARCHIVE_DIR: before a terminal is deleted, everything recorded about it is written to
 * `<dir>/terminal-<id>-<sn>-<time>/records.jsonl.gz` (one `{"table", "row"}` object a line, the terminal's
 * row first) with its images beside it, so the database keeps no orphans and nothing is lost.
 * Called inside the deletion's transaction: a failed archive leaves the terminal in place.
 */
export async function archiveTerminals(db: Db, to: ArchiveTarget, terminalIds: number[], now = new Date()): Promise<string[]> {
  const folders: string[] = [];
  for (const id of terminalIds) folders.push(await archiveOne(db, to, id, now));
  return folders;
}

export interface ArchiveTarget {
  dir: string;
  /** Where the image URLs' files are (the disk file store's root). */
  uploadsRoot: string;
}

async function archiveOne(db: Db, { dir, uploadsRoot }: ArchiveTarget, id: number, now: Date): Promise<string> {
  const [terminal] = rowsOf<{ sn: string }>(await db.execute(sql`select sn from terminal where terminal_id = ${id}`));
  const safeSn = (terminal?.sn ?? 'unknown').replace(/[^\w.-]/g, '_');
  const folder = path.join(dir, `terminal-${id}-${safeSn}-${stamp(now)}`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const gzip = createGzip();
    const done = once(gzip.pipe(createWriteStream(path.join(partial, 'records.jsonl.gz'))), 'finish');
    const images: string[] = [];
    for (const part of PARTS) {
      const where = part.where?.(id) ?? sql`terminal_id = ${id}`;
      for (let offset = 0; ; offset += CHUNK) {
        const rows = rowsOf<{ j: Record<string, unknown> }>(
          await db.execute(sql`select row_to_json(r) as j from ${sql.identifier(part.table)} r where ${where} order by ${sql.raw(part.order)} limit ${CHUNK} offset ${offset}`),
        );
        for (const { j } of rows) {
          const row = typeof j === 'string' ? JSON.parse(j) : j;
          if (part.table === 'terminal_image' && typeof row.url === 'string') images.push(row.url);
          if (!gzip.write(`${JSON.stringify({ table: part.table, row })}\n`)) await once(gzip, 'drain');
        }
        if (rows.length < CHUNK) break;
      }
    }
    gzip.end();
    await done;
    await copyImages(uploadsRoot, images, partial);
    await rename(partial, folder);
    return folder;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

async function copyImages(uploadsRoot: string, urls: string[], into: string) {
  for (const url of urls) {
    if (!url.startsWith(UPLOADS_PREFIX)) continue;
    const relative = url.slice(UPLOADS_PREFIX.length);
    if (relative.includes('..')) continue;
    await mkdir(path.join(into, 'images'), { recursive: true });
    await copyFile(path.join(uploadsRoot, relative), path.join(into, 'images', path.basename(relative))).catch(() => undefined);
  }
}
