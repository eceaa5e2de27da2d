import type { EChartsCoreOption } from 'echarts/core';
import type { LampOperations, OperationsPlaceRow, OperationsReport } from '@sl/contracts';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The lighting rate of every night hour: hours across, days down; day-time hours stay empty. */
export function heatMapOption(report: OperationsReport | undefined, t: T): EChartsCoreOption {
  const days = [...new Set((report?.heatMap ?? []).map((c) => c.day))];
  const data = (report?.heatMap ?? []).filter((c) => c.rate !== null).map((c) => [c.hour, days.indexOf(c.day), Math.round(c.rate! * 1000) / 10]);
  return {
    tooltip: { position: 'top' },
    grid: { left: 88, right: 16, top: 16, bottom: 104 },
    xAxis: { type: 'category', name: t('report.hour'), data: Array.from({ length: 24 }, (_, h) => String(h)), splitArea: { show: true } },
    yAxis: { type: 'category', data: days, splitArea: { show: true } },
    visualMap: { min: 0, max: 100, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, text: ['100 %', '0 %'] },
    series: [{ name: t('report.lightingRate'), type: 'heatmap', data, label: { show: false } }],
  };
}

/** Open alarms per age bucket. */
export function openByAgeOption(report: OperationsReport | undefined, t: T): EChartsCoreOption {
  const buckets = report?.openByAge ?? [];
  return {
    tooltip: { trigger: 'axis' }, grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: buckets.map((b) => t(`report.age.${b.bucket}`)) }, yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: t('report.count'), type: 'bar', data: buckets.map((b) => b.count) }],
  };
}

/** Lighting and online rate (%) per place of the drill-down level. */
export function placeRatesOption(rows: OperationsPlaceRow[], label: (r: OperationsPlaceRow) => string, t: T): EChartsCoreOption {
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 48, right: 16, top: 32, bottom: 48 },
    xAxis: { type: 'category', data: rows.map(label), axisLabel: { hideOverlap: true } }, yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      { name: t('report.lightingRate'), type: 'bar', data: rows.map((r) => pct(r.lightingRate)) },
      { name: t('report.onlineRate'), type: 'bar', data: rows.map((r) => pct(r.onlineRate)) },
    ],
  };
}

/** The lighting rate (%) of each of the worst lamps, lowest first. */
export function lampRatesOption(lamps: LampOperations[], t: T): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' }, grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: lamps.map((l) => l.name), axisLabel: { hideOverlap: true } }, yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    series: [{ name: t('report.lightingRate'), type: 'bar', data: lamps.map((l) => (l.lightingRate === null ? null : Math.round(l.lightingRate * 1000) / 10)) }],
  };
}
