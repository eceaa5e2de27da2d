import { useEffect, useMemo, useState } from 'react';
import { DatePicker, Empty, Segmented, Space, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { HistoryPoint } from '@sl/contracts';
import { EChart } from '../../../shared/chart/echart';
import { useTerminalHistory } from '../api/terminal-detail';

type Range = '24h' | '7d' | '30d' | 'custom';
const HOUR = 3_600_000;
const SPAN: Record<Exclude<Range, 'custom'>, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

/** The end of the current minute, so the query key stays put between renders and the newest heartbeat is inside. */
const nowMinute = () => Math.ceil((Date.now() + 1) / 60_000) * 60_000;

function spanText(seconds: number, lang: string) {
  const [value, unit] = seconds >= 3600 ? [seconds / 3600, 'hour'] : seconds >= 60 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export function chartOption(points: HistoryPoint[], cabinet: boolean, t: (k: string) => string, lang: string) {
  const x = points.map((p) => p.t);
  const line = (name: string, data: Array<number | null>, yAxisIndex = 0) => ({ name, type: 'line', showSymbol: false, connectNulls: false, yAxisIndex, data: data.map((v, i) => [x[i], v]) });
  const series = cabinet
    ? [
        line(`A ${t('detail.series.voltage')}`, points.map((p) => p.voltageA)),
        line(`B ${t('detail.series.voltage')}`, points.map((p) => p.voltageB)),
        line(`C ${t('detail.series.voltage')}`, points.map((p) => p.voltageC)),
        line(`A ${t('detail.series.current')}`, points.map((p) => p.currentA), 1),
        line(`B ${t('detail.series.current')}`, points.map((p) => p.currentB), 1),
        line(`C ${t('detail.series.current')}`, points.map((p) => p.currentC), 1),
      ]
    : [line(t('detail.series.voltage'), points.map((p) => p.voltageA)), line(t('detail.series.current'), points.map((p) => p.currentA), 1)];
  const time = new Intl.DateTimeFormat(lang, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: [{ left: 50, right: 50, top: 40, height: 150 }, { left: 50, right: 50, top: 240, height: 120 }],
    xAxis: [
      { type: 'time', gridIndex: 0, axisLabel: { formatter: (v: number) => time.format(v) } },
      { type: 'time', gridIndex: 1, axisLabel: { formatter: (v: number) => time.format(v) } },
    ],
    yAxis: [
      { type: 'value', name: 'V', gridIndex: 0, scale: true },
      { type: 'value', name: 'A', gridIndex: 0, scale: true },
      // Power and brightness start at 0 (a lamp at 40 % must not look dark); the energy counter only grows, so it is scaled.
      { type: 'value', name: 'kW', gridIndex: 1, min: 0 },
      cabinet ? { type: 'value', name: 'kWh', gridIndex: 1, scale: true } : { type: 'value', name: '%', gridIndex: 1, min: 0, max: 100 },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1] }],
    series: [
      ...series,
      { ...line(t('detail.series.power'), points.map((p) => p.powerKw), 2), xAxisIndex: 1 },
      cabinet
        ? { ...line(t('detail.series.energy'), points.map((p) => p.energyKwh), 3), xAxisIndex: 1 }
        : { ...line(t('detail.series.dim'), points.map((p) => p.dim), 3), xAxisIndex: 1 },
    ],
  };
}

/** Heartbeat history as plots: the server cuts any range into a few hundred buckets. */
export function HistoryCharts({ terminalId, cabinet, latestAt }: { terminalId: number; cabinet: boolean; latestAt?: string }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>('24h');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [to, setTo] = useState(nowMinute);
  // A newer heartbeat moves the window's end along (the query key changes only when the minute does).
  useEffect(() => {
    if (latestAt) setTo(nowMinute());
  }, [latestAt]);
  const from = range === 'custom' ? (custom?.[0].valueOf() ?? to - SPAN['24h']) : to - SPAN[range];
  const end = range === 'custom' ? (custom?.[1].valueOf() ?? to) : to;
  const history = useTerminalHistory(terminalId, from, end);
  const points = history.data?.points;
  const option = useMemo(() => chartOption(points ?? [], cabinet, t, i18n.language), [points, cabinet, t, i18n.language]);
  return (
    <div data-testid="history">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<Range>
          value={range}
          onChange={(r) => (setRange(r), setTo(nowMinute()))}
          options={(['24h', '7d', '30d', 'custom'] as const).map((r) => ({ value: r, label: t(`detail.range.${r}`) }))}
          data-testid="history-range"
        />
        {range === 'custom' && <DatePicker.RangePicker showTime value={custom} onChange={(v) => setCustom(v && v[0] && v[1] ? [v[0], v[1]] : null)} data-testid="history-custom" />}
        {history.data && <Typography.Text type="secondary" data-testid="history-points" data-points={points?.length}>{t('detail.bucket', { n: points?.length ?? 0, span: spanText(history.data.bucketS, i18n.language) })}</Typography.Text>}
      </Space>
      {history.isLoading ? <Spin /> : history.isError ? <Empty description={t('terminal.loadFailed')} /> : !points?.length ? <Empty description={t('detail.noHistory')} /> : <EChart option={option} height={380} testId="history-chart" />}
    </div>
  );
}
