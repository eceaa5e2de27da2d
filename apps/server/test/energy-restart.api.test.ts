import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { ratedPowerW, type HeartStatisticsDay, type MapSummary } from '@sl/contracts';
import type { Fleet } from '@sl/simulator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { PasswordCipher } from '../src/auth/password-cipher.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { startDemoFleet } from '../src/demo/demo-fleet.js';
import { writeDemoHistory } from '../src/demo/demo-history.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { seedDemoEnterprises } from '../src/seed/seed-demo-enterprises.js';
import { seedDatabase } from '../src/seed/seed.js';
import { describeEachEngine } from './support/each-engine.js';
import { adminQuery, PG_ADMIN_URL } from './support/engines.js';
import { startTestGateway, waitFor } from './support/gateway.js';
import { pgliteTemplate, postgresTemplate } from './support/templates.js';
import { bearer, LENIENT_THROTTLE } from './support/test-app.js';
import { testConfig } from './support/test-config.js';

const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';

/** A seeded database that outlives its connection: a PGlite data folder, or a PostgreSQL database of its own. */
function durableDatabase(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-restart-'));
    let first = true;
    return {
      open: async () => {
        const db = await openDatabase({ pgliteDir: dir, pgliteTemplate: first ? pgliteTemplate('seeded') : undefined });
        first = false;
        return db;
      },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `sl_restart_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = postgresTemplate('seeded');
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let created = false;
  return {
    open: async () => {
      if (!created) await adminQuery(PG_ADMIN_URL, `create database ${name}${template ? ` template ${template}` : ''}`);
      created = true;
      return openDatabase({ databaseUrl: url.toString() });
    },
    dispose: async () => adminQuery(PG_ADMIN_URL, `drop database if exists ${name} with (force)`),
  };
}

/** The server as main.ts starts it in demo mode: database, gateway, app and the demo fleet. */
async function startServer(store: ReturnType<typeof durableDatabase>, config: Config) {
  const database: Database = await store.open();
  await seedDatabase(database.db, config);
  await seedDemoEnterprises(database.db);
  const gateway = await startTestGateway(database.db);
  const app = await buildApp({ config, database, gateway, throttle: LENIENT_THROTTLE });
  const fleet: Fleet = await startDemoFleet(database.db, config, gateway.deviceUrl);
  return {
    database, app,
    stop: async () => {
      await fleet.stop();
      await app.close();
      await gateway.close();
      await database.close();
    },
  };
}

/** How many demo terminals have a live (not written-as-history) reading received since `since`. */
const reportingSince = async (database: Database, since: Date) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`
    select count(distinct h.terminal_id)::int as n from heartbeat h join terminal t using (terminal_id)
    where t.sn like 'DEMO-%' and h.mid not like 'hist-%' and h.received_at >= ${since}`))[0].n);

describeEachEngine('energy across a restart of the demo', (engine) => {
  const store = durableDatabase(engine);
  afterAll(() => store.dispose());

  it("after the demo restarts on the same database, no department's or terminal's day is negative or above its rated power × 24 h", async () => {
    const config = testConfig({ DEMO: 'true', DEMO_FAULT_RATE: '0', DEMO_HISTORY_DAYS: '1', ROLLUP_TIME_ZONE: TZ });
    // First start: the fleet reports, the past day is written behind its first readings.
    const started = new Date();
    let server = await startServer(store, config);
    await waitFor(async () => (await reportingSince(server.database, started)) === 30, 30_000, 'a heartbeat from every demo terminal');
    expect(await writeDemoHistory({ db: server.database.db, alarms: server.app.services.core.alarms, config, now: new Date() })).toMatchObject({ written: true, terminals: 30 });
    await server.stop();

    // Second start on the same database: every simulated terminal starts again and reports.
    const restarted = new Date();
    server = await startServer(store, config);
    try {
      await waitFor(async () => (await reportingSince(server.database, restarted)) === 30, 30_000, 'a heartbeat from every demo terminal after the restart');
      const now = new Date();
      await new RollupRepository(server.database.db, TZ).rollUp(new Date(now.getTime() - 2 * DAY), now);

      const terminals = rowsOf<{ id: number; sn: string; dept: number; model: number; loops: number; rated: number | null }>(await server.database.db.execute(sql`
        select terminal_id as id, sn, dept_id as dept, model, loops, rated_power_w as rated from terminal where sn like 'DEMO-%'`));
      expect(terminals).toHaveLength(30);
      const ceilingKwh = (ts: typeof terminals) => ts.reduce((s, t) => s + (ratedPowerW({ model: t.model, loops: t.loops, ratedPowerW: t.rated }) * 24) / 1000, 0);
      const within = (kwh: number, ceiling: number, what: string) => {
        expect(kwh, what).toBeGreaterThanOrEqual(0);
        expect(kwh, what).toBeLessThanOrEqual(ceiling);
      };

      const token = await signIn(server.app, config);
      const api = { get: async (url: string) => (await server.app.inject({ url: `/api/v1${url}`, headers: bearer(token) })).json() };
      // Each terminal's days: from the daily rollups (over two days in their zone) and from the raw readings (UTC).
      const from = new Date(now.getTime() - 3 * DAY).toISOString();
      let days = 0;
      for (const t of terminals) {
        for (const tz of [TZ, 'UTC']) {
          const res = await api.get(`/heart/data/statistics?terminalId=${t.id}&from=${from}&to=${now.toISOString()}&tz=${tz}`);
          expect(res.code).toBe(200);
          for (const d of res.data as HeartStatisticsDay[]) within(d.energyKwh, ceilingKwh([t]), `${t.sn} on ${d.day} (${tz})`);
          days += res.data.length;
        }
      }
      expect(days).toBeGreaterThanOrEqual(30 * 2 * 2);
      // Each department's days in the rollups, and its energy today on the map, in both zones.
      const deptDays = rowsOf<{ dept: number; day: string; kwh: number }>(await server.database.db.execute(sql`
        select dept_id as dept, to_char(day, 'YYYY-MM-DD') as day, sum(energy_kwh)::float8 as kwh from heartbeat_rollup_dept group by 1, 2`));
      expect(deptDays.length).toBeGreaterThan(0);
      const ofDept = (dept: number) => terminals.filter((t) => t.dept === dept);
      for (const d of deptDays) within(d.kwh, ceilingKwh(ofDept(d.dept)), `department ${d.dept} on ${d.day}`);
      for (const tz of [TZ, 'UTC']) {
        const summary = (await api.get(`/map/summary?tz=${tz}`)).data as MapSummary;
        expect(summary.energyByDept.length).toBeGreaterThan(0);
        for (const d of summary.energyByDept) within(d.energyKwh, ceilingKwh(ofDept(d.deptId)), `department ${d.deptId} today (${tz})`);
      }
    } finally {
      await server.stop();
    }
  }, 240_000);
});

async function signIn(app: FastifyInstance, config: Config): Promise<string> {
  const password = new PasswordCipher(config.PASSWORD_KEY).encrypt('123456');
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password, code: '', uuid: '' } });
  return res.json().data.token as string;
}
