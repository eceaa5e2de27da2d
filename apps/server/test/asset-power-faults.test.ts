import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimTerminal } from '@sl/simulator';
import { alarms } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal, waitFor } from './support/gateway.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

/** A ticker the test drives: the simulated lamps follow their program only when told, at the injected time. */
class HandTicker {
  private readonly fns = new Set<(now: number) => void>();
  add(fn: (now: number) => void) { this.fns.add(fn); }
  delete(fn: (now: number) => void) { this.fns.delete(fn); }
  tick(now: number) { for (const fn of this.fns) fn(now); }
}

const MINUTE = 60_000;
/** A recent 15:00 UTC at least two hours ago: night at the lamps' place (Shanghai), so their program has them on at full level. */
function nightStart(): number {
  const d = new Date(Date.now() - 2 * 3_600_000);
  const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 15);
  return at <= d.getTime() ? at : at - 86_400_000;
}

// Lamp power judged by the gateway against the lamp's type (docs/assets.md, "Fault rules"), with real MQTT lamps from
// the simulator on an injected clock: half power raises lampPowerTooLow only after the debounce and clears on repair;
// a lamp going dark and back more often than the type allows in an hour is flagged cyclingFailure.
describeEachEngine('lamp power faults from the asset register', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let lampTypeId: number;
  const sims: SimTerminal[] = [];

  const alarmsOf = (terminalId: number, kind: string) =>
    t.database.db.select().from(alarms).where(and(eq(alarms.terminalId, terminalId), eq(alarms.kind, kind))).orderBy(alarms.alarmId);

  /** A registered single lamp on a pole, simulated with the clock `now()` and a ticker the test drives. */
  async function lampOnPole(poleNo: string, clock: { now: number }) {
    const row = await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2, lat: 31.2, lng: 121.5 });
    const added = await admin.post('/asset/lamp/add', { poleNo, lampTypeId, terminalId: row.terminalId });
    expect(added).toMatchObject({ code: 200, data: { poleNo, deptId: 2, ratedPowerW: 150 } });
    const ticker = new HandTicker();
    const sim = new SimTerminal(
      { family: 'rdcsm', sn: row.sn, secret: row.secret, model: 2, loops: 1, phases: 1, lat: 31.2, lng: 121.5, heartbeatS: 60 },
      { url: t.gateway!.url, clock: () => clock.now, ticker, periodicHeartbeat: false, faultRate: 0, tickMs: 1000 },
    );
    sims.push(sim);
    sim.start();
    await waitFor(() => sim.connected && sim.stats.acked >= 1, 10_000, 'the lamp signed on');
    /** One heartbeat at `at`, after the lamp followed its program; resolves once the gateway acknowledged it. */
    const beat = async (at: number) => {
      clock.now = at;
      ticker.tick(at);
      const acked = sim.stats.acked;
      sim.sendHeartbeat();
      await waitFor(() => sim.stats.acked > acked, 10_000, `heartbeat at ${new Date(at).toISOString()} acknowledged`);
    };
    return { terminalId: row.terminalId, sim, beat };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { withGateway: true });
    admin = caller(t, await t.login());
    const type = await admin.post('/asset/lamptype/add', {
      manufacturer: 'Test', model: `LED-150-${engine}`, ratedPowerW: 150, tolerancePct: 10, ratedLifeH: 100_000, debounceS: 120, cyclingPerHour: 3,
    });
    expect(type).toMatchObject({ code: 200 });
    lampTypeId = type.data.lampTypeId;
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t?.close();
  });

  it('a lamp at 50 % of its rated power raises lampPowerTooLow after the debounce, and it clears when the lamp is repaired', async () => {
    const t0 = nightStart();
    const clock = { now: t0 - MINUTE };
    const lamp = await lampOnPole(`P-HALF-${engine}`, clock);
    await lamp.beat(t0 - MINUTE); // healthy, in band
    lamp.sim.degrade({ mode: 'halfPower', startedAt: t0, failAfterDays: 0 });
    await lamp.beat(t0); // 75 W of 150 W: below the band from here
    await lamp.beat(t0 + MINUTE); // held 60 s of the 120 s debounce (its exact moment: power-watch.test.ts)
    expect(await alarmsOf(lamp.terminalId, 'lampPowerTooLow')).toEqual([]);
    await lamp.beat(t0 + 2 * MINUTE); // held 120 s: raised
    const [raised] = await waitFor(async () => (await alarmsOf(lamp.terminalId, 'lampPowerTooLow')).length && alarmsOf(lamp.terminalId, 'lampPowerTooLow'), 10_000, 'lampPowerTooLow raised');
    expect(raised).toMatchObject({ status: 1, clearedAt: null });
    expect(raised.value).toBeCloseTo(75, 0);
    expect(await alarmsOf(lamp.terminalId, 'absoluteLampPowerTooLow')).toEqual([]); // 75 W is well above the absolute floor

    await lamp.beat(t0 + 3 * MINUTE); // still low: the one alarm stands
    lamp.sim.degrade(null); // repaired
    await lamp.beat(t0 + 4 * MINUTE);
    await waitFor(async () => (await alarmsOf(lamp.terminalId, 'lampPowerTooLow'))[0].status === 6, 10_000, 'cleared when back in band');
    expect(await alarmsOf(lamp.terminalId, 'lampPowerTooLow')).toHaveLength(1);
  });

  it('a lamp going dark and back more than cyclingPerHour times in an hour is flagged cyclingFailure', async () => {
    const t0 = nightStart() + 30 * MINUTE;
    const clock = { now: t0 - MINUTE };
    const lamp = await lampOnPole(`P-CYCLE-${engine}`, clock);
    lamp.sim.degrade({ mode: 'cycling', startedAt: t0, failAfterDays: 30 });
    // Dark at odd minutes: lit → dark at t0+1, +3, +5 (three changes: allowed), +7 (the fourth: flagged).
    for (let i = 0; i <= 6; i++) await lamp.beat(t0 + i * MINUTE);
    expect(await alarmsOf(lamp.terminalId, 'cyclingFailure')).toEqual([]);
    await lamp.beat(t0 + 7 * MINUTE);
    const [flagged] = await waitFor(async () => (await alarmsOf(lamp.terminalId, 'cyclingFailure')).length && alarmsOf(lamp.terminalId, 'cyclingFailure'), 10_000, 'cyclingFailure raised');
    expect(flagged).toMatchObject({ status: 1, value: 4 });
    // A dark minute never lasts the 120 s debounce: no power alarm for the cycling lamp.
    expect(await alarmsOf(lamp.terminalId, 'lampPowerTooLow')).toEqual([]);
  });
});
