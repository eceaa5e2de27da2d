import { SWITCH_COMMANDS, type TerminalLogKind } from '@sl/contracts';
import type { DeviceLogEntry, DeviceLogService } from '../devices/logs/device-log-service.js';
import type { TerminalDirectory } from './terminal-directory.js';
import type { TerminalStateStore } from './ports.js';

/** Commands whose execution is written to the terminal log, by log kind. */
const LOGGED: Record<string, TerminalLogKind> = {
  'heartbeat.request': 'heart',
  'heartbeat.set': 'heart',
  'clock.set': 'gmt',
  init: 'init',
  'plan.bind': 'timing',
  'plan.clear': 'timing',
  'localControl.add': 'timing',
  'localControl.update': 'timing',
  'localControl.delete': 'timing',
  'localControl.status': 'timing',
};

export interface CommandOutcome {
  terminalId: number;
  cmd: string;
  params: Record<string, unknown>;
  ok: boolean;
  code: number;
  msg: string;
}

/** What a settled command changes on the terminal row and in the terminal log. */
export class CommandEffects {
  constructor(
    private readonly terminals: Pick<TerminalStateStore, 'setControlMode' | 'setHeartbeatS' | 'setLocked'>,
    private readonly directory: TerminalDirectory,
    private readonly logs: Pick<DeviceLogService, 'write'>,
  ) {}

  /** The outcomes' changes; their log entries are written in one statement. */
  async applyMany(outcomes: CommandOutcome[]): Promise<void> {
    const entries: DeviceLogEntry[] = [];
    for (const o of outcomes) {
      const kind = LOGGED[o.cmd];
      if (kind) entries.push({ kind, terminalId: o.terminalId, msg: `${o.cmd} ${o.ok ? 'succeeded' : `failed: ${o.msg || o.code}`}`, detail: { cmd: o.cmd, params: o.params, code: o.code, ok: o.ok, ...(o.ok ? {} : { reason: o.msg || String(o.code) }) } });
      if (!o.ok) continue;
      if (o.cmd === 'manauto.set') await this.terminals.setControlMode(o.terminalId, o.params.mode === 'manual' ? 'manual' : 'auto');
      if (o.cmd === 'manauto.recover') await this.terminals.setControlMode(o.terminalId, 'auto');
      // A switch by hand leaves the program (until its hold ends, which the heartbeats then report as auto).
      if ((SWITCH_COMMANDS as readonly string[]).includes(o.cmd)) await this.terminals.setControlMode(o.terminalId, 'manual');
      if (o.cmd === 'heartbeat.set') {
        await this.terminals.setHeartbeatS(o.terminalId, Number(o.params.intervalS));
        this.directory.invalidate(o.terminalId);
      }
      if (o.cmd === 'lock.set' && (await this.terminals.setLocked(o.terminalId, o.params.locked === true))) {
        entries.push({ kind: 'lock', terminalId: o.terminalId, msg: o.params.locked ? 'locked' : 'unlocked', detail: { locked: o.params.locked, source: 'lock.set' } });
      }
    }
    await this.logs.write(entries);
  }
}
