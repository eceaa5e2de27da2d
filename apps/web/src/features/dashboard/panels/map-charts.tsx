import { useMemo } from 'react';
import { Empty } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MAP_STATE_COLOURS, MapState, type MapSummary } from '@sl/contracts';
import type { FleetCounters } from '../map/fleet-model';
import { EChart } from '../../../shared/chart/echart';

const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ margin: '12px 0' }} />;
const grid = { left: 8, right: 16, top: 8, bottom: 4, containLabel: true };

export function OnlineRatioChart({ counters }: { counters: FleetCounters }) {
  const { t } = useTranslation();
  const ratio = counters.total ? Math.round((counters.online / counters.total) * 1000) / 10 : 0;
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      title: undefined,
      series: [
        {
          type: 'pie', radius: ['58%', '80%'], avoidLabelOverlap: false,
          label: { show: true, position: 'center', formatter: `${ratio}%`, fontSize: 20, fontWeight: 600, color: '#11a983' },
          data: [
            { name: t('map.online'), value: counters.online, itemStyle: { color: '#11a983' } },
            { name: t('map.offline'), value: counters.offline, itemStyle: { color: MAP_STATE_COLOURS[MapState.offline] } },
          ],
        },
      ],
    }),
    [counters.online, counters.offline, ratio, t],
  );
  return counters.total ? <EChart option={option} height={150} testId="chart-online" /> : empty(t('map.noData'));
}

export function AlarmKindChart({ summary }: { summary?: MapSummary }) {
  const { t } = useTranslation();
  const rows = useMemo(() => summary?.alarmsByKind ?? [], [summary]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid,
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => t(`map.kind.${r.kind}`, { defaultValue: r.kind })) },
      series: [{ type: 'bar', data: rows.map((r) => r.count), itemStyle: { color: MAP_STATE_COLOURS[MapState.alarm] }, barMaxWidth: 14 }],
    }),
    [rows, t],
  );
  return rows.length ? <EChart option={option} height={Math.max(120, rows.length * 26 + 30)} testId="chart-alarms" /> : empty(t('map.noData'));
}

/** Whole kWh in a short form (1.2K): a narrow panel has room for three or four axis labels, never overlapping. */
const compactKwh = (lang: string) => {
  const f = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  return (v: number) => f.format(v);
};

export function energyChartOption(rows: MapSummary['energyByDept'], t: TFunction, lang: string) {
  return {
    tooltip: { trigger: 'axis' },
    grid,
    xAxis: { type: 'value', name: 'kWh', min: 0, splitNumber: 3, axisLabel: { hideOverlap: true, formatter: compactKwh(lang) } },
    yAxis: { type: 'category', inverse: true, axisLabel: { width: 96, overflow: 'truncate', hideOverlap: true }, data: rows.map((r) => r.deptName || t('map.noDept')) },
    series: [{ type: 'bar', data: rows.map((r) => r.energyKwh), itemStyle: { color: '#1677ff' }, barMaxWidth: 14 }],
  };
}

export function EnergyChart({ summary }: { summary?: MapSummary }) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => summary?.energyByDept ?? [], [summary]);
  const option = useMemo(() => energyChartOption(rows, t, i18n.language), [rows, t, i18n.language]);
  return rows.length ? <EChart option={option} height={Math.max(120, rows.length * 26 + 30)} testId="chart-energy" /> : empty(t('map.noData'));
}
