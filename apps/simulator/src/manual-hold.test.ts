import { describe, expect, it } from 'vitest';
import { cabinet, lamp, useBroker } from './test-support/setup.js';
import type { UpMessage } from './test-support/fake-gateway.js';
import { ManualTicker } from './test-support/manual-ticker.js';

const { ctx, terminal } = useBroker();
/** Shanghai, 14:00 local on the winter solstice: the default program (sunset on, sunrise off) is dark. */
const afternoon = Date.parse('2025-12-21T14:00:00+08:00');
const MIN = 60_000;
const heartbeat = (sn: string) => (m: UpMessage) => m.sn === sn && m.kind === 'heartbeat';

/** A lamp on a hand-driven ticker and clock; `at(t)` moves its clock and ticks once. */
async function start(sn: string, model: 'lamp' | 'cabinet' = 'lamp') {
  const clock = { now: afternoon };
  const ticker = new ManualTicker();
  terminal(model === 'lamp' ? lamp(sn) : cabinet(sn), { clock: () => clock.now, ticker });
  await ctx.gw.next(heartbeat(sn), 5000, true);
  const family = model === 'lamp' ? 'rdcsm' : 'rdc4m';
  return {
    family,
    at(t: number) {
      clock.now = t;
      ticker.tick();
    },
    command: (cmd: string, params: unknown = {}) => ctx.gw.command(family, sn, cmd, params),
    async beat() {
      const hb = ctx.gw.next(heartbeat(sn));
      await ctx.gw.command(family, sn, 'heartbeat.request');
      return (await hb).body;
    },
  };
}

describe('manual switching from the central system', () => {
  it('holds until `until`, reports it, and returns to the program at that moment by itself', async () => {
    const t = await start('HLD0001');
    const until = afternoon + 120 * MIN + 30_000;
    expect(await t.command('light.open', { until })).toMatchObject({ ok: true, data: { until } });
    expect(await t.beat()).toMatchObject({ on: true, mode: 'manual', manualUntil: until });
    t.at(until - 1000);
    expect(await t.beat()).toMatchObject({ on: true, mode: 'manual' });
    // Half a minute into a minute: the hold ends at its own time, not at the next minute's program check.
    t.at(until);
    const back = await t.beat();
    expect(back).toMatchObject({ on: false, mode: 'auto' });
    expect(back.manualUntil).toBeUndefined();
  });

  it('holds until the program\'s next step (sunset here), then the program rules', async () => {
    const t = await start('HLD0002');
    const reply = await t.command('light.dim', { level: 40, until: 'nextStep' });
    expect(reply.ok).toBe(true);
    // Shanghai's sunset on the winter solstice is about 16:55 local.
    const sunset = reply.data.until as number;
    expect(sunset).toBeGreaterThan(Date.parse('2025-12-21T16:45:00+08:00'));
    expect(sunset).toBeLessThan(Date.parse('2025-12-21T17:05:00+08:00'));
    t.at(afternoon + MIN);
    expect(await t.beat()).toMatchObject({ mode: 'manual', manualUntil: sunset });
    t.at(sunset);
    expect(await t.beat()).toMatchObject({ on: true, dim: 100, mode: 'auto' });
  });

  it('refuses an `until` that has passed, and a next step the program does not have', async () => {
    const t = await start('HLD0003');
    expect(await t.command('light.open', { until: afternoon - 1 })).toMatchObject({ ok: false, code: 2 });
    expect(await t.command('light.open', { until: 'soon' })).toMatchObject({ ok: false, code: 2 });
  });

  it('yields to an emergency override, and holds again after it if it has not ended', async () => {
    const t = await start('HLD0004');
    await t.command('light.open', { until: afternoon + 120 * MIN });
    const off = { id: 'e1', seq: 1, action: 'off', startsAt: afternoon, expiresAt: afternoon + 10 * MIN };
    expect(await t.command('override.set', off)).toMatchObject({ ok: true });
    expect(await t.beat()).toMatchObject({ on: false, mode: 'manual' });
    // A console switch while the override rules is refused as outranked, and changes nothing.
    expect(await t.command('light.close', { until: afternoon + 60 * MIN })).toMatchObject({ ok: false, code: 5 });
    t.at(afternoon + 10 * MIN);
    expect(await t.beat()).toMatchObject({ on: true, mode: 'manual', manualUntil: afternoon + 120 * MIN });
  });

  it('a switch on site (no `until`) outranks overrides: an override is kept but answered as outranked', async () => {
    const t = await start('HLD0005');
    await t.command('manauto.set', { mode: 'manual' });
    const on = { id: 'e2', seq: 2, action: 'on', level: 100, startsAt: afternoon, expiresAt: afternoon + 30 * MIN };
    expect(await t.command('override.set', on)).toMatchObject({ ok: false, code: 5 });
    expect(await t.beat()).toMatchObject({ on: false, mode: 'manual' });
    await t.command('manauto.recover');
    expect(await t.beat()).toMatchObject({ on: true, mode: 'auto' });
  });

  it('a cabinet reports the hold and each loop\'s current', async () => {
    const t = await start('HLD0006', 'cabinet');
    await t.command('relay.set', { loop: 2, on: true, until: afternoon + 30 * MIN });
    const hb = await t.beat();
    expect(hb).toMatchObject({ mode: 'manual', manualUntil: afternoon + 30 * MIN });
    expect(hb.loops.map((l: { on: boolean }) => l.on)).toEqual([false, true, false, false]);
    expect(hb.loops[1].current).toBeGreaterThan(1);
    expect(hb.loops[0].current).toBe(0);
  });
});

describe('override boundaries', () => {
  it('are acted on at startsAt and expiresAt, not at the next minute', async () => {
    const t = await start('HLD0007');
    const startsAt = afternoon + 20_000;
    const expiresAt = afternoon + 40_000;
    await t.command('override.set', { id: 'e3', seq: 3, action: 'on', level: 70, startsAt, expiresAt });
    expect((await t.beat()).on).toBe(false);
    t.at(startsAt);
    expect(await t.beat()).toMatchObject({ on: true, dim: 70 });
    t.at(expiresAt);
    expect((await t.beat()).on).toBe(false);
  });
});
