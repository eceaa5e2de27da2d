import { heartbeatMessage } from '@sl/contracts';
import { describe, expect, it } from 'vitest';
import { cabinet, lamp, useBroker } from './test-support/setup.js';
import type { UpMessage } from './test-support/fake-gateway.js';

const { ctx, terminal } = useBroker();
const evening = Date.parse('2025-12-21T20:00:00+08:00');
const program = [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }];

/** A heartbeat asked for now, checked against the protocol's schema. */
async function beat(family: 'rdc4m' | 'rdcsm', sn: string) {
  const hb = ctx.gw.next((m: UpMessage) => m.sn === sn && m.kind === 'heartbeat');
  await ctx.gw.command(family, sn, 'heartbeat.request');
  const body = (await hb).body;
  expect(heartbeatMessage.safeParse(body).success).toBe(true);
  return body as { programFingerprint?: string | null };
}

describe('the terminal reports the fingerprint of its bound program (protocol §5)', () => {
  for (const [family, cfg] of [['rdcsm', lamp('FPR0001')], ['rdc4m', cabinet('FPR0002')]] as const) {
    it(`${family}: reports none, then what it was bound with, and none again after plan.clear and after init`, async () => {
      terminal(cfg, { clock: () => evening });
      await ctx.gw.next((m: UpMessage) => m.sn === cfg.sn && m.kind === 'heartbeat', 5000, true);
      expect((await beat(family, cfg.sn)).programFingerprint).toBeNull();

      expect((await ctx.gw.command(family, cfg.sn, 'plan.bind', { planId: 'plan-1', program, fingerprint: 'a1b2c3d4e5f60718' })).ok).toBe(true);
      expect((await beat(family, cfg.sn)).programFingerprint).toBe('a1b2c3d4e5f60718');

      await ctx.gw.command(family, cfg.sn, 'plan.clear');
      expect((await beat(family, cfg.sn)).programFingerprint).toBeNull();

      await ctx.gw.command(family, cfg.sn, 'plan.bind', { planId: 'plan-1', program, fingerprint: 'ffff000011112222' });
      expect((await beat(family, cfg.sn)).programFingerprint).toBe('ffff000011112222');
      // A factory reset forgets the program, and the heartbeat says so.
      expect((await ctx.gw.command(family, cfg.sn, 'init')).ok).toBe(true);
      expect((await beat(family, cfg.sn)).programFingerprint).toBeNull();
    });
  }

  it('refuses a fingerprint the protocol does not allow', async () => {
    terminal(lamp('FPR0003'), { clock: () => evening });
    await ctx.gw.next((m: UpMessage) => m.sn === 'FPR0003' && m.kind === 'heartbeat', 5000, true);
    const reply = await ctx.gw.command('rdcsm', 'FPR0003', 'plan.bind', { planId: 'plan-1', program, fingerprint: 'has space' });
    expect(reply).toMatchObject({ ok: false, code: 2 });
    expect((await beat('rdcsm', 'FPR0003')).programFingerprint).toBeNull();
  });
});
