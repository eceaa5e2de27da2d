import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { orphanCounts } from '../src/fleet/orphans.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const count = async (db: Db, table: string, id: number) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where terminal_id = ${id}`))[0].n);

describeEachEngine('TERMINAL_ARCHIVE_DIR: a deleted terminal is archived first', (engine) => {
  let t: TestApp;
  let db: Db;
  let token: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sl-archive-data-'));
  const archiveDir = path.join(dataDir, 'archive');
  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: dataDir, TERMINAL_ARCHIVE_DIR: archiveDir });
    db = t.database.db;
    token = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function terminalWithRecords(sn: string) {
    const id = Number(rowsOf<{ id: number }>(await db.execute(sql`insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s) values (${sn}, 'rdc4m', ${sn}, 2, 1, 2, 600) returning terminal_id as id`))[0].id);
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model, voltage_a, "on")
      select ${id}, 'r' || g, now() - g * interval '10 minutes', 2, 220 + g, true from generate_series(1, 12) g`);
    await db.execute(sql`insert into device_event (terminal_id, mid, event, state, ts) values (${id}, 'e1', 'leakage', 'raised', now())`);
    await db.execute(sql`insert into terminal_log (kind, terminal_id, msg) values ('heart', ${id}, 'x')`);
    await db.execute(sql`insert into alarm (terminal_id, dept_id, kind) values (${id}, 1, 'leakage')`);
    mkdirSync(path.join(dataDir, 'uploads', 'terminal'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'terminal', `${id}-pole.png`), 'png bytes');
    await db.execute(sql`insert into terminal_image (terminal_id, url) values (${id}, ${`/uploads/terminal/${id}-pole.png`})`);
    return id;
  }

  it('writes every record and image of the terminal to its folder, then deletes them all', async () => {
    const id = await terminalWithRecords('ARCH1');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/terminal/del/${id}`, headers: bearer(token) });
    expect(res.json().code).toBe(200);

    expect(Object.values(await orphanCounts(db)).every((n) => n === 0)).toBe(true);
    const [folder] = readdirSync(archiveDir).filter((f) => f.startsWith(`terminal-${id}-ARCH1-`));
    expect(folder).toBeDefined();
    const lines = gunzipSync(readFileSync(path.join(archiveDir, folder, 'records.jsonl.gz'))).toString().trim().split('\n').map((l) => JSON.parse(l));
    const tally = lines.reduce<Record<string, number>>((acc, l) => ({ ...acc, [l.table]: (acc[l.table] ?? 0) + 1 }), {});
    expect(tally).toEqual({ terminal: 1, heartbeat: 12, device_event: 1, terminal_log: 1, terminal_image: 1, alarm: 1 });
    expect(lines[0]).toMatchObject({ table: 'terminal', row: { terminal_id: id, sn: 'ARCH1' } });
    const voltages = lines.filter((l) => l.table === 'heartbeat').map((l) => Number(l.row.voltage_a));
    expect(voltages).toEqual([232, 231, 230, 229, 228, 227, 226, 225, 224, 223, 222, 221]);
    expect(readFileSync(path.join(archiveDir, folder, 'images', `${id}-pole.png`), 'utf8')).toBe('png bytes');
  });

  it('keeps the terminal and its records when the archive cannot be written', async () => {
    const id = await terminalWithRecords('ARCH2');
    rmSync(archiveDir, { recursive: true, force: true });
    writeFileSync(archiveDir, 'a file where the archive folder should be');
    try {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/terminal/del/${id}`, headers: bearer(token) });
      expect(res.json().code).not.toBe(200);
      expect(await count(db, 'terminal', id)).toBe(1);
      expect(await count(db, 'heartbeat', id)).toBe(12);
      expect(await count(db, 'terminal_image', id)).toBe(1);
    } finally {
      rmSync(archiveDir, { force: true });
    }
  });
});
