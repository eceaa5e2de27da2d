import type { EChartsCoreOption } from 'echarts/core';
import type { EnergyReportRow } from '@sl/contracts';

type T = (key: string, opts?: Record<string, unknown>) => string;
const axis = (rows: EnergyReportRow[], label: (r: EnergyReportRow) => string) => ({ type: 'category', data: rows.map(label), axisLabel: { hideOverlap: true } });
const base = { tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 48, right: 16, top: 32, bottom: 48 }, yAxis: { type: 'value' } };

/** Energy per period as bars, the baseline as a line, last year as bars beside. */
export function trendOption(rows: EnergyReportRow[], t: T): EChartsCoreOption {
  const series: object[] = [
    { name: t('report.kwh'), type: 'bar', data: rows.map((r) => r.kwh) },
    { name: t('report.baselineKwh'), type: 'line', data: rows.map((r) => r.baselineKwh), symbol: 'none' },
  ];
  if (rows.some((r) => r.lastYearKwh !== undefined)) series.push({ name: t('report.lastYearKwh'), type: 'bar', data: rows.map((r) => r.lastYearKwh ?? 0) });
  return { ...base, xAxis: axis(rows, (r) => r.key), series };
}

/** Energy and saving stacked per place: together the baseline of each. */
export function placesOption(rows: EnergyReportRow[], label: (r: EnergyReportRow) => string, t: T): EChartsCoreOption {
  return {
    ...base, xAxis: axis(rows, label),
    series: [
      { name: t('report.kwh'), type: 'bar', stack: 'baseline', data: rows.map((r) => r.kwh) },
      { name: t('report.savingKwh'), type: 'bar', stack: 'baseline', data: rows.map((r) => Math.max(0, r.savingKwh)) },
    ],
  };
}

/** What the energy used and the two savings were, stacked per row: the baseline. */
export function savingsOption(rows: EnergyReportRow[], label: (r: EnergyReportRow) => string, t: T): EChartsCoreOption {
  return {
    ...base, xAxis: axis(rows, label),
    series: [
      { name: t('report.kwh'), type: 'bar', stack: 'baseline', data: rows.map((r) => r.kwh) },
      { name: t('report.dimmingSavingKwh'), type: 'bar', stack: 'baseline', data: rows.map((r) => Math.max(0, r.dimmingSavingKwh)) },
      { name: t('report.shorterBurningSavingKwh'), type: 'bar', stack: 'baseline', data: rows.map((r) => Math.max(0, r.shorterBurningSavingKwh)) },
    ],
  };
}
