import { PLACE_GROUPS, type EnergyReport, type EnergyReportQuery, type EnergyReportRow, type ReportGroup } from '@sl/contracts';
import type { Principal } from '../system/access/principal.js';
import { daysOf, localClockHour, meanPrice, nightHours, periodOf, yearBefore } from './report-calendar.js';
import { policyReport } from './policy-report.js';
import { centroid, placeKey, placeLabel, ratedKw, tariffPicker } from './report-places.js';
import { DEPT_DAY_GROUPS, type DayFigures, type ReportLamp, type ReportRepository } from './report-repository.js';

/** Lamps' ranges up to this many days read the hourly rollups for the lighting rate; longer ones the daily rollups' lit hours. */
export const HOURLY_LIGHTING_RATE_DAYS = 31;
/** kg CO₂ per kWh when the system configuration sets none: China's national grid average (2022). */
export const DEFAULT_CO2_PER_KWH = 0.5703;

const isPlace = (g: ReportGroup) => (PLACE_GROUPS as readonly string[]).includes(g);
const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

interface Acc {
  key: string;
  label: string;
  lamps: ReportLamp[];
  days: number;
  nightHours: number;
  kwh: number;
  fullKwh: number;
  burnHours: number;
  availability: number;
  cost: number;
  lit: number;
  lastYearKwh: number;
}

