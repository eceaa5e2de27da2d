import { Device } from './device.js';
import { RandomFaults, faultsFor, type FaultName } from './faults.js';
import type { Degradation } from './degradation.js';
import { Link } from './link.js';
import { midGenerator } from './mid.js';
import { helloBody } from './payloads.js';
import { Replier } from './replier.js';
import { sharedTicker, type TickSource } from './ticker.js';
import { emptyStats, type TerminalConfig, type TerminalOptions } from './types.js';
import type { CommandTarget } from './commands/target.js';

/** One simulated street-light terminal speaking docs/protocol.md over MQTT. */
export class SimTerminal implements CommandTarget {
  readonly stats = emptyStats();
  readonly device: Device;
  private readonly link: Link;
  private readonly ticker: TickSource;
  private readonly clock: () => number;
  private readonly nextMid = midGenerator();
  private readonly random: RandomFaults;
  private readonly replier = new Replier(this);
  private nextHeartbeatAt = Infinity;
  private followedMinute = NaN;
  private followedAt = -Infinity;
  private running = false;

  constructor(readonly config: TerminalConfig, private readonly opts: TerminalOptions) {
    const rng = opts.rng ?? Math.random;
    this.clock = opts.clock ?? Date.now;
    this.device = new Device(config, rng, this.clock());
    this.ticker = opts.ticker ?? sharedTicker(opts.tickMs ?? 1000);
    this.random = new RandomFaults(opts.faultRate ?? 0, opts.faultDurationS ?? [60, 600], rng);
    this.link = new Link(config, this.stats, {
      onConnect: () => this.onConnect(),
      onCommand: (payload) => this.replier.handle(payload),
    }, {
      url: opts.url, reconnectMs: opts.reconnectMs ?? 5000 + Math.floor(rng() * 2000),
      ackTimeoutMs: opts.ackTimeoutMs ?? 30_000, maxResends: opts.maxResends ?? 3,
    });
  }

  get sn() { return this.config.sn; }
  get state() { return this.device.state; }
  get connected() { return this.link.connected; }
  get inFlight() { return this.link.inFlight; }
  get faults(): ReadonlySet<FaultName> { return this.device.faults; }
  get silent() { return this.device.faults.has('silent'); }

  start() {
    if (this.running) return;
    this.running = true;
    this.followProgram();
    this.link.connect();
    this.ticker.add(this.tick);
  }

  async stop() {
    this.running = false;
    this.ticker.delete(this.tick);
    await this.link.disconnect();
  }

  /** Raises a fault now; false when it does not apply to this model or is already active. */
  injectFault(fault: FaultName): boolean {
    if (!faultsFor(this.config.model).includes(fault) || this.device.faults.has(fault)) return false;
    this.beforeChange();
    this.device.faults.add(fault);
    if (fault === 'offline') void this.link.disconnect();
    this.afterChange();
    return true;
  }

  /** Starts (or with null ends: the lamp repaired) a single lamp's wear; the next heartbeat shows it. */
  degrade(d: Degradation | null): void {
    this.device.degradation = this.config.model === 2 ? d : null;
  }

  get degradation(): Degradation | null {
    return this.device.degradation;
  }

  clearFault(fault: FaultName): boolean {
    if (!this.device.faults.has(fault)) return false;
    this.random.forget(fault);
    this.beforeChange();
    this.device.faults.delete(fault);
    if (fault === 'offline' && this.running) this.link.connect();
    this.afterChange();
    return true;
  }

  /** Publishes an up message unless the terminal is silent; false when nothing went out. */
  publish(kind: 'hello' | 'heartbeat' | 'event' | 'reply', body: { mid: string }) {
    return !this.silent && this.link.publish(kind, body);
  }

  sendHello() {
    this.publish('hello', helloBody(this.config, this.state, this.nextMid(), this.now()));
  }

  sendHeartbeat() {
    if (this.silent || !this.connected) return;
    this.publish('heartbeat', this.device.heartbeat(this.nextMid(), this.now(), this.clock()));
    this.publishAlarms();
  }

  mid() { return this.nextMid(); }
  nextStepAt(now: number) { return this.device.nextStepAt(now); }
  now() { return this.clock() + this.state.clockOffsetMs; }
  hardwareNow() { return this.clock(); }
  beforeChange() { this.device.measure(this.now(), this.clock()); }

  afterChange() {
    this.device.follow(this.now(), this.clock());
    this.device.measure(this.now(), this.clock());
    this.publishAlarms();
  }

  rescheduleHeartbeat() {
    this.nextHeartbeatAt = this.opts.periodicHeartbeat === false ? Infinity : Date.now() + this.state.heartbeatS * 1000;
  }

  reset() {
    this.beforeChange();
    this.device.reset();
    this.rescheduleHeartbeat();
    this.afterChange();
  }

  /** Alarms are judged only when they can be sent, so nothing raised while away is lost. */
  private publishAlarms() {
    if (this.silent || !this.connected) return;
    for (const change of this.device.takeAlarmChanges(this.now(), this.clock())) {
      const event = { mid: this.nextMid(), ts: this.now(), ...change };
      if (this.publish('event', event)) this.stats.events++;
    }
  }

  private onConnect() {
    this.sendHello();
    this.sendHeartbeat();
    this.rescheduleHeartbeat();
  }

  /** Each minute (program steps), and at the tick an override starts or ends or a hold ends. */
  private followProgram() {
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    const boundary = this.device.boundaryIn(this.followedAt, now);
    this.followedAt = now;
    if (minute === this.followedMinute && !boundary) return;
    this.followedMinute = minute;
    if (this.device.follow(now, this.clock())) this.afterChange();
  }

  private readonly tick = (wallNow: number) => {
    const { raise, clear } = this.random.tick(wallNow, this.config.model, this.device.faults);
    for (const f of clear) this.clearFault(f);
    if (raise) this.injectFault(raise);
    this.followProgram();
    if (this.silent) return;
    this.link.resendOverdue(wallNow);
    if (wallNow >= this.nextHeartbeatAt) {
      this.nextHeartbeatAt = wallNow + this.state.heartbeatS * 1000;
      this.sendHeartbeat();
    }
  };
}
