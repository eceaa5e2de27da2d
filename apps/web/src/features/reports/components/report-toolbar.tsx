import { Breadcrumb, Checkbox, DatePicker, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { ReportFilters } from './use-report-filters';

const PERIODS = ['day', 'week', 'month', 'year'] as const;

/** Dates, period, last year, and the drill-down path as a breadcrumb. */
export function ReportToolbar({ filters, extra, withPeriod = true, withLastYear = true }: { filters: ReportFilters; extra?: ReactNode; withPeriod?: boolean; withLastYear?: boolean }) {
  const { t } = useTranslation();
  const f = filters;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Space wrap>
        <Typography.Text>{t('report.range')}</Typography.Text>
        <DatePicker.RangePicker allowClear={false} value={[dayjs(f.range[0]), dayjs(f.range[1])]} data-testid="report-range"
          onChange={(v) => v?.[0] && v[1] && f.setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])} />
        {withPeriod && (
          <Select value={f.period} onChange={f.setPeriod} style={{ width: 120 }} data-testid="report-period" aria-label={t('report.period')}
            options={PERIODS.map((p) => ({ value: p, label: t(`report.period.${p}`) }))} />
        )}
        {withLastYear && <Checkbox checked={f.lastYear} onChange={(e) => f.setLastYear(e.target.checked)}>{t('report.lastYear')}</Checkbox>}
        {extra}
      </Space>
      <Breadcrumb data-testid="report-drill-path"
        items={f.path.map((step, i) => ({
          title: i === f.path.length - 1 ? (step.title || t('report.all')) : <a onClick={() => f.back(i)}>{step.title || t('report.all')}</a>,
        }))} />
      <Typography.Text type="secondary">{t('report.drillHint')}</Typography.Text>
    </Space>
  );
}
