import { randomUUID } from 'node:crypto';
import { TerminalStatus, downTopic, type DeviceFamily } from '@sl/contracts';
import type { CommandService } from './command-service.js';
import type { DeviceTransport, GatewayLog, RejectReason } from './device-transport.js';
import { toHeartbeatRecord, voltageAbnormal } from './heartbeat-row.js';
import type { Presence } from './presence.js';
import type { TerminalDirectory } from './terminal-directory.js';
import type { TerminalRecord } from './terminal-repository.js';
import { decodeUp, type UpMessage } from './up-message.js';
import type { UpWriters } from './up-writers.js';

export interface IngestDeps {
  directory: TerminalDirectory;
  writers: UpWriters;
  presence: Presence;
  commands: CommandService;
  transport: DeviceTransport;
  log: GatewayLog;
  /** Told of every new heartbeat's lit state (the digital map). */
  onReading?: (terminalId: number, lit: boolean) => void;
}

const ackPrefix = `a-${randomUUID().slice(0, 8)}-`;

/** Every up message: validated, stored through the batch writers, acknowledged after it is stored. */
export class Ingest {
  received = 0;
  stored = 0;
  readonly rejected: Record<RejectReason, number> = { badTopic: 0, badJson: 0, badSchema: 0, unknownTerminal: 0, tooLarge: 0, unauthorized: 0 };
  private acks = 0;

  constructor(private readonly d: IngestDeps) {}

  /** Resolves when the message is stored and acknowledged, or refused; never rejects. */
  readonly handle = (topic: string, payload: Buffer): Promise<void> => {
    this.received++;
    return this.process(topic, payload).catch((err) => this.d.log.error({ err, topic }, 'device message not processed'));
  };

  reject(reason: RejectReason, detail: object) {
    this.rejected[reason]++;
    this.d.log.warn({ reason, ...detail }, 'device message refused');
  }

  private async process(topic: string, payload: Buffer) {
    const decoded = decodeUp(topic, payload);
    if (!decoded.ok) return this.reject(decoded.reason, decoded.detail);
    const { family, sn } = decoded.topic;
    const terminal = await this.d.directory.find(family, sn);
    if (!terminal) return this.reject('unknownTerminal', { topic });
    if (terminal.status === TerminalStatus.scrapped) return this.reject('unauthorized', { topic, reason: 'scrapped' });
    await this.dispatch(terminal, decoded.up, new Date());
  }

  private async dispatch(t: TerminalRecord, up: UpMessage, at: Date) {
    const { presence, writers } = this.d;
    const id = t.terminalId;
    if (up.kind === 'hello') {
      const m = up.msg;
      await writers.hellos.push({ terminalId: id, firmware: m.firmware, imsi: m.imsi ?? null, loops: m.loops, phases: m.phases, heartbeatS: m.heartbeatS });
      this.d.directory.invalidate(id);
      this.stored++;
      presence.seen({ terminalId: id, at });
    } else if (up.kind === 'heartbeat') {
      const m = up.msg;
      const isNew = await writers.heartbeats.push(toHeartbeatRecord(id, m));
      if (isNew) {
        this.stored++;
        this.d.onReading?.(id, m.model === 2 ? m.on : m.loops.some((l) => l.on));
      }
      const cabinet = m.model === 1 ? { locked: m.lock === 'locked', mode: m.mode } : {};
      presence.seen(isNew ? { terminalId: id, at, heartbeatS: t.heartbeatS, voltageAbnormal: voltageAbnormal(m, t.phases), ...cabinet } : { terminalId: id, at, heartbeatS: t.heartbeatS });
    } else if (up.kind === 'event') {
      const m = up.msg;
      const row = { terminalId: id, mid: m.mid, event: m.event, state: m.state, value: m.value ?? null, loop: m.loop ?? null, phase: m.phase ?? null, ts: new Date(m.ts) };
      if (await writers.events.push({ row, msg: m, target: t })) this.stored++;
      presence.seen({ terminalId: id, at });
    } else {
      await this.d.commands.settle(t, up.msg, at);
      presence.seen({ terminalId: id, at });
      return; // replies are not acknowledged (protocol §4)
    }
    this.ack(t, up.msg.mid);
  }

  // QoS 0, not awaited: a lost ack costs one resend, which is stored once and acked again (protocol §4).
  private ack(t: TerminalRecord, ref: string) {
    const body = JSON.stringify({ mid: `${ackPrefix}${(this.acks++).toString(36)}`, ts: Date.now(), ref });
    this.d.transport.publish(downTopic(t.family as DeviceFamily, t.sn, 'ack'), body, 0).catch((err) => this.d.log.warn({ err, ref }, 'ack not published'));
  }
}
