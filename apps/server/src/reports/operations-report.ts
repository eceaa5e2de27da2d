import type { LampOperations, LightingRateCell, OperationsPlaceRow, OperationsReport, OperationsReportQuery } from '@sl/contracts';
import { addDays, zonedTime } from '../control/compiler/zone-time.js';
import { badRequest, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import { daysOf, nightHours } from './report-calendar.js';
import { centroid, placeKey, placeLabel } from './report-places.js';
import type { ReportAlarmRepository } from './report-alarm-repository.js';
import type { ReportLamp, ReportRepository } from './report-repository.js';

/** The operations report reads hourly rollups: at most this many days at once. */
export const OPERATIONS_MAX_DAYS = 62;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;
const LAMP_ROWS = 200;

/** The operations report (docs/reports.md): lighting and online rate, failures, repair times, open alarms, per lamp hours. */
export class OperationsReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly alarms: ReportAlarmRepository,
    private readonly timeZone: string,
  ) {}

  async report(p: Principal, q: OperationsReportQuery, now = new Date()): Promise<OperationsReport> {
    const tz = this.timeZone;
    const days = daysOf(q.from, q.to);
    if (days.length > OPERATIONS_MAX_DAYS) throw badRequest(text('report.operationsTooLong', { days: OPERATIONS_MAX_DAYS }));
    const lamps = await this.repo.lamps(p, q);
    const place = centroid(lamps);
    const start = zonedTime(q.from, 0, tz);
    const end = zonedTime(addDays(q.to, 1), 0, tz);
    const nights = days.map((d) => nightHours(d, tz, place));
    const nightStarts = nights.flat();
    const allHours: Array<{ day: string; hour: number; start: number }> = [];
    for (const d of days) {
      const dayStart = zonedTime(d, 0, tz);
      const dayEnd = zonedTime(addDays(d, 1), 0, tz);
      for (let t = dayStart, h = 0; t < dayEnd; t += HOUR_MS, h++) allHours.push({ day: d, hour: h, start: t });
    }
    const ids = lamps.map((l) => l.terminalId);
    const [perLamp, litByHour, dayFigures, alarmsOf, repairByDept, repairByRepairer, openByAge] = await Promise.all([
      this.repo.lampHours(p, q, start, end, nightStarts),
      this.repo.litHours(p, q, 'day', allHours.map((h) => h.start)),
      this.repo.days(p, q, q.groupBy, q.from, q.to),
      this.alarms.perLamp(p, ids, new Date(start), new Date(end)),
      this.alarms.repairTimes(p, ids, new Date(start), new Date(end), 'dept'),
      this.alarms.repairTimes(p, ids, new Date(start), new Date(end), 'repairer'),
      this.alarms.openByAge(p, ids, now),
    ]);
    const lit = new Map(litByHour.map((h) => [h.bucket, h.lit]));
    const night = new Set(nightStarts);
    const heatMap: LightingRateCell[] = allHours.map((h) => {
      const n = lit.get(h.start) ?? 0;
      return { day: h.day, hour: h.hour, lit: n, lamps: lamps.length, rate: night.has(h.start) && lamps.length ? round(n / lamps.length) : null };
    });
    const litNight = nightStarts.reduce((s, t) => s + (lit.get(t) ?? 0), 0);
    const lampNightHours = lamps.length * nightStarts.length;
    const availability = dayFigures.reduce((s, f) => s + f.availability, 0);
    const hoursOf = new Map(perLamp.map((l) => [l.terminalId, l]));
    const alarmsOfLamp = new Map(alarmsOf.map((a) => [a.terminalId, a]));
    const faults = alarmsOf.reduce((s, a) => s + a.faults, 0);
    const spanDays = (end - start) / DAY_MS;
    const failureRate = (n: number, lampCount: number) => (lampCount ? round((n / lampCount) * 1000 * (30 / spanDays), 2) : 0);
    // The place rows: each place's lamps' own figures summed, so a level's rows add up to the level above.
    const members = new Map<string, ReportLamp[]>();
    for (const l of lamps) members.set(placeKey(l, q.groupBy), [...(members.get(placeKey(l, q.groupBy)) ?? []), l]);
    const availabilityOf = new Map<string, number>();
    for (const f of dayFigures) availabilityOf.set(f.key, (availabilityOf.get(f.key) ?? 0) + f.availability);
    const rows: OperationsPlaceRow[] = [...members].map(([key, group]) => {
      const sum = (of: (l: ReportLamp) => number) => group.reduce((s, l) => s + of(l), 0);
      const placeFaults = sum((l) => alarmsOfLamp.get(l.terminalId)?.faults ?? 0);
      return {
        key, label: placeLabel(group[0], q.groupBy), terminals: group.length,
        lightingRate: nightStarts.length ? round(sum((l) => hoursOf.get(l.terminalId)?.litNightHours ?? 0) / (group.length * nightStarts.length)) : null,
        onlineRate: days.length ? round((availabilityOf.get(key) ?? 0) / (group.length * days.length)) : null,
        failureRate: failureRate(placeFaults, group.length), faults: placeFaults,
        burnHours: round(sum((l) => hoursOf.get(l.terminalId)?.burnHours ?? 0), 2),
        switches: sum((l) => hoursOf.get(l.terminalId)?.switches ?? 0),
        openAlarms: sum((l) => alarmsOfLamp.get(l.terminalId)?.open ?? 0),
      };
    });
    rows.sort((a, b) => (a.lightingRate ?? 2) - (b.lightingRate ?? 2) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
    const lampRows: LampOperations[] = lamps
      .map((l) => {
        const h = hoursOf.get(l.terminalId);
        return { terminalId: l.terminalId, name: l.name, burnHours: round(h?.burnHours ?? 0, 2), switches: h?.switches ?? 0, lightingRate: nightStarts.length ? round((h?.litNightHours ?? 0) / nightStarts.length) : null };
      })
      .sort((a, b) => (a.lightingRate ?? 1) - (b.lightingRate ?? 1) || a.terminalId - b.terminalId)
      .slice(0, LAMP_ROWS);
    const times = (r: (typeof repairByDept)[number]) => ({ key: r.key, label: r.label, alarms: r.alarms, meanAckMinutes: r.ackMinutes === null ? null : round(r.ackMinutes, 1), meanRepairMinutes: r.repairMinutes === null ? null : round(r.repairMinutes, 1) });
    return {
      from: q.from, to: q.to, groupBy: q.groupBy, rows, lampCount: lamps.length,
      lightingRate: lampNightHours ? round(litNight / lampNightHours) : null,
      onlineRate: lamps.length ? round(availability / (lamps.length * days.length)) : null,
      failureRate: failureRate(faults, lamps.length),
      faults, heatMap,
      repairByDept: repairByDept.map(times), repairByRepairer: repairByRepairer.map(times),
      openByAge, lamps: lampRows,
    };
  }
}
