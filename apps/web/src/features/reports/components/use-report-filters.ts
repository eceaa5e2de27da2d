import { useState } from 'react';
import dayjs from 'dayjs';
import type { ReportGroup } from '@sl/contracts';
import type { ReportParams } from '../api/reports';

type Level = 'department' | 'area' | 'cabinet' | 'terminal';
type Narrow = Pick<ReportParams, 'deptIds' | 'areas' | 'noArea' | 'boxIds'>;

/** One step of the drill-down: the level it shows, the row it was opened from, what that row narrows to. */
export interface DrillStep {
  level: Level;
  title: string;
  narrow: Narrow;
}

const NEXT: Record<Level, Level | null> = { department: 'area', area: 'cabinet', cabinet: 'terminal', terminal: null };
const narrowing = (level: Level, key: string): Narrow =>
  level === 'department' ? { deptIds: [Number(key)] } : level === 'area' ? (key ? { areas: [key] } : { noArea: true }) : { boxIds: [Number(key)] };

/** The page's dates, period and drill-down path: department → area → cabinet → lamp. */
export function useReportFilters(initialDays = 30) {
  const [range, setRange] = useState<[string, string]>([dayjs().subtract(initialDays - 1, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const [period, setPeriod] = useState<ReportGroup>('day');
  const [lastYear, setLastYear] = useState(false);
  const [path, setPath] = useState<DrillStep[]>([{ level: 'department', title: '', narrow: {} }]);
  const level = path[path.length - 1].level;
  const narrow = path.reduce<Narrow>((n, s) => ({ ...n, ...s.narrow }), {});
  const base = { from: range[0], to: range[1], ...narrow };
  return {
    range, setRange, period, setPeriod, lastYear, setLastYear, path, level,
    /** The rows of the current level. */
    places: { ...base, groupBy: level } satisfies ReportParams,
    /** The same lamps by period (the trend). */
    periods: { ...base, groupBy: period, lastYear } satisfies ReportParams,
    /** Opens a row of the current level; false at the lamp level (its row links to the lamp's detail). */
    drill(key: string, title: string): boolean {
      const next = NEXT[level];
      if (!next) return false;
      setPath([...path, { level: next, title, narrow: narrowing(level, key) }]);
      return true;
    },
    /** Back to step `index` of the path. */
    back: (index: number) => setPath(path.slice(0, index + 1)),
  };
}

export type ReportFilters = ReturnType<typeof useReportFilters>;
