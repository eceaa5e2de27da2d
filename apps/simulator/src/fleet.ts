import type { FaultName } from './faults.js';
import { terminalConfigs, type FleetSpec } from './fleet-spec.js';
import { RatePump } from './rate-pump.js';
import { SimTerminal } from './terminal.js';
import { emptyStats, type TerminalConfig, type TerminalOptions, type TerminalStats } from './types.js';

export interface FleetOptions extends TerminalOptions {
  /** New connections per second while starting (default 500). */
  connectRate?: number;
  /** Full-speed mode: heartbeats per second across the fleet, ignoring heartbeatS. */
  rate?: number;
  /** Milliseconds that pace full-speed mode (default performance.now); tests step it by hand. */
  rateClock?: () => number;
}

export interface FleetStats extends TerminalStats {
  terminals: number;
  connected: number;
  inFlight: number;
}

/** Many simulated terminals in one process, sharing one timer. */
export class Fleet {
  readonly terminals: SimTerminal[];
  private readonly bySn = new Map<string, SimTerminal>();
  private readonly pump?: RatePump;
  private starting?: NodeJS.Timeout;

  /** From a spec, or from explicit terminal configs (the server's demo fleet uses the terminals it registered). */
  constructor(spec: FleetSpec | TerminalConfig[], private readonly opts: FleetOptions) {
    const topts = opts.rate ? { ...opts, periodicHeartbeat: false } : opts;
    this.terminals = (Array.isArray(spec) ? spec : terminalConfigs(spec)).map((c) => new SimTerminal(c, topts));
    for (const t of this.terminals) this.bySn.set(t.sn, t);
    if (opts.rate) this.pump = new RatePump(() => this.terminals, opts.rate, opts.rateClock);
  }

  terminal(sn: string): SimTerminal | undefined {
    return this.bySn.get(sn);
  }

  /** Starts every terminal, staggered by connectRate; resolves once all have been started. */
  start(): Promise<void> {
    const rate = this.opts.connectRate ?? 500;
    const t0 = performance.now();
    let i = 0;
    return new Promise((resolve) => {
      const batch = () => {
        const due = Math.min(this.terminals.length, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
        for (; i < due; i++) this.terminals[i].start();
        if (i < this.terminals.length) return void (this.starting = setTimeout(batch, 10));
        this.pump?.start();
        resolve();
      };
      batch();
    });
  }

  /** Resolves when `count` terminals (default all) are connected, or rejects after timeoutMs. */
  async waitConnected(count = this.terminals.length, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.connectedCount() < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.connectedCount()} of ${count} terminals connected`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop() {
    clearTimeout(this.starting);
    this.pump?.stop();
    await Promise.all(this.terminals.map((t) => t.stop()));
  }

  injectFault(sn: string, fault: FaultName) {
    return this.require(sn).injectFault(fault);
  }

  clearFault(sn: string, fault: FaultName) {
    return this.require(sn).clearFault(fault);
  }

  connectedCount() {
    return this.terminals.reduce((n, t) => n + (t.connected ? 1 : 0), 0);
  }

  stats(): FleetStats {
    const sum: FleetStats = { ...emptyStats(), terminals: this.terminals.length, connected: 0, inFlight: 0 };
    for (const t of this.terminals) {
      for (const k of Object.keys(t.stats) as (keyof TerminalStats)[]) {
        sum[k] = k === 'ackLatencyMaxMs' ? Math.max(sum[k], t.stats[k]) : sum[k] + t.stats[k];
      }
      if (t.connected) sum.connected++;
      sum.inFlight += t.inFlight;
    }
    return sum;
  }

  private require(sn: string) {
    const t = this.bySn.get(sn);
    if (!t) throw new Error(`no terminal ${sn} in this fleet`);
    return t;
  }
}
