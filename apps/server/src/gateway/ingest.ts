import { randomUUID } from 'node:crypto';
import { TerminalStatus, downTopic, litByPower, ratedPowerW, type DeviceFamily, type HeartbeatMessage } from '@sl/contracts';
import { sqlState } from '../db/sql-state.js';
import { UnstorableError } from '../db/batch-writer.js';
import type { ThresholdWatch } from '../alarms/threshold-watch.js';
import type { DeviceCommandService } from './device-command-service.js';
import type { DeviceTransport, GatewayLog, RejectReason } from './device-transport.js';
import { toHeartbeatRecord, voltageAbnormal } from './heartbeat-row.js';
import type { Presence } from './presence.js';
import type { TerminalDirectory } from './terminal-directory.js';
import type { TerminalRecord } from './terminal-record-repository.js';
import { decodeUp, jsonbStorable, type UpMessage } from './up-message.js';
import type { UpWriters } from './up-writers.js';

export interface IngestDeps {
  directory: TerminalDirectory;
  writers: UpWriters;
  presence: Presence;
  commands: DeviceCommandService;
  transport: DeviceTransport;
  log: GatewayLog;
  /** Judges every new heartbeat against its family's alarm thresholds. */
  thresholds?: ThresholdWatch;
  /** Judges every new lamp heartbeat's power against its lamp type (assets/asset-readings-service.ts). */
  assets?: { onHeartbeat(t: TerminalRecord, m: HeartbeatMessage): Promise<void> };
  /** Told of every new heartbeat's lit state, measured light (contracts: litByPower), for the digital map. */
  onReading?: (terminalId: number, lit: boolean) => void;
  /** Which reading timestamps are taken (protocol §3); every one when absent. */
  timestamps?: TimestampLimits;
  /** The clock of receive times (tests move it). */
  now?: () => Date;
}

/** A heartbeat or event stamped later than `futureMs` from now, or earlier than its retention, is refused. */
export interface TimestampLimits {
  futureMs: number;
  pastMs: { heartbeat: number; event: number };
}

const ackPrefix = `a-${randomUUID().slice(0, 8)}-`;
/** Unstorable messages remembered, so that their resends are refused without another write. */
const REMEMBERED_UNSTORABLE = 10_000;
const unstorableKey = (t: TerminalRecord, up: UpMessage) => `${t.terminalId}/${up.msg.mid}`;

/** Every up message: validated, stored through the batch writers, acknowledged after it is stored. */
export class Ingest {
  received = 0;
  stored = 0;
  readonly rejected: Record<RejectReason, number> = {
    badTopic: 0, badJson: 0, badSchema: 0, unknownTerminal: 0, tooLarge: 0, unauthorized: 0, unstorable: 0, retained: 0, badTimestamp: 0,
  };
  private acks = 0;
  /** `terminalId/mid` of messages the database refused, oldest first. */
  private readonly unstorable = new Set<string>();

  constructor(private readonly d: IngestDeps) {}

  /** Resolves when the message is stored and acknowledged, or refused; never rejects. */
  readonly handle = (topic: string, payload: Buffer): Promise<void> => {
    this.received++;
    return this.process(topic, payload).catch((err) => this.d.log.error({ err, topic }, 'device message not processed'));
  };

  reject(reason: RejectReason, detail: object, level: 'warn' | 'debug' = 'warn') {
    this.rejected[reason]++;
    this.d.log[level]({ reason, ...detail }, 'device message refused');
  }

