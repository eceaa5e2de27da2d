import type { EventMessage } from '@sl/contracts';
import type { AlarmTarget, AlarmWorkflow, DeviceChange } from '../alarms/alarm-workflow.js';
import { isDataError } from '../db/sql-state.js';
import { BatchWriter } from '../db/batch-writer.js';
import type { PartitionStatistics } from './partition-statistics.js';
import type { GatewayLog } from './device-transport.js';
import type { HelloRow, TerminalStateStore } from './ports.js';
import type { EventRow, HeartbeatRecord, ReadingRepository } from './reading-repository.js';
import type { DeviceLogEntry, DeviceLogService } from '../devices/logs/device-log-service.js';

export interface EventItem {
  row: EventRow;
  msg: EventMessage;
  target: AlarmTarget;
}

interface Deps {
  /** Heartbeat batches written at once: more than one only pays where the database runs beside the process. */
  heartbeatConcurrency: number;
  readings: ReadingRepository;
  terminals: Pick<TerminalStateStore, 'applyHellos'>;
  alarms: AlarmWorkflow;
  logs: Pick<DeviceLogService, 'write'>;
  log: GatewayLog;
  /** Told of the readings written, so that a new day's partition gets planner statistics early. */
  statistics?: Pick<PartitionStatistics, 'wrote'>;
}

/** The batched writers of up messages; each `push` resolves (true when new) once its batch is stored. */
export function createUpWriters(d: Deps) {
  // A data error (a value the columns cannot hold) is one terminal's fault: the batch is written again in
  // parts and only the refused messages fail. Anything else (the database away) fails the whole batch.
  const onError = (what: string) => (err: unknown, items: unknown[]) =>
    isDataError(err)
      ? d.log.warn({ err, rows: items.length }, `${what} batch refused by the database; writing it in parts to isolate the refused messages`)
      : d.log.error({ err, rows: items.length }, `${what} batch failed; its messages are not acknowledged`);
  const common = (what: string) => ({ onError: onError(what), isItemError: isDataError });
  return {
    heartbeats: new BatchWriter<HeartbeatRecord, boolean>({
      write: async (rows) => {
        const fresh = await d.readings.insertHeartbeats(rows);
        d.statistics?.wrote('heartbeat', rows.map((r) => Date.parse(r.ts)));
        return fresh;
      },
      ...common('heartbeat'), concurrency: d.heartbeatConcurrency,
    }),
    // A device event is rare when the fleet is quiet and must reach the console at once: no batching delay.
    events: new BatchWriter<EventItem, boolean>({ write: (items) => storeEvents(d, items), ...common('event'), eager: true }),
    // Threshold crossings seen in heartbeats (ThresholdWatch), written like the device events' alarms.
    alarms: new BatchWriter<DeviceChange, boolean>({ write: (changes) => d.alarms.applyChanges(changes), ...common('alarm'), eager: true }),
    hellos: new BatchWriter<HelloRow>({
      write: (rows) => d.terminals.applyHellos([...new Map(rows.map((r) => [r.terminalId, r])).values()]),
      ...common('hello'),
    }),
  };
}

export type UpWriters = ReturnType<typeof createUpWriters>;

/** Batches the database refused, all writers together, each counted once. */
export const batchFailures = (w: UpWriters) => w.heartbeats.failures + w.events.failures + w.alarms.failures + w.hellos.failures;

// Alarms follow only new events, in arrival order, so a resent event never raises twice.
async function storeEvents(d: Deps, items: EventItem[]): Promise<boolean[]> {
  const fresh = await d.readings.insertEvents(items.map((i) => i.row));
  d.statistics?.wrote('device_event', items.map((i) => new Date(i.row.ts as Date).getTime()));
  const stored = items.filter((_, n) => fresh[n]);
  await d.alarms
    .applyChanges(stored.map(({ msg, target }) => ({ target, kind: msg.event, raised: msg.state === 'raised', detail: msg })))
    .catch((err) => d.log.error({ err, events: stored.length }, 'alarm update failed'));
  const logs: DeviceLogEntry[] = stored
    .filter(({ msg }) => msg.event === 'leakage')
    .map(({ msg, target }) => ({ kind: 'leakage', terminalId: target.terminalId, msg: `leakage ${msg.state}`, detail: { state: msg.state, value: msg.value, loop: msg.loop, phase: msg.phase } }));
  await d.logs.write(logs).catch((err) => d.log.error({ err }, 'leakage log write failed'));
  return fresh;
}
