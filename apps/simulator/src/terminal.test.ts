import { describe, expect, it } from 'vitest';
import { heartbeatMessage, helloMessage, replyMessage } from '@sl/contracts';
import { ManualTicker } from './test-support/manual-ticker.js';
import { cabinet, lamp, useBroker } from './test-support/setup.js';
import { until } from './test-support/wait.js';

const { ctx, terminal } = useBroker();
const from = (sn: string, kind: string) => (m: { sn: string; kind: string }) => m.sn === sn && m.kind === kind;

describe('SimTerminal connection and up messages', () => {
  it('says hello and sends heartbeats that parse with the contract schemas', async () => {
    terminal(cabinet('CAB0001'));
    terminal(lamp('LMP0001'));
    for (const sn of ['CAB0001', 'LMP0001']) {
      const hello = await ctx.gw.next(from(sn, 'hello'), 5000, true);
      expect(helloMessage.parse(hello.body)).toMatchObject({ model: sn === 'CAB0001' ? 1 : 2, heartbeatS: 60 });
      const hb = await ctx.gw.next(from(sn, 'heartbeat'), 5000, true);
      expect(heartbeatMessage.safeParse(hb.body).error).toBeUndefined();
    }
    const hb = (await ctx.gw.next(from('CAB0001', 'heartbeat'), 5000, true)).body;
    expect(hb.voltage.a).toBeGreaterThan(215);
    expect(hb.loops).toHaveLength(4);
  });

  it('resends an unacknowledged message with the same mid, and stops once acked', async () => {
    ctx.gw.autoAck = false;
    const ticker = new ManualTicker();
    const t = terminal(cabinet('CAB0002'), { ticker });
    const first = await ctx.gw.next(from('CAB0002', 'hello'));
    expect(t.inFlight).toBe(2); // hello and heartbeat, both unacked
    const [resentHello, resentHeartbeat] = [ctx.gw.next(from('CAB0002', 'hello')), ctx.gw.next(from('CAB0002', 'heartbeat'))];
    ticker.tick(Date.now() + 500); // the ack timeout has passed
    const [again] = await Promise.all([resentHello, resentHeartbeat]);
    expect(again.body.mid).toBe(first.body.mid);
    expect(t.stats.resent).toBe(2);
    ctx.gw.autoAck = true;
    ctx.gw.ack(again);
    await until(() => t.inFlight === 1, 'the hello to be acked');
    const heartbeatAgain = ctx.gw.next(from('CAB0002', 'heartbeat'));
    ticker.tick(Date.now() + 1000);
    await heartbeatAgain;
    await until(() => t.inFlight === 0, 'the resent heartbeat to be acked');
    expect(t.stats.acked).toBe(2);
    // Long after every timeout, nothing is left to resend or drop.
    const { sent, dropped } = t.stats;
    ticker.tick(Date.now() + 10_000);
    expect(t.stats).toMatchObject({ sent, dropped, resent: 3 });
    const hellos = ctx.gw.received.filter(from('CAB0002', 'hello'));
    const lastAt = ctx.gw.received.lastIndexOf(hellos.at(-1)!);
    expect(ctx.gw.received.slice(lastAt + 1).some(from('CAB0002', 'hello'))).toBe(false);
  });
});

describe('commands', () => {
  it('light.open switches the loops on and the next heartbeat shows it', async () => {
    const t = terminal(cabinet('CAB0003'));
    await ctx.gw.next(from('CAB0003', 'heartbeat'), 5000, true);
    // From dark, whatever the hour: at night the cabinet's auto mode has every loop on.
    await ctx.gw.command('rdc4m', 'CAB0003', 'light.close');
    const reply = await ctx.gw.command('rdc4m', 'CAB0003', 'light.open', { loops: [1, 3] });
    expect(replyMessage.parse(reply)).toMatchObject({ ok: true, code: 0 });
    const next = ctx.gw.next(from('CAB0003', 'heartbeat'));
    await ctx.gw.command('rdc4m', 'CAB0003', 'heartbeat.request');
    const hb = (await next).body;
    expect(hb.loops.filter((l: { on: boolean }) => l.on).map((l: { no: number }) => l.no)).toEqual([1, 3]);
    expect(hb.mode).toBe('manual');
    expect(hb.current.a).toBeGreaterThan(5);
    expect(t.stats.commands).toBe(3);
  });

  it('answers an unknown command with code 1 and bad parameters with code 2', async () => {
    terminal(cabinet('CAB0004'));
    await ctx.gw.next(from('CAB0004', 'hello'), 5000, true);
    expect(await ctx.gw.command('rdc4m', 'CAB0004', 'light.explode')).toMatchObject({ ok: false, code: 1 });
    expect(await ctx.gw.command('rdc4m', 'CAB0004', 'light.dim', { level: 150 })).toMatchObject({ ok: false, code: 2 });
    expect(await ctx.gw.command('rdc4m', 'CAB0004', 'relay.set', { loop: 9, on: true })).toMatchObject({ ok: false, code: 2 });
    expect(await ctx.gw.command('rdc4m', 'CAB0004', 'heartbeat.set', { intervalS: 5 })).toMatchObject({ code: 2 });
  });

  it('clock.query returns the time and clock.set moves it', async () => {
    let hw = Date.now();
    terminal(lamp('LMP0002'), { clock: () => hw });
    await ctx.gw.next(from('LMP0002', 'hello'), 5000, true);
    const q = await ctx.gw.command('rdcsm', 'LMP0002', 'clock.query');
    expect(q.data.time).toBe(hw);
    const target = hw - 3_600_000;
    expect((await ctx.gw.command('rdcsm', 'LMP0002', 'clock.set', { time: target })).ok).toBe(true);
    expect((await ctx.gw.command('rdcsm', 'LMP0002', 'clock.query')).data.time).toBe(target);
    hw += 1500; // the set clock keeps running with the hardware clock
    expect((await ctx.gw.command('rdcsm', 'LMP0002', 'clock.query')).data.time).toBe(target + 1500);
  });

  it('sets and queries parameters and thresholds, and ignores expired commands', async () => {
    const t = terminal(cabinet('CAB0005'));
    await ctx.gw.next(from('CAB0005', 'hello'), 5000, true);
    await ctx.gw.command('rdc4m', 'CAB0005', 'param.set', { heartbeatS: 120, site: 'north gate' });
    await ctx.gw.command('rdc4m', 'CAB0005', 'leakage.set', { thresholdMa: 50 });
    const q = await ctx.gw.command('rdc4m', 'CAB0005', 'param.query', { names: ['heartbeatS', 'site', 'leakageMa'] });
    expect(q.data).toEqual({ heartbeatS: 120, site: 'north gate', leakageMa: 50 });
    const replies = () => ctx.gw.received.filter(from('CAB0005', 'reply')).length;
    const [repliesBefore, commandsBefore] = [replies(), t.stats.commands];
    const expired = expect(ctx.gw.command('rdc4m', 'CAB0005', 'light.open', {}, { expiresAt: Date.now() - 1000, timeoutMs: 800 }))
      .rejects.toThrow(/no matching message/);
    // Commands are handled in order, so once the next one is answered the expired one has been passed over.
    await ctx.gw.command('rdc4m', 'CAB0005', 'param.query', { names: ['heartbeatS'] });
    expect(replies()).toBe(repliesBefore + 1);
    expect(t.stats.commands).toBe(commandsBefore + 1);
    await expired;
  });
});
