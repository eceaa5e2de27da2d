import { idParams, type OpenCalendar, type OpenDevice, type OpenEvent, type OpenFunction, type OpenOverride, type OpenPage, type OpenReading } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { decodeCursor, pageOf } from './open-cursor.js';
import type { OpenRepository } from './open-repository.js';

type DeviceRow = Awaited<ReturnType<OpenRepository['devices']>>[number];
type ReadingRow = Awaited<ReturnType<OpenRepository['readings']>>[number];

/** TALQ functions of a terminal: its controller, and a lamp actuator (single lamp) or one relay per loop (cabinet). */
function functionsOf(d: DeviceRow): OpenFunction[] {
  const controller: OpenFunction = {
    id: 'controller', type: 'controller',
    attributes: { online: d.onlineState === 1, controlMode: d.controlMode, locked: d.locked, firmware: d.firmware, lastSeenAt: d.lastSeenAt?.toISOString() ?? null },
  };
  const meter: OpenFunction = { id: 'meter', type: 'electricalMeter', attributes: { phases: d.model === 1 ? d.phases : 1 } };
  if (d.model === 2) return [controller, { id: 'lamp', type: 'lampActuator', attributes: { dimmable: true } }, meter];
  const relays = Array.from({ length: d.loops }, (_, i): OpenFunction => ({ id: `relay-${i + 1}`, type: 'relay', attributes: { loop: i + 1 } }));
  return [controller, ...relays, meter];
}

const toDevice = (d: DeviceRow): OpenDevice => ({
  id: d.id, sn: d.sn, name: d.name, family: d.family, model: d.model === 2 ? 2 : 1, deptId: d.deptId,
  location: { lat: d.lat, lng: d.lng, address: d.address }, functions: functionsOf(d),
});

const sum = (...xs: Array<number | null>) => (xs.every((x) => x === null) ? null : xs.reduce<number>((a, x) => a + (x ?? 0), 0));
const toReading = (r: ReadingRow): OpenReading => ({
  time: r.ts.toISOString(), voltage: r.voltageA, current: sum(r.currentA, r.currentB, r.currentC), activePower: sum(r.powerA, r.powerB, r.powerC),
  powerFactor: r.powerFactor, energyKwh: r.energyKwh, dimLevel: r.dim, lampOn: r.on,
});

/** The open API's reads: devices, events (alarms), readings, calendars (plans) and overrides (emergency plans). */
export class OpenResourceService {
  constructor(private readonly repo: OpenRepository) {}

  async devices(p: Principal, cursor: string | undefined, limit: number): Promise<OpenPage<OpenDevice>> {
    return pageOf(await this.repo.devices(p, decodeCursor(cursor), limit), limit, toDevice);
  }

  async device(p: Principal, deviceId: number): Promise<OpenDevice> {
    const [row] = await this.repo.devices(p, 0, 1, deviceId);
    if (!row) throw notFound(text('open.deviceNotFound', idParams(deviceId)));
    return toDevice(row);
  }

  async events(p: Principal, cursor: string | undefined, limit: number, f: { open?: boolean; deviceId?: number }): Promise<OpenPage<OpenEvent>> {
    const rows = await this.repo.events(p, decodeCursor(cursor), limit, f);
    return pageOf(rows.map((r) => ({ ...r, id: r.alarmId })), limit, (a) => ({
      id: a.alarmId, deviceId: a.terminalId, type: a.kind, severity: a.severity, status: a.status, open: a.clearedAt === null,
      message: a.message, raisedAt: a.raisedAt.toISOString(), clearedAt: a.clearedAt?.toISOString() ?? null,
    }));
  }

  async readings(p: Principal, deviceId: number, cursor: string | undefined, limit: number): Promise<OpenPage<OpenReading>> {
    if (!(await this.repo.deviceVisible(p, deviceId))) throw notFound(text('open.deviceNotFound', idParams(deviceId)));
    return pageOf(await this.repo.readings(deviceId, decodeCursor(cursor), limit), limit, toReading);
  }

  async calendars(p: Principal, cursor: string | undefined, limit: number): Promise<OpenPage<OpenCalendar>> {
    const rows = await this.repo.calendars(p, decodeCursor(cursor), limit);
    return pageOf(rows.map((r) => ({ ...r, id: r.plan.id })), limit, ({ plan, policyName, steps }) => ({
      id: plan.id, name: plan.name, startDate: String(plan.startDate), endDate: String(plan.endDate), timeZone: plan.timeZone,
      targets: { groupMode: plan.groupMode, ids: plan.targetIds }, program: { id: plan.policyId, name: policyName, steps },
    }));
  }

  async overrides(p: Principal, cursor: string | undefined, limit: number): Promise<OpenPage<OpenOverride>> {
    return pageOf(await this.repo.overrides(p, decodeCursor(cursor), limit), limit, (o) => ({
      id: o.id, name: o.name, action: o.action, level: o.level, startAt: o.startAt.toISOString(), expireAt: o.expireAt.toISOString(),
      cancelledAt: o.cancelledAt?.toISOString() ?? null, targets: { groupMode: o.groupMode, ids: o.targetIds },
    }));
  }
}
