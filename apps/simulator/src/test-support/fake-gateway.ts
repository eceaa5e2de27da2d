import mqtt, { type MqttClient } from 'mqtt';
import { downTopic, parseTopic, type DeviceFamily } from '@sl/contracts';

export interface UpMessage {
  family: DeviceFamily;
  sn: string;
  kind: string;
  body: Record<string, any>;
}

/** A plain MQTT client playing the gateway: records every up message, acks on request, sends commands. */
export class FakeGateway {
  readonly received: UpMessage[] = [];
  autoAck = true;
  private client!: MqttClient;
  private waiters: { pred: (m: UpMessage) => boolean; resolve: (m: UpMessage) => void }[] = [];
  private seq = 0;

  async connect(url: string) {
    this.client = await mqtt.connectAsync(url, { clientId: `gw-${process.pid}-${Date.now()}`, clean: true });
    await this.client.subscribeAsync('sl/+/+/up/#', { qos: 1 });
    this.client.on('message', (topic, payload) => {
      const t = parseTopic(topic);
      if (!t) return;
      const m: UpMessage = { family: t.family, sn: t.sn, kind: t.kind, body: JSON.parse(payload.toString()) };
      this.received.push(m);
      if (this.autoAck && m.kind !== 'reply') this.ack(m);
      this.waiters = this.waiters.filter((w) => !(w.pred(m) && (w.resolve(m), true)));
    });
  }

  ack(m: UpMessage) {
    const body = { mid: `ack-${++this.seq}`, ts: Date.now(), ref: m.body.mid };
    this.client.publish(downTopic(m.family, m.sn, 'ack'), JSON.stringify(body), { qos: 1 });
  }

  /** The next message matching `pred` (already received ones count when `past` is set). */
  next(pred: (m: UpMessage) => boolean, timeoutMs = 5000, past = false): Promise<UpMessage> {
    const seen = past ? this.received.find(pred) : undefined;
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  /** Sends a command and resolves with its reply. */
  async command(family: DeviceFamily, sn: string, cmd: string, params: unknown = {}, opts: { expiresAt?: number; timeoutMs?: number } = {}) {
    const mid = `c-${++this.seq}`;
    const reply = this.next((m) => m.kind === 'reply' && m.sn === sn && m.body.ref === mid, opts.timeoutMs);
    const body = { mid, ts: Date.now(), cmd, params, expiresAt: opts.expiresAt ?? Date.now() + 60_000 };
    this.client.publish(downTopic(family, sn, 'command'), JSON.stringify(body), { qos: 1 });
    return (await reply).body;
  }

  async close() {
    await this.client.endAsync(true);
  }
}
