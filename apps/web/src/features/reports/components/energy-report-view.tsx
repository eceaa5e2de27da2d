import { useMemo } from 'react';
import { Button, Col, Row, Spin, Statistic } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EnergyReportRow } from '@sl/contracts';
import { EChart } from '../../../shared/chart/echart';
import { QueryError } from '../../../shared/table';
import { downloadMonthPdf, downloadReport, useEnergyReport } from '../api/reports';
import { ChartCard } from './chart-card';
import { placesOption, savingsOption, trendOption } from './energy-charts';
import { EnergyTable, type EnergyColumn } from './energy-table';
import { useRowLabel } from './place-name';
import { ReportToolbar } from './report-toolbar';
import { useReportFilters } from './use-report-filters';

const NO_ROWS: EnergyReportRow[] = [];
const ENERGY: EnergyColumn[] = ['terminals', 'kwh', 'baselineKwh', 'savingKwh', 'cost', 'co2Kg', 'burnHours', 'lightingRate', 'onlineRate', 'lastYearKwh'];
const SAVINGS: EnergyColumn[] = ['terminals', 'baselineKwh', 'kwh', 'savingKwh', 'dimmingSavingKwh', 'shorterBurningSavingKwh', 'cost', 'burnHours'];

/** The energy page and the savings page: a trend by period and the places of the drill-down level, each with its table and export. */
export function EnergyReportView({ mode }: { mode: 'energy' | 'savings' }) {
  const { t } = useTranslation();
  const filters = useReportFilters();
  const trend = useEnergyReport(filters.periods);
  const places = useEnergyReport(filters.places);
  // Savings per policy: each lamp-day under the policy the lamp ran that day (a schedule change splits its lamps' days).
  const policies = useEnergyReport({ ...filters.places, groupBy: 'policy' }, mode === 'savings');
  const ownPolicies = policies.isPlaceholderData ? undefined : policies.data;
  const policyLabel = useRowLabel('policy');
  const label = useRowLabel(filters.level);
  // The previous level's rows stay on screen while the next level loads; drawn with the new level's links they would
  // point at the wrong pages (a cabinet's key as a lamp's), so they are withheld until the level's own rows arrive.
  const ownPlaces = places.isPlaceholderData ? undefined : places.data;
  const placeRows = ownPlaces?.rows ?? NO_ROWS;
  // The trend likewise: the previous level's or period's rows would read as these lamps'.
  const ownTrend = trend.isPlaceholderData ? undefined : trend.data;
  const trendRows = ownTrend?.rows ?? NO_ROWS;
  const columns = mode === 'energy' ? ENERGY : SAVINGS;
  const trendChart = useMemo(() => (mode === 'energy' ? trendOption(trendRows, t) : savingsOption(trendRows, (r) => r.key, t)), [mode, trendRows, t]);
  const placesChart = useMemo(() => (mode === 'energy' ? placesOption(placeRows, label, t) : savingsOption(placeRows, label, t)), [mode, placeRows, label, t]);
  const policyChart = useMemo(() => savingsOption(ownPolicies?.rows ?? NO_ROWS, policyLabel, t), [ownPolicies, policyLabel, t]);
  const deptId = filters.path.flatMap((s) => s.narrow.deptIds ?? []).at(-1);
  // The totals are the level's too: while the next level loads, the previous level's (placeholder) totals would read as
  // the new level's figures, so the cards show as loading until the level's own total arrives.
  const total = ownPlaces?.total;
  if (trend.isError || places.isError) return <QueryError query={trend.isError ? trend : places} />;
  return (
    <div data-testid={`report-${mode}`}>
      <ReportToolbar filters={filters} withLastYear={mode === 'energy'}
        extra={deptId !== undefined && <Button icon={<FilePdfOutlined />} onClick={() => void downloadMonthPdf(deptId, filters.range[0].slice(0, 7))} data-testid="report-month-pdf">{t('report.monthPdf')}</Button>} />
      <Spin spinning={trend.isFetching || places.isFetching}>
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="report-totals" aria-busy={!total}>
          <Col xs={12} md={6}><Statistic loading={!total} title={t('report.kwh')} value={total?.kwh} precision={1} /></Col>
          <Col xs={12} md={6}><Statistic loading={!total} title={t('report.savingKwh')} value={total?.savingKwh} precision={1} /></Col>
          <Col xs={12} md={6}><Statistic loading={!total} title={`${t('report.cost')}${total?.currency ? ` (${total.currency})` : ''}`} value={total?.cost} precision={2} /></Col>
          <Col xs={12} md={6}><Statistic loading={!total} title={mode === 'energy' ? t('report.co2Kg') : t('report.dimmingSavingKwh')} value={mode === 'energy' ? total?.co2Kg : total?.dimmingSavingKwh} precision={1} /></Col>
        </Row>
        <ChartCard testId="report-trend" title={mode === 'energy' ? t('report.trend') : t('report.savingsSplit')} onExport={() => void downloadReport(mode, filters.periods)} loading={!ownTrend}
          chart={<EChart option={trendChart} height={280} testId="report-trend-chart" />}
          table={<EnergyTable rows={trendRows} columns={columns} level={filters.period} testId="report-trend-table" />} />
        <ChartCard testId="report-places" title={t('report.byPlace', { level: t(`report.level.${filters.level}`) })} onExport={() => void downloadReport(mode, filters.places)} loading={!ownPlaces}
          chart={<EChart option={placesChart} height={280} testId="report-places-chart" />}
          table={<EnergyTable rows={placeRows} total={ownPlaces?.total} columns={columns} level={filters.level} onDrill={(key, name) => filters.drill(key, name)} testId="report-places-table" />} />
        {mode === 'savings' && (
          <ChartCard testId="report-policies" title={t('report.byPolicy')} onExport={() => void downloadReport(mode, { ...filters.places, groupBy: 'policy' })} loading={!ownPolicies}
            chart={<EChart option={policyChart} height={280} testId="report-policies-chart" />}
            table={<EnergyTable rows={ownPolicies?.rows ?? NO_ROWS} columns={columns} level="policy" testId="report-policies-table" />} />
        )}
      </Spin>
    </div>
  );
}
