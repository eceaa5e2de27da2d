import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alarms, controlEmergencies, controlPlans, controlPolicies, heartbeats, terminalCommands, terminals } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

/** Reads of the open API, each limited to the client's department and below, paged by id after a cursor. */
export class OpenRepository {
  constructor(private readonly db: Db) {}

  devices(p: Principal, after: number, limit: number, deviceId?: number) {
    return this.db
      .select({
        id: terminals.terminalId, sn: terminals.sn, name: terminals.name, family: terminals.family, model: terminals.model, deptId: terminals.deptId,
        lat: terminals.lat, lng: terminals.lng, address: terminals.address, onlineState: terminals.onlineState, controlMode: terminals.controlMode,
        loops: terminals.loops, phases: terminals.phases, locked: terminals.locked, firmware: terminals.firmware, lastSeenAt: terminals.lastSeenAt,
      })
      .from(terminals)
      .where(and(gt(terminals.terminalId, after), deviceId ? eq(terminals.terminalId, deviceId) : undefined, dataScopeFilter(p, { dept: terminals.deptId })))
      .orderBy(asc(terminals.terminalId))
      .limit(limit + 1);
  }

  async deviceVisible(p: Principal, deviceId: number): Promise<boolean> {
    return (await this.devices(p, 0, 1, deviceId)).length > 0;
  }

  events(p: Principal, after: number, limit: number, f: { open?: boolean; deviceId?: number }) {
    return this.db
      .select()
      .from(alarms)
      .where(and(
        gt(alarms.alarmId, after),
        f.deviceId ? eq(alarms.terminalId, f.deviceId) : undefined,
        f.open === undefined ? undefined : f.open ? isNull(alarms.clearedAt) : sql`${alarms.clearedAt} is not null`,
        dataScopeFilter(p, { dept: alarms.deptId }),
      ))
      .orderBy(asc(alarms.alarmId))
      .limit(limit + 1);
  }

  /** A device's readings, newest first; the cursor is the id of the last reading seen. */
  readings(deviceId: number, before: number, limit: number) {
    return this.db
      .select()
      .from(heartbeats)
      .where(and(eq(heartbeats.terminalId, deviceId), before ? lt(heartbeats.id, before) : undefined))
      .orderBy(desc(heartbeats.id))
      .limit(limit + 1);
  }

  async command(p: Principal, commandId: number) {
    const [row] = await this.db
      .select({ command: terminalCommands })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.terminalId, terminalCommands.terminalId))
      .where(and(eq(terminalCommands.id, commandId), dataScopeFilter(p, { dept: terminals.deptId })));
    return row?.command;
  }

  calendars(p: Principal, after: number, limit: number) {
    return this.db
      .select({ plan: controlPlans, policyName: controlPolicies.name, steps: controlPolicies.steps })
      .from(controlPlans)
      .innerJoin(controlPolicies, eq(controlPolicies.id, controlPlans.policyId))
      .where(and(gt(controlPlans.id, after), dataScopeFilter(p, { dept: controlPlans.deptId })))
      .orderBy(asc(controlPlans.id))
      .limit(limit + 1);
  }

  overrides(p: Principal, after: number, limit: number) {
    return this.db
      .select()
      .from(controlEmergencies)
      .where(and(gt(controlEmergencies.id, after), dataScopeFilter(p, { dept: controlEmergencies.deptId })))
      .orderBy(asc(controlEmergencies.id))
      .limit(limit + 1);
  }
}
