import type { EnergyReport, EnergyReportQuery, EnergyReportRow } from '@sl/contracts';
import type { Principal } from '../system/access/principal.js';
import { daysOf, localClockHour, meanPrice, nightHours } from './report-calendar.js';
import { centroid, tariffPicker } from './report-places.js';
import type { ReportRepository } from './report-repository.js';

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

interface Acc {
  key: string;
  label: string;
  terminals: number;
  days: Set<string>;
  kwh: number;
  fullKwh: number;
  baselineKwh: number;
  burnHours: number;
  availability: number;
  cost: number;
  lit: number;
  lampDays: number;
  lampNightHours: number;
  litUnknown: boolean;
}

/**
 * The energy and savings per policy (groupBy=policy, docs/reports.md): each lamp-day counts under the policy the lamp ran
 * that day, so the days after a schedule change show under the new policy. The baseline, night and lighting rate are the
 * lamp-days' own: rated power × the night hours of each day a lamp ran the policy.
 */
export async function policyReport(repo: ReportRepository, p: Principal, q: EnergyReportQuery, timeZone: string, co2PerKwh: number): Promise<EnergyReport> {
  const lamps = await repo.lamps(p, q);
  const place = centroid(lamps);
  const nights = new Map(daysOf(q.from, q.to).map((d) => [d, nightHours(d, timeZone, place)]));
  const [{ days, lamps: lampsOf }, electricity] = await Promise.all([repo.policyDays(p, q, q.from, q.to), repo.electricity()]);
  const tariffOf = tariffPicker(electricity.sets, electricity.paths);
  const accs = new Map<string, Acc>();
  const empty = (key: string, label: string, terminals: number): Acc => ({
    key, label, terminals, days: new Set(), kwh: 0, fullKwh: 0, baselineKwh: 0, burnHours: 0, availability: 0, cost: 0, lit: 0, lampDays: 0, lampNightHours: 0, litUnknown: false,
  });
  for (const f of days) {
    if (!accs.has(f.key)) accs.set(f.key, empty(f.key, f.label, lampsOf.get(f.key) ?? 0));
    const a = accs.get(f.key)!;
    const night = nights.get(f.day) ?? [];
    a.days.add(f.day);
    a.kwh += f.kwh;
    a.fullKwh += f.fullKwh;
    a.burnHours += f.burnHours;
    a.availability += f.availability;
    a.baselineKwh += f.ratedKw * night.length;
    a.lampDays += f.lampDays;
    a.lampNightHours += f.lampDays * night.length;
    if (f.litByHour) a.lit += night.reduce((s, h) => s + (f.litByHour![localClockHour(h, timeZone)] ?? 0), 0);
    else a.litUnknown = true;
    const tariff = tariffOf(f.deptId);
    if (tariff) a.cost += f.kwh * meanPrice(tariff.periods, night, f.day, timeZone);
  }
  const currency = electricity.sets[0]?.currency ?? '';
  const toRow = (a: Acc): EnergyReportRow => ({
    key: a.key, label: a.label, terminals: a.terminals,
    kwh: round(a.kwh), baselineKwh: round(a.baselineKwh), savingKwh: round(a.baselineKwh - a.kwh),
    dimmingSavingKwh: round(a.fullKwh - a.kwh), shorterBurningSavingKwh: round(a.baselineKwh - a.fullKwh),
    cost: round(a.cost, 2), currency, co2Kg: round(a.kwh * co2PerKwh), burnHours: round(a.burnHours, 2),
    nightHours: [...a.days].reduce((s, d) => s + (nights.get(d)?.length ?? 0), 0),
    lightingRate: !a.litUnknown && a.lampNightHours ? round(a.lit / a.lampNightHours, 4) : null,
    onlineRate: a.lampDays ? round(a.availability / a.lampDays, 4) : null,
  });
  const rows = [...accs.values()].map(toRow).sort((x, y) => y.savingKwh - x.savingKwh);
  const all = empty('total', '', lamps.length);
  for (const a of accs.values()) {
    for (const k of ['kwh', 'fullKwh', 'baselineKwh', 'burnHours', 'availability', 'cost', 'lit', 'lampDays', 'lampNightHours'] as const) all[k] += a[k];
    a.days.forEach((d) => all.days.add(d));
    all.litUnknown ||= a.litUnknown;
  }
  return { from: q.from, to: q.to, groupBy: q.groupBy, co2PerKwh, rows, total: toRow(all) };
}
