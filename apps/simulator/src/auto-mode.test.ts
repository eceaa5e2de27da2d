import { describe, expect, it } from 'vitest';
import { cabinet, lamp, useBroker } from './test-support/setup.js';
import type { UpMessage } from './test-support/fake-gateway.js';

const { ctx, terminal } = useBroker();
const winterEvening = Date.parse('2025-12-21T20:00:00+08:00');
const summerEvening = Date.parse('2025-06-21T18:30:00+08:00');
const heartbeat = (sn: string) => (m: UpMessage) => m.sn === sn && m.kind === 'heartbeat';

async function beat(sn: string, family: 'rdc4m' | 'rdcsm') {
  const hb = ctx.gw.next(heartbeat(sn));
  await ctx.gw.command(family, sn, 'heartbeat.request');
  return (await hb).body;
}

describe('auto mode follows the program at the terminal clock', () => {
  it('is lit after sunset in winter and dark at 18:30 in summer by default', async () => {
    terminal(cabinet('AUT0001'), { clock: () => winterEvening });
    terminal(cabinet('AUT0002'), { clock: () => summerEvening });
    const winter = (await ctx.gw.next(heartbeat('AUT0001'), 5000, true)).body;
    const summer = (await ctx.gw.next(heartbeat('AUT0002'), 5000, true)).body;
    expect(winter.loops.every((l: { on: boolean }) => l.on)).toBe(true);
    expect(summer.loops.some((l: { on: boolean }) => l.on)).toBe(false);
    expect(winter.mode).toBe('auto');
  });

  it('runs a bound program, local controls, manual override and recovery', async () => {
    terminal(lamp('AUT0003'), { clock: () => winterEvening });
    await ctx.gw.next(heartbeat('AUT0003'), 5000, true);
    const program = [{ at: '18:00', action: 'on', level: 30 }, { at: '06:00', action: 'off' }];
    expect((await ctx.gw.command('rdcsm', 'AUT0003', 'plan.bind', { planId: 'p1', program })).ok).toBe(true);
    expect(await beat('AUT0003', 'rdcsm')).toMatchObject({ on: true, dim: 30 });

    const step = { at: '19:30', action: 'dim', level: 80 };
    await ctx.gw.command('rdcsm', 'AUT0003', 'localControl.add', { id: 'lc1', step });
    expect((await beat('AUT0003', 'rdcsm')).dim).toBe(80);
    const list = await ctx.gw.command('rdcsm', 'AUT0003', 'localControl.list');
    expect(list.data).toEqual({ items: [{ id: 'lc1', step, enabled: true }] });
    await ctx.gw.command('rdcsm', 'AUT0003', 'localControl.status', { id: 'lc1', enabled: false });
    expect((await beat('AUT0003', 'rdcsm')).dim).toBe(30);

    await ctx.gw.command('rdcsm', 'AUT0003', 'light.close');
    expect((await beat('AUT0003', 'rdcsm')).on).toBe(false);
    await ctx.gw.command('rdcsm', 'AUT0003', 'manauto.recover');
    expect(await beat('AUT0003', 'rdcsm')).toMatchObject({ on: true, dim: 30 });

    await ctx.gw.command('rdcsm', 'AUT0003', 'init');
    const q = await ctx.gw.command('rdcsm', 'AUT0003', 'localControl.list');
    expect(q.data.items).toEqual([]);
    expect(await beat('AUT0003', 'rdcsm')).toMatchObject({ on: true, dim: 100 });
  });
});
