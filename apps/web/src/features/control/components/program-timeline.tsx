import { useMemo, useState } from 'react';
import { Alert, Col, DatePicker, Descriptions, Input, InputNumber, Row, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ProgramPreview, ProgramStep } from '@sl/contracts';
import { previewQuery, tariffOptionsQuery } from '../api/control-api';
import { TimelineChart } from './timeline-chart';

const hhmm = (m: number | null) => (m === null ? '—' : `${String(Math.floor(((m % 1440) + 1440) % 1440 / 60)).padStart(2, '0')}:${String(((m % 60) + 60) % 60).padStart(2, '0')}`);

/** The option of the 24 h chart: level steps, night shaded, sun events as lines. */
function chartOption(p: ProgramPreview, t: (k: string) => string) {
  const data = p.segments.flatMap((s) => [[s.from, s.level], [s.to, s.level]]);
  const sunLines = (['sunset', 'sunrise', 'dusk', 'dawn'] as const)
    .filter((k) => p.sun[k] !== null && p.sun[k]! >= 0 && p.sun[k]! <= 1440)
    .map((k) => ({ xAxis: p.sun[k], name: t(`control.at.${k}`), label: { formatter: `${t(`control.at.${k}`)} ${hhmm(p.sun[k])}`, position: 'insideEndTop' }, lineStyle: { color: k === 'sunset' || k === 'sunrise' ? '#fa8c16' : '#8c8c8c', type: 'dashed' } }));
  const night = p.sun.allDay === 'dark' ? [[{ xAxis: 0 }, { xAxis: 1440 }]] : [
    ...(p.sun.sunrise !== null ? [[{ xAxis: 0 }, { xAxis: p.sun.sunrise }]] : []),
    ...(p.sun.sunset !== null ? [[{ xAxis: p.sun.sunset }, { xAxis: 1440 }]] : []),
  ];
  return {
    grid: { left: 40, right: 20, top: 30, bottom: 30 },
    tooltip: { trigger: 'axis', formatter: (ps: Array<{ value: [number, number] }>) => `${hhmm(ps[0].value[0])} · ${ps[0].value[1]}%` },
    xAxis: { type: 'value', min: 0, max: 1440, interval: 120, axisLabel: { formatter: (v: number) => hhmm(v) } },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [{
      type: 'line', data, symbol: 'none', areaStyle: { opacity: 0.25 }, lineStyle: { width: 2 }, color: '#1890ff',
      markLine: { symbol: 'none', data: sunLines },
      markArea: { silent: true, itemStyle: { color: 'rgba(128, 128, 128, 0.16)' }, data: night },
    }],
  };
}

/** A figure and its unit stay on one line when long English labels squeeze the column. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The policy drawn on a 24 h timeline for a place and date, with the night's burn hours and energy saved. */
export function ProgramTimeline({ steps }: { steps: ProgramStep[] }) {
  const { t, i18n } = useTranslation();
  const [place, setPlace] = useState<{ lat: number; lng: number; timeZone: string; date: string; electricitySetId?: number; powerW: number }>({ lat: 31.23, lng: 121.47, timeZone: 'Asia/Shanghai', date: dayjs().format('YYYY-MM-DD'), powerW: 150 });
  const tariffs = useQuery(tariffOptionsQuery());
  const valid = steps.length > 0 && steps.every((s) => s.at && s.action);
  const preview = useQuery({ ...previewQuery({ steps, ...place }), enabled: valid });
  const option = useMemo(() => (preview.data ? chartOption(preview.data, t) : undefined), [preview.data, t]);
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  // Where the sun neither rises nor sets the program's night lasts all day (polar night) or never comes.
  const allDay = preview.data?.sun.allDay ? t(preview.data.sun.allDay === 'dark' ? 'control.polarNight' : 'control.midnightSun') : undefined;
  return (
    <div data-testid="program-preview">
      <Row gutter={8} style={{ marginBottom: 8 }}>
        <Col><Space.Compact><InputNumber addonBefore={t('control.lat')} value={place.lat} min={-90} max={90} step={0.01} onChange={(v) => v !== null && setPlace({ ...place, lat: v })} style={{ width: 150 }} /></Space.Compact></Col>
        <Col><InputNumber addonBefore={t('control.lng')} value={place.lng} min={-180} max={180} step={0.01} onChange={(v) => v !== null && setPlace({ ...place, lng: v })} style={{ width: 160 }} /></Col>
        <Col><DatePicker allowClear={false} value={dayjs(place.date)} onChange={(d) => d && setPlace({ ...place, date: d.format('YYYY-MM-DD') })} /></Col>
        <Col><Input addonBefore={t('control.timeZone')} value={place.timeZone} onChange={(e) => setPlace({ ...place, timeZone: e.target.value })} style={{ width: 240 }} /></Col>
        {!!tariffs.data?.list.length && (
          <>
            <Col><Select allowClear placeholder={t('control.tariff')} value={place.electricitySetId} onChange={(v?: number) => setPlace({ ...place, electricitySetId: v })} options={tariffs.data.list.map((s) => ({ value: s.id, label: s.name }))} style={{ width: 180 }} data-testid="preview-tariff" /></Col>
            <Col><InputNumber addonBefore={t('control.powerW')} addonAfter="W" value={place.powerW} min={1} max={5000} onChange={(v) => v !== null && setPlace({ ...place, powerW: v })} style={{ width: 170 }} /></Col>
          </>
        )}
      </Row>
      {preview.error && <Alert type="warning" showIcon message={preview.error.message} style={{ marginBottom: 8 }} data-testid="preview-error" />}
      {!valid && <Alert type="info" showIcon message={t('control.previewHint')} />}
      {option && <TimelineChart option={option} />}
      {preview.data && (
        <Descriptions size="small" column={{ xs: 1, md: 4 }} data-testid="preview-night">
          <Descriptions.Item label={t('control.at.sunset')}>{allDay ?? hhmm(preview.data.sun.sunset)}</Descriptions.Item>
          <Descriptions.Item label={t('control.at.sunrise')}>{allDay ?? hhmm(preview.data.sun.sunrise)}</Descriptions.Item>
          <Descriptions.Item label={t('control.burnHours')}><span style={NO_WRAP}>{num.format(preview.data.night.burnHours)} h</span></Descriptions.Item>
          <Descriptions.Item label={t('control.savedPct')}><span style={NO_WRAP}>{num.format(preview.data.night.savedPct)} %</span></Descriptions.Item>
          {preview.data.night.cost && (
            <Descriptions.Item label={t('control.nightCost')} span={4}>
              <span data-testid="preview-cost">{t('control.costLine', { ...preview.data.night.cost, kwh: num.format(preview.data.night.cost.kwh), fullKwh: num.format(preview.data.night.cost.fullKwh) })}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </div>
  );
}
