import { describe, expect, it } from 'vitest';
import { eventMessage } from '@sl/contracts';
import { cabinet, lamp, useBroker } from './test-support/setup.js';
import type { UpMessage } from './test-support/fake-gateway.js';
import { until } from './test-support/wait.js';

const { ctx, terminal } = useBroker();
const event = (sn: string, name: string, state: 'raised' | 'cleared') => (m: UpMessage) =>
  m.sn === sn && m.kind === 'event' && m.body.event === name && m.body.state === state;
const heartbeat = (sn: string) => (m: UpMessage) => m.sn === sn && m.kind === 'heartbeat';

async function started<T extends { sn: string }>(t: T): Promise<T> {
  await ctx.gw.next(heartbeat(t.sn), 5000, true);
  return t;
}

describe('faults', () => {
  it('leakage raises an event, shows in the heartbeat, and clears', async () => {
    const t = await started(terminal(cabinet('FLT0001')));
    const raised = ctx.gw.next(event('FLT0001', 'leakage', 'raised'));
    expect(t.injectFault('leakage')).toBe(true);
    expect(eventMessage.parse((await raised).body).value).toBeGreaterThan(30);
    const hb = ctx.gw.next(heartbeat('FLT0001'));
    t.sendHeartbeat();
    expect((await hb).body.leakageMa).toBeGreaterThan(30);
    const cleared = ctx.gw.next(event('FLT0001', 'leakage', 'cleared'));
    t.clearFault('leakage');
    expect(eventMessage.parse((await cleared).body).state).toBe('cleared');
  });

  it('door open, supply over-voltage per phase and per-loop over-current on rdcsm', async () => {
    const t = await started(terminal(cabinet('FLT0002', { family: 'rdcsm', loops: 8 })));
    const door = ctx.gw.next(event('FLT0002', 'doorOpen', 'raised'));
    t.injectFault('doorOpen');
    await door;
    const high = ctx.gw.next((m) => event('FLT0002', 'voltageHigh', 'raised')(m) && m.body.phase === 'c');
    t.injectFault('voltageHigh');
    expect((await high).body.value).toBeGreaterThan(250);
    const over = ctx.gw.next(event('FLT0002', 'overCurrent', 'raised'));
    t.injectFault('overCurrent');
    expect((await over).body).toMatchObject({ loop: 1 });
    const hb = ctx.gw.next(heartbeat('FLT0002'));
    t.sendHeartbeat();
    expect((await hb).body).toMatchObject({ door: 'open', voltage: { a: expect.any(Number) } });
    const cleared = ctx.gw.next(event('FLT0002', 'doorOpen', 'cleared'));
    t.clearFault('doorOpen');
    await cleared;
  });

  it('lamp failure drops the current and is reported', async () => {
    const t = await started(terminal(lamp('FLT0003')));
    await ctx.gw.command('rdcsm', 'FLT0003', 'light.open');
    const raised = ctx.gw.next(event('FLT0003', 'lampFailure', 'raised'));
    t.injectFault('lampFailure');
    await raised;
    const hb = ctx.gw.next(heartbeat('FLT0003'));
    t.sendHeartbeat();
    // The heartbeat after the fault, not an earlier one: before it the lamp may have burned (at night, in auto mode).
    const body = (await hb).body;
    expect(body).toMatchObject({ on: true, lampFailure: true, power: 0 });
    expect(body.current).toBeLessThan(0.05);
    expect(t.injectFault('doorOpen')).toBe(false);
  });

  it('a silent terminal stays connected but sends nothing; offline disconnects and says hello again', async () => {
    const t = await started(terminal(lamp('FLT0004')));
    t.injectFault('silent');
    const count = () => ctx.gw.received.filter((m) => m.sn === 'FLT0004').length;
    const [before, sent, commands] = [count(), t.stats.sent, t.stats.commands];
    t.sendHeartbeat();
    const unanswered = expect(ctx.gw.command('rdcsm', 'FLT0004', 'heartbeat.request', {}, { timeoutMs: 500 })).rejects.toThrow(/no matching message/);
    await until(() => t.stats.commands === commands + 1, 'the heartbeat request to be handled');
    expect(t.stats.sent).toBe(sent);
    await unanswered;
    expect(count()).toBe(before);
    expect(t.connected).toBe(true);
    t.clearFault('silent');
    t.injectFault('offline');
    expect(t.connected).toBe(false);
    const hello = ctx.gw.next((m) => m.sn === 'FLT0004' && m.kind === 'hello');
    t.clearFault('offline');
    await hello;
  });
});
