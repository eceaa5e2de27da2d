import type { Db } from './db/client.js';
import { AlarmSettings } from './alarms/alarm-settings.js';
import { AlarmSetRepository } from './alarms/alarm-set-repository.js';
import { AlarmWorkflow } from './alarms/alarm-workflow.js';
import { AlarmWriteRepository } from './alarms/alarm-write-repository.js';
import { DomainEventBus } from './events/domain-events.js';
import { AssetDirectory } from './assets/asset-directory.js';
import { TerminalWriteRepository } from './devices/terminal/terminal-write-repository.js';
import { DeviceLogRepository } from './devices/logs/device-log-repository.js';
import { DeviceLogService } from './devices/logs/device-log-service.js';

interface CoreLog {
  error(obj: object, msg: string): void;
}

/** What the gateway and the HTTP app of one server share: the event bus, the alarm state machine with its settings, the lamp directory and the writers of the terminal tables. */
export interface DomainCore {
  events: DomainEventBus;
  /** The alarm settings in force, cached; the settings routes invalidate it after a change. */
  alarmSettings: AlarmSettings;
  /** The one alarm workflow: every alarm write of the gateway, verification, routes, work orders and the demo. */
  alarms: AlarmWorkflow;
  /** Each lamp's type and fault limits, read by the gateway's power watch; the asset services invalidate it. */
  assetDirectory: AssetDirectory;
  /** The `terminal` table's owner: the gateway writes liveness, hellos and command effects through it. */
  terminalWrites: TerminalWriteRepository;
  /** The device logs (the `terminal_log` table's owner behind it): the gateway, control and the console write and read through it. */
  deviceLogs: DeviceLogService;
}

/** Built once per server by the composition root (compose.ts); a gateway or app started alone (tests) builds its own. */
export function createDomainCore(db: Db, log: CoreLog): DomainCore {
  const events = new DomainEventBus(log);
  const alarmSettings = new AlarmSettings(new AlarmSetRepository(db));
  const alarms = new AlarmWorkflow(new AlarmWriteRepository(db), (n) => events.emit('alarm.changed', n), log, alarmSettings);
  return {
    events, alarmSettings, alarms, assetDirectory: new AssetDirectory(db),
    terminalWrites: new TerminalWriteRepository(db),
    deviceLogs: new DeviceLogService(new DeviceLogRepository(db)),
  };
}
