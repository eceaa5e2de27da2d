import mqtt, { type MqttClient } from 'mqtt';
import { ackMessage, deviceIdentity, downTopic, upTopic, type UpKind } from '@sl/contracts';
import { Outbox } from './outbox.js';
import type { TerminalConfig, TerminalStats } from './types.js';

export interface LinkHandlers {
  onConnect: () => void;
  onCommand: (payload: Buffer) => void;
}

/** A terminal's MQTT session: publishes up messages, tracks their acks and resends overdue ones. */
export class Link {
  private client?: MqttClient;
  private readonly outbox = new Outbox();

  constructor(
    private readonly cfg: TerminalConfig,
    private readonly stats: TerminalStats,
    private readonly handlers: LinkHandlers,
    private readonly opts: { url: string; reconnectMs: number; ackTimeoutMs: number; maxResends: number },
  ) {}

  get connected() {
    return this.client?.connected ?? false;
  }

  get inFlight() {
    return this.outbox.size;
  }

  connect() {
    if (this.client) return;
    const id = deviceIdentity(this.cfg.family, this.cfg.sn);
    const client = mqtt.connect(this.opts.url, {
      clientId: id, username: id, password: this.cfg.secret, clean: false, keepalive: 60,
      protocolVersion: 4, reconnectPeriod: this.opts.reconnectMs, connectTimeout: 30_000,
    });
    const down = downTopic(this.cfg.family, this.cfg.sn, 'ack').replace(/ack$/, '#');
    // Without a stored session, acks of messages sent before the SUBACK would have no subscriber (protocol §2).
    client.on('connect', (connack) => {
      if (connack.sessionPresent) return this.handlers.onConnect();
      client.subscribe(down, { qos: 1 }, () => this.handlers.onConnect());
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', () => undefined); // refused or unreachable: mqtt.js keeps retrying
    this.client = client;
  }

  async disconnect() {
    const c = this.client;
    this.client = undefined;
    if (c) await c.endAsync(true);
  }

  /** Publishes an up message; hello, heartbeat and event wait for an ack (protocol §4). */
  publish(kind: UpKind, body: { mid: string }) {
    if (!this.client?.connected) return false;
    const topic = upTopic(this.cfg.family, this.cfg.sn, kind);
    const json = JSON.stringify(body);
    this.client.publish(topic, json, { qos: 1 });
    this.stats.sent++;
    if (kind !== 'reply' && this.outbox.track(body.mid, topic, json, Date.now())) this.stats.dropped++;
    return true;
  }

  resendOverdue(now: number) {
    if (!this.client?.connected || !this.outbox.size) return;
    const { resend, dropped } = this.outbox.overdue(now, this.opts.ackTimeoutMs, this.opts.maxResends);
    this.stats.dropped += dropped;
    for (const m of resend) this.client.publish(m.topic, m.body, { qos: 1 });
    this.stats.resent += resend.length;
  }

  private onMessage(topic: string, payload: Buffer) {
    if (topic.endsWith('/down/command')) return this.handlers.onCommand(payload);
    if (!topic.endsWith('/down/ack')) return;
    let parsed;
    try {
      parsed = ackMessage.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const latency = this.outbox.ack(parsed.data.ref, Date.now());
    if (latency === undefined) return;
    this.stats.acked++;
    this.stats.ackLatencySumMs += latency;
    if (latency > this.stats.ackLatencyMaxMs) this.stats.ackLatencyMaxMs = latency;
  }
}
