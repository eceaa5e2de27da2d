import { describe, expect, it } from 'vitest';
import { lamp, useBroker } from './test-support/setup.js';
import type { UpMessage } from './test-support/fake-gateway.js';
import { ManualTicker } from './test-support/manual-ticker.js';

const { ctx, terminal } = useBroker();
const afternoon = Date.parse('2025-12-21T14:00:00+08:00');
const heartbeat = (sn: string) => (m: UpMessage) => m.sn === sn && m.kind === 'heartbeat';

async function beat(sn: string) {
  const hb = ctx.gw.next(heartbeat(sn));
  await ctx.gw.command('rdcsm', sn, 'heartbeat.request');
  return (await hb).body;
}

describe('emergency overrides', () => {
  it('rule over the program until they expire, newest (highest seq) first, then the program returns by itself', async () => {
    let now = afternoon;
    const ticker = new ManualTicker();
    terminal(lamp('OVR0001'), { clock: () => now, ticker });
    await ctx.gw.next(heartbeat('OVR0001'), 5000, true);
    expect((await beat('OVR0001')).on).toBe(false);

    const on = { id: 'e1', seq: 1, action: 'on', level: 100, startsAt: now, expiresAt: now + 120_000 };
    expect((await ctx.gw.command('rdcsm', 'OVR0001', 'override.set', on)).ok).toBe(true);
    expect(await beat('OVR0001')).toMatchObject({ on: true, dim: 100 });

    const dim = { id: 'e2', seq: 2, action: 'dim', level: 40, startsAt: now, expiresAt: now + 60_000 };
    await ctx.gw.command('rdcsm', 'OVR0001', 'override.set', dim);
    expect(await beat('OVR0001')).toMatchObject({ on: true, dim: 40 });

    now += 61_000; // e2 expired, e1 still active
    await ctx.gw.command('rdcsm', 'OVR0001', 'clock.query');
    ticker.tick();
    expect(await beat('OVR0001')).toMatchObject({ on: true, dim: 100 });

    now += 60_000; // e1 expired: back to the program (dark in the afternoon)
    ticker.tick();
    expect((await beat('OVR0001')).on).toBe(false);
  });

  it('refuses an override that ends before it starts, and clears on request', async () => {
    const now = afternoon;
    terminal(lamp('OVR0002'), { clock: () => now });
    await ctx.gw.next(heartbeat('OVR0002'), 5000, true);
    const bad = await ctx.gw.command('rdcsm', 'OVR0002', 'override.set', { id: 'x', seq: 1, action: 'on', startsAt: now, expiresAt: now });
    expect(bad).toMatchObject({ ok: false, code: 2 });
    await ctx.gw.command('rdcsm', 'OVR0002', 'override.set', { id: 'x', seq: 1, action: 'on', startsAt: now, expiresAt: now + 600_000 });
    expect((await beat('OVR0002')).on).toBe(true);
    await ctx.gw.command('rdcsm', 'OVR0002', 'override.clear', {});
    expect((await beat('OVR0002')).on).toBe(false);
  });

  it('runs steps at civil dusk', async () => {
    const evening = Date.parse('2025-12-21T17:40:00+08:00'); // Shanghai: sunset ~17:00, civil dusk ~17:27
    terminal(lamp('OVR0003'), { clock: () => evening });
    await ctx.gw.next(heartbeat('OVR0003'), 5000, true);
    await ctx.gw.command('rdcsm', 'OVR0003', 'plan.bind', { planId: 'p', program: [{ at: 'dusk', action: 'on', level: 60 }, { at: 'dawn', action: 'off' }] });
    expect(await beat('OVR0003')).toMatchObject({ on: true, dim: 60 });
  });
});
