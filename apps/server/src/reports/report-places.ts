import { ratedPowerW, type ReportGroup } from '@sl/contracts';
import type { Electricity, ReportLamp } from './report-repository.js';
import type { Place } from './report-calendar.js';

/** Where a report reckons the night when its lamps have no positions: the product's demo city (Shanghai). */
export const FALLBACK_PLACE: Place = { lat: 31.23, lng: 121.47 };

/** The mean position of the lamps that have one. */
export function centroid(lamps: ReportLamp[]): Place {
  const placed = lamps.filter((l) => l.lat !== null && l.lng !== null);
  if (!placed.length) return FALLBACK_PLACE;
  return { lat: placed.reduce((s, l) => s + l.lat!, 0) / placed.length, lng: placed.reduce((s, l) => s + l.lng!, 0) / placed.length };
}

/** A lamp's place key for a place group, as the repository's SQL computes it; '' for period groups. */
export function placeKey(lamp: ReportLamp, groupBy: ReportGroup): string {
  switch (groupBy) {
    case 'department':
      return String(lamp.deptId ?? 0);
    case 'area':
      return lamp.area;
    case 'cabinet':
      return String(lamp.boxId ?? 0);
    case 'terminal':
      return String(lamp.terminalId);
    default:
      return '';
  }
}

/** What the console shows for a place key. */
export function placeLabel(lamp: ReportLamp, groupBy: ReportGroup): string {
  switch (groupBy) {
    case 'department':
      return lamp.deptName;
    case 'area':
      return lamp.area;
    case 'cabinet':
      return lamp.boxName;
    case 'terminal':
      return lamp.name;
    default:
      return '';
  }
}

export const ratedKw = (lamp: ReportLamp) => ratedPowerW(lamp) / 1000;

/**
 * The tariff of a department: the electricity set of the department or its nearest parent that has one, else the
 * default set, else the first; none when no electricity set exists (cost 0).
 */
export function tariffPicker(sets: Electricity[], paths: Map<number, number[]>): (deptId: number | null) => Electricity | undefined {
  const fallback = sets.find((s) => s.isDefault) ?? sets.find((s) => s.deptId === null) ?? sets[0];
  const cache = new Map<number | null, Electricity | undefined>();
  return (deptId) => {
    if (!cache.has(deptId)) {
      const line = deptId === null ? [] : [deptId, ...(paths.get(deptId) ?? [])];
      cache.set(deptId, line.map((id) => sets.find((s) => s.deptId === id)).find(Boolean) ?? fallback);
    }
    return cache.get(deptId);
  };
}