  private async process(topic: string, payload: Buffer) {
    const decoded = decodeUp(topic, payload);
    if (!decoded.ok) return this.reject(decoded.reason, decoded.detail);
    const { family, sn } = decoded.topic;
    const terminal = await this.d.directory.find(family, sn);
    if (!terminal) return this.reject('unknownTerminal', { topic });
    if (terminal.status === TerminalStatus.scrapped) return this.reject('unauthorized', { topic, reason: 'scrapped' });
    const { up } = decoded;
    const received = this.d.now?.() ?? new Date();
    const stamp = this.timestampProblem(up, received.getTime());
    if (stamp) return this.reject('badTimestamp', { terminalId: terminal.terminalId, sn, kind: up.kind, mid: up.msg.mid, ts: up.msg.ts, problem: stamp });
    // A reply whose data the database cannot hold: refused, and its task fails rather than waiting for its time-out.
    if (up.kind === 'reply' && !jsonbStorable(up.msg)) {
      this.reject('badJson', { terminalId: terminal.terminalId, sn, mid: up.msg.mid, ref: up.msg.ref, problem: 'a string holds \\u0000 or a lone surrogate' });
      return this.d.commands.refuseReply(terminal, up.msg, new Date());
    }
    // A resend of a message the database refused: refused again, quietly and without writing (protocol §3).
    if (this.unstorable.size && this.unstorable.has(unstorableKey(terminal, up))) return this.reject('unstorable', { sn, mid: up.msg.mid, resend: true }, 'debug');
    try {
      await this.dispatch(terminal, up, received);
    } catch (err) {
      if (!(err instanceof UnstorableError)) throw err;
      this.remember(unstorableKey(terminal, up));
      this.reject('unstorable', { terminalId: terminal.terminalId, family, sn, kind: up.kind, mid: up.msg.mid, sqlState: sqlState(err.cause), error: err.message });
    }
  }

  // A reading's time is shown as the lamp's latest and decides its partition: one from a wrong clock is refused.
  private timestampProblem(up: UpMessage, now: number): 'future' | 'pastRetention' | undefined {
    const limits = this.d.timestamps;
    if (!limits || (up.kind !== 'heartbeat' && up.kind !== 'event')) return undefined;
    if (up.msg.ts > now + limits.futureMs) return 'future';
    if (up.msg.ts < now - limits.pastMs[up.kind]) return 'pastRetention';
    return undefined;
  }

  private remember(key: string) {
    this.unstorable.add(key);
    if (this.unstorable.size > REMEMBERED_UNSTORABLE) this.unstorable.delete(this.unstorable.values().next().value as string);
  }

  private async dispatch(t: TerminalRecord, up: UpMessage, at: Date) {
    const { presence, writers } = this.d;
    const id = t.terminalId;
    // Its own timestamp tells presence when it was sent, which a backlog makes earlier than `at` (read-lag.ts).
    const sentAt = up.msg.ts;
    if (up.kind === 'hello') {
      const m = up.msg;
      await writers.hellos.push({ terminalId: id, firmware: m.firmware, imsi: m.imsi ?? null, loops: m.loops, phases: m.phases, heartbeatS: m.heartbeatS });
      this.d.directory.invalidate(id);
      this.stored++;
      presence.seen({ terminalId: id, at, sentAt });
    } else if (up.kind === 'heartbeat') {
      const m = up.msg;
      const isNew = await writers.heartbeats.push(toHeartbeatRecord(id, m));
      if (isNew) {
        this.stored++;
        const powerKw = m.model === 2 ? m.power : m.activePower.a + m.activePower.b + m.activePower.c;
        this.d.onReading?.(id, litByPower(powerKw, ratedPowerW(t)));
        this.d.thresholds?.check(t, m).catch((err) => this.d.log.error({ err, terminalId: id }, 'threshold check failed'));
        void this.d.assets?.onHeartbeat(t, m);
      }
      // A lamp says its mode since manual switches hold for a while (older lamp firmware does not: the stored mode stays).
      const cabinet = m.model === 1 ? { locked: m.lock === 'locked', mode: m.mode } : { mode: m.mode };
      presence.seen(isNew ? { terminalId: id, at, sentAt, heartbeatS: t.heartbeatS, voltageAbnormal: voltageAbnormal(m, t.phases), ...cabinet } : { terminalId: id, at, sentAt, heartbeatS: t.heartbeatS });
    } else if (up.kind === 'event') {
      const m = up.msg;
      const row = { terminalId: id, mid: m.mid, event: m.event, state: m.state, value: m.value ?? null, loop: m.loop ?? null, phase: m.phase ?? null, ts: new Date(m.ts) };
      if (await writers.events.push({ row, msg: m, target: t })) this.stored++;
      presence.seen({ terminalId: id, at, sentAt });
    } else {
      await this.d.commands.settle(t, up.msg, at);
      presence.seen({ terminalId: id, at, sentAt });
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
