import { describe, expect, it } from 'vitest';
import type { AlarmWorkflow } from '../alarms/alarm-workflow.js';
import type { AlarmWriteRepository } from '../alarms/alarm-write-repository.js';
import { silentLog } from './device-transport.js';
import { Presence } from './presence.js';
import type { PresenceStore, SeenRow } from './ports.js';
import type { DeviceLogService } from '../devices/logs/device-log-service.js';

function presenceWithLog(maxRefreshMs?: number) {
  const written: SeenRow[][] = [];
  const states: Array<[number, number]> = [];
  const voltage = new Map<number, boolean>();
  const repo: PresenceStore = {
    markSeen: async (rows: SeenRow[]) => {
      written.push(rows);
      return rows.map((r) => {
        const voltageAbnormal = r.voltageAbnormal ?? voltage.get(r.terminalId) ?? false;
        voltage.set(r.terminalId, voltageAbnormal);
        const state = voltageAbnormal || r.fault ? 3 : 1;
        return { terminalId: r.terminalId, name: 't', deptId: null, prevState: 1, state, prevLocked: r.locked ?? false, locked: r.locked ?? false, voltageAbnormal };
      });
    },
    markSilentOffline: async () => [{ terminalId: 9, name: 't', deptId: null, prevState: 1, state: 2 }],
    markUnansweredOffline: async (sent) => sent.map((s) => ({ terminalId: s.terminalId, name: 't', deptId: null, prevState: 1, state: 2 })),
  };
  const presence = new Presence({
    repo,
    alarmRepo: { withOpenFaults: async () => new Set<number>() } as unknown as AlarmWriteRepository,
    alarms: { applyChanges: async (c: unknown[]) => c.map(() => true) } as unknown as AlarmWorkflow,
    logs: { write: async () => {} } as unknown as DeviceLogService,
    log: silentLog,
    offlineAfterMissed: 3,
    maxRefreshMs,
    onState: (terminalId, state) => states.push([terminalId, state]),
  });
  const seen = async (item: Parameters<Presence['seen']>[0]) => {
    presence.seen(item);
    await presence.flush();
  };
  return { presence, written, seen, states };
}

const at = (ms: number) => new Date(1_767_225_600_000 + ms);

describe('Presence', () => {
  it('writes a terminal heard again within half its interval only when something changed', async () => {
    const { written, seen } = presenceWithLog();
    await seen({ terminalId: 1, at: at(0), heartbeatS: 60, voltageAbnormal: false, locked: false, mode: 'auto' });
    await seen({ terminalId: 1, at: at(1000), heartbeatS: 60, voltageAbnormal: false, locked: false, mode: 'auto' });
    await seen({ terminalId: 1, at: at(2000), heartbeatS: 60 });
    expect(written).toHaveLength(1);

    await seen({ terminalId: 1, at: at(3000), heartbeatS: 60, voltageAbnormal: false, locked: true, mode: 'auto' });
    await seen({ terminalId: 1, at: at(3500), heartbeatS: 60, voltageAbnormal: true });
    expect(written.map((rows) => rows[0].at)).toEqual([at(0), at(3000), at(3500)]);

    await seen({ terminalId: 1, at: at(9000), heartbeatS: 60, voltageAbnormal: true, locked: true, mode: 'auto' });
    expect(written).toHaveLength(4); // 5 s after the last write: last_seen_at is refreshed
  });

  it('writes every message of a terminal whose interval is short, and after forget', async () => {
    const { presence, written, seen } = presenceWithLog();
    await seen({ terminalId: 2, at: at(0), heartbeatS: 1 });
    await seen({ terminalId: 2, at: at(400), heartbeatS: 1 });
    await seen({ terminalId: 2, at: at(600), heartbeatS: 1 });
    expect(written).toHaveLength(2);
    presence.forget(2);
    await seen({ terminalId: 2, at: at(700), heartbeatS: 1 });
    expect(written).toHaveLength(3);
  });

  it('writes every message when the refresh window is switched off', async () => {
    const { written, seen } = presenceWithLog(0);
    for (const ms of [0, 100, 200]) await seen({ terminalId: 3, at: at(ms), heartbeatS: 60 });
    expect(written).toHaveLength(3);
  });

  it('tells of every online-state change it stores, by a message or by the offline sweep (the map deltas)', async () => {
    const { presence, seen, states } = presenceWithLog();
    await seen({ terminalId: 1, at: at(0), heartbeatS: 60, voltageAbnormal: false });
    expect(states).toEqual([]);
    await seen({ terminalId: 1, at: at(1000), heartbeatS: 60, voltageAbnormal: true });
    expect(states).toEqual([[1, 3]]);
    await presence.sweep(at(600_000));
    expect(states).toEqual([[1, 3], [9, 2]]);
  });
});
