import { afterAll, beforeAll } from 'vitest';
import { SimTerminal } from '../terminal.js';
import type { TerminalConfig, TerminalOptions } from '../types.js';
import { startBroker, type TestBroker } from './broker.js';
import { FakeGateway } from './fake-gateway.js';

export const cabinet = (sn: string, over: Partial<TerminalConfig> = {}): TerminalConfig => ({
  family: 'rdc4m', sn, secret: 's3cret', model: 1, loops: 4, phases: 3, lat: 31.23, lng: 121.47, heartbeatS: 60, ...over,
});

export const lamp = (sn: string, over: Partial<TerminalConfig> = {}): TerminalConfig => ({
  family: 'rdcsm', sn, secret: 's3cret', model: 2, loops: 1, phases: 1, lat: 31.23, lng: 121.47, heartbeatS: 60, ...over,
});

/** A broker and a fake gateway for one test file; `terminal()` starts terminals stopped after all. */
export function useBroker() {
  const ctx = { broker: undefined as unknown as TestBroker, gw: new FakeGateway(), terminals: [] as SimTerminal[] };
  beforeAll(async () => {
    ctx.broker = await startBroker();
    await ctx.gw.connect(ctx.broker.url);
  });
  afterAll(async () => {
    await Promise.all(ctx.terminals.map((t) => t.stop()));
    await ctx.gw.close();
    await ctx.broker.close();
  });
  const terminal = (cfg: TerminalConfig, opts: Partial<TerminalOptions> = {}) => {
    const t = new SimTerminal(cfg, { url: ctx.broker.url, tickMs: 100, ackTimeoutMs: 500, ...opts });
    ctx.terminals.push(t);
    t.start();
    return t;
  };
  return { ctx, terminal };
}