/** The energy report (docs/reports.md): daily rollups folded into places or periods, priced, and set against the night. */
export class EnergyReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly timeZone: string,
    private readonly co2PerKwh: () => Promise<number>,
  ) {}

  async report(p: Principal, q: EnergyReportQuery): Promise<EnergyReport> {
    const tz = this.timeZone;
    if (q.groupBy === 'policy') return policyReport(this.repo, p, q, tz, await this.co2PerKwh());
    const lamps = await this.repo.lamps(p, q);
    const place = centroid(lamps);
    const days = daysOf(q.from, q.to);
    const nights = new Map(days.map((d) => [d, nightHours(d, tz, place)]));
    // A department's or the whole scope's figures read the department days (one row per department and day); places below
    // a department and chosen lamps read the lamps' days. The lighting rate reads the hourly rollups for a short range of
    // lamps' days, else the lit hours of the days.
    const byDepartment = (DEPT_DAY_GROUPS as readonly string[]).includes(q.groupBy) && !q.areas?.length && !q.noArea && !q.boxIds?.length && !q.terminalIds?.length;
    const readDays = async (from: string, to: string, withLit: boolean): Promise<{ figures: DayFigures[]; ofLamps: boolean }> => {
      const departmentDays = byDepartment ? await this.repo.deptDays(p, q, q.groupBy, from, to) : undefined;
      return departmentDays ? { figures: departmentDays, ofLamps: false } : { figures: await this.repo.days(p, q, q.groupBy, from, to, withLit), ofLamps: true };
    };
    const hourlyLit = days.length <= HOURLY_LIGHTING_RATE_DAYS;
    const [read, electricity, co2PerKwh, lastYear] = await Promise.all([
      readDays(q.from, q.to, !hourlyLit),
      this.repo.electricity(),
      this.co2PerKwh(),
      q.lastYear ? readDays(yearBefore(q.from), yearBefore(q.to), false) : Promise.resolve({ figures: [] as DayFigures[] }),
    ]);
    const figures = read.figures;
    const hourly = read.ofLamps && hourlyLit;
    const tariffOf = tariffPicker(electricity.sets, electricity.paths);
    const accs = new Map<string, Acc>();
    const acc = (key: string, label: string, members: ReportLamp[]) => {
      if (!accs.has(key)) accs.set(key, { key, label, lamps: members, days: 0, nightHours: 0, kwh: 0, fullKwh: 0, burnHours: 0, availability: 0, cost: 0, lit: 0, lastYearKwh: 0 });
      return accs.get(key)!;
    };
    if (isPlace(q.groupBy)) {
      const members = new Map<string, ReportLamp[]>();
      for (const lamp of lamps) members.set(placeKey(lamp, q.groupBy), [...(members.get(placeKey(lamp, q.groupBy)) ?? []), lamp]);
      for (const [key, group] of members) {
        const a = acc(key, placeLabel(group[0], q.groupBy), group);
        a.days = days.length;
        a.nightHours = days.reduce((s, d) => s + nights.get(d)!.length, 0);
      }
    } else {
      for (const d of days) {
        const a = acc(periodOf(d, q.groupBy), periodOf(d, q.groupBy), lamps);
        a.days += 1;
        a.nightHours += nights.get(d)!.length;
      }
    }
    const nightClockHours = new Map([...nights].map(([d, hours]) => [d, hours.map((h) => localClockHour(h, tz))]));
    let litUnknown = false;
    const rowKey = (f: DayFigures) => (isPlace(q.groupBy) ? f.key : periodOf(f.day, q.groupBy));
    for (const f of figures) {
      const a = accs.get(rowKey(f));
      if (!a) continue;
      a.kwh += f.kwh;
      a.fullKwh += f.fullKwh;
      a.burnHours += f.burnHours;
      a.availability += f.availability;
      const tariff = tariffOf(f.deptId);
      if (tariff) a.cost += f.kwh * meanPrice(tariff.periods, nights.get(f.day) ?? [], f.day, tz);
      if (!hourly) {
        if (f.litByHour) a.lit += (nightClockHours.get(f.day) ?? []).reduce((s, h) => s + (f.litByHour![h] ?? 0), 0);
        else litUnknown = true;
      }
    }
    for (const f of lastYear.figures) {
      const key = isPlace(q.groupBy) ? f.key : periodOf(`${String(Number(f.day.slice(0, 4)) + 1).padStart(4, '0')}${f.day.slice(4)}`, q.groupBy);
      const a = accs.get(key);
      if (a) a.lastYearKwh += f.kwh;
    }
    if (hourly) {
      const dayOfHour = new Map<number, string>();
      for (const [d, hours] of nights) for (const h of hours) dayOfHour.set(h, d);
      for (const h of await this.repo.litHours(p, q, q.groupBy, [...dayOfHour.keys()])) {
        const a = accs.get(isPlace(q.groupBy) ? h.key : periodOf(dayOfHour.get(h.bucket)!, q.groupBy));
        if (a) a.lit += h.lit;
      }
    }
    const currency = electricity.sets[0]?.currency ?? '';
    const toRow = (a: Acc): EnergyReportRow => {
      const baselineKwh = a.lamps.reduce((s, l) => s + ratedKw(l), 0) * a.nightHours;
      const lampNightHours = a.lamps.length * a.nightHours;
      return {
        key: a.key, label: a.label, terminals: a.lamps.length,
        kwh: round(a.kwh), baselineKwh: round(baselineKwh), savingKwh: round(baselineKwh - a.kwh),
        dimmingSavingKwh: round(a.fullKwh - a.kwh), shorterBurningSavingKwh: round(baselineKwh - a.fullKwh),
        cost: round(a.cost, 2), currency, co2Kg: round(a.kwh * co2PerKwh), burnHours: round(a.burnHours, 2), nightHours: a.nightHours,
        lightingRate: !litUnknown && lampNightHours ? round(a.lit / lampNightHours, 4) : null,
        onlineRate: a.lamps.length && a.days ? round(a.availability / (a.lamps.length * a.days), 4) : null,
        ...(q.lastYear ? { lastYearKwh: round(a.lastYearKwh) } : {}),
      };
    };
    const rows = [...accs.values()].map(toRow).sort((x, y) => (isPlace(q.groupBy) ? y.kwh - x.kwh : x.key.localeCompare(y.key)));
    const all: Acc = { key: 'total', label: '', lamps, days: days.length, nightHours: days.reduce((s, d) => s + nights.get(d)!.length, 0), kwh: 0, fullKwh: 0, burnHours: 0, availability: 0, cost: 0, lit: 0, lastYearKwh: 0 };
    for (const a of accs.values()) for (const k of ['kwh', 'fullKwh', 'burnHours', 'availability', 'cost', 'lit', 'lastYearKwh'] as const) all[k] += a[k];
    return { from: q.from, to: q.to, groupBy: q.groupBy, co2PerKwh, rows, total: toRow(all) };
  }
}
