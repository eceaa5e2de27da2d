import { useMemo } from 'react';
import { Col, Row, Spin, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import { use as useEcharts } from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { useTranslation } from 'react-i18next';
import type { LampOperations, RepairTimes } from '@sl/contracts';
import { EChart } from '../../../shared/chart/echart';
import { EmptyState, QueryError } from '../../../shared/table';
import { downloadReport, useOperationsReport } from '../api/reports';
import { ChartCard } from './chart-card';
import { heatMapOption, lampRatesOption, openByAgeOption, placeRatesOption } from './operations-charts';
import { OperationsPlacesTable } from './operations-places-table';
import { useRowLabel } from './place-name';
import { ReportToolbar } from './report-toolbar';
import { useReportFilters } from './use-report-filters';

useEcharts([HeatmapChart, VisualMapComponent]);

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const minutes = (v: number | null) => (v === null ? '—' : v.toFixed(1));

/**
 * Lighting rate by hour and day, online and failure rate, repair times, open alarms by age, and the worst lamps, of the
 * place the drill-down has reached; and the figures of each place of its level, whose names drill one level down.
 */
export function OperationsReportView() {
  const { t } = useTranslation();
  const filters = useReportFilters(7);
  const report = useOperationsReport(filters.places);
  // While another level or range loads, the query keeps the previous answer as placeholder: its figures under the new
  // heading would read as the new lamps', so every card shows as loading until their own answer arrives.
  const d = report.isPlaceholderData ? undefined : report.data;
  const loading = !d;
  const heat = useMemo(() => heatMapOption(d, t), [d, t]);
  const ages = useMemo(() => openByAgeOption(d, t), [d, t]);
  const lamps = useMemo(() => lampRatesOption(d?.lamps ?? [], t), [d, t]);
  const label = useRowLabel(filters.level);
  const places = useMemo(() => placeRatesOption(d?.rows ?? [], label, t), [d, label, t]);
  if (report.isError) return <QueryError query={report} />;
  const noRepairs = { emptyText: <EmptyState reason={t('report.noAlarms')} hint={t('report.widen')} /> };
  const noReadings = { emptyText: <EmptyState reason={t('report.noReadings')} hint={t('report.widen')} /> };
  const repairColumns = (none: string) => [
    // Key 0 gathers the alarms with no department, or no work order assignee.
    { title: t('report.name'), dataIndex: 'label', key: 'label', render: (v: string, r: RepairTimes) => v || (r.key === '0' ? t(none) : r.key) },
    { title: t('report.alarms'), dataIndex: 'alarms', key: 'alarms', align: 'right' as const },
    { title: t('report.meanAck'), dataIndex: 'meanAckMinutes', key: 'ack', align: 'right' as const, render: minutes },
    { title: t('report.meanRepair'), dataIndex: 'meanRepairMinutes', key: 'repair', align: 'right' as const, render: minutes },
  ];
  return (
    <div data-testid="report-operations">
      <ReportToolbar filters={filters} withPeriod={false} withLastYear={false} />
      <Spin spinning={report.isFetching}>
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="report-totals" aria-busy={loading}>
          <Col xs={12} md={6}><Statistic loading={loading} title={t('report.lightingRate')} value={percent(d?.lightingRate ?? null)} /></Col>
          <Col xs={12} md={6}><Statistic loading={loading} title={t('report.onlineRate')} value={percent(d?.onlineRate ?? null)} /></Col>
          <Col xs={12} md={6}><Statistic loading={loading} title={t('report.failureRate')} value={d?.failureRate} precision={2} /></Col>
          <Col xs={12} md={6}><Statistic loading={loading} title={t('report.faults')} value={d?.faults} /></Col>
        </Row>
        <ChartCard testId="report-places" title={t('report.byPlace', { level: t(`report.level.${filters.level}`) })} onExport={() => void downloadReport('operations', filters.places)} loading={loading}
          chart={<EChart option={places} height={280} testId="report-places-chart" />}
          table={<OperationsPlacesTable rows={d?.rows ?? []} level={filters.level} onDrill={(key, name) => filters.drill(key, name)} />} />
        <ChartCard testId="report-heatmap" title={t('report.heatMap')} onExport={() => void downloadReport('operations', filters.places)} loading={loading}
          chart={<EChart option={heat} height={Math.max(272, 22 * new Set(d?.heatMap.map((c) => c.day)).size + 128)} testId="report-heatmap-chart" />}
          table={
            <Table size="small" rowKey="day" pagination={false} scroll={{ x: 'max-content' }} data-testid="report-heatmap-table" locale={noReadings}
              dataSource={[...new Set(d?.heatMap.map((c) => c.day))].map((day) => ({ day, ...Object.fromEntries((d?.heatMap ?? []).filter((c) => c.day === day).map((c) => [`h${c.hour}`, c.rate])) }))}
              columns={[{ title: t('report.range'), dataIndex: 'day', key: 'day', fixed: 'left' as const }, ...Array.from({ length: 24 }, (_, h) => ({ title: `${h}`, dataIndex: `h${h}`, key: `h${h}`, render: (v: number | null | undefined) => (v === null || v === undefined ? '' : `${Math.round(v * 100)}`) }))]} />
          } />
        <ChartCard testId="report-ages" title={t('report.openByAge')} onExport={() => void downloadReport('operations', filters.places)} loading={loading}
          chart={<EChart option={ages} height={200} testId="report-ages-chart" />}
          table={
            <Table size="small" rowKey="bucket" pagination={false} data-testid="report-ages-table" locale={noRepairs} dataSource={d?.openByAge ?? []}
              columns={[
                { title: t('report.openByAge'), dataIndex: 'bucket', key: 'bucket', render: (v: string) => t(`report.age.${v}`) },
                { title: t('report.count'), dataIndex: 'count', key: 'count', align: 'right' as const },
              ]} />
          } />
        <ChartCard testId="report-lamps" title={t('report.lampsWorst')} onExport={() => void downloadReport('operations', filters.places)} loading={loading}
          chart={<EChart option={lamps} height={240} testId="report-lamps-chart" />}
          table={
            <Table<LampOperations> size="small" rowKey="terminalId" pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="report-lamps-table" locale={noReadings} dataSource={d?.lamps ?? []}
              columns={[
                { title: t('report.name'), dataIndex: 'name', key: 'name', render: (v: string, r) => <Link to={`/terminal/detail/${r.terminalId}`} data-testid="report-lamp-link">{v}</Link> },
                { title: t('report.burnHours'), dataIndex: 'burnHours', key: 'burn', align: 'right' },
                { title: t('report.switches'), dataIndex: 'switches', key: 'switches', align: 'right' },
                { title: t('report.lightingRate'), dataIndex: 'lightingRate', key: 'rate', align: 'right', render: percent },
              ]} />
          } />
        <Row gutter={16}>
          <Col xs={24} lg={12}><ChartCard testId="report-repair-dept" title={t('report.repairByDept')} onExport={() => void downloadReport('operations', filters.places)} loading={loading} chart={<Table size="small" rowKey="key" pagination={false} dataSource={d?.repairByDept ?? []} columns={repairColumns('report.noDept')} locale={noRepairs} />} table={<Table size="small" rowKey="key" pagination={false} dataSource={d?.repairByDept ?? []} columns={repairColumns('report.noDept')} locale={noRepairs} />} /></Col>
          <Col xs={24} lg={12}><ChartCard testId="report-repair-repairer" title={t('report.repairByRepairer')} onExport={() => void downloadReport('operations', filters.places)} loading={loading} chart={<Table size="small" rowKey="key" pagination={false} dataSource={d?.repairByRepairer ?? []} columns={repairColumns('report.unassigned')} locale={noRepairs} />} table={<Table size="small" rowKey="key" pagination={false} dataSource={d?.repairByRepairer ?? []} columns={repairColumns('report.unassigned')} locale={noRepairs} />} /></Col>
        </Row>
      </Spin>
    </div>
  );
}
