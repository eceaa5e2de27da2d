import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyReportRow } from '@sl/contracts';
import { EmptyState } from '../../../shared/table';
import { usePlaceName } from './place-name';

export type EnergyColumn = keyof Pick<EnergyReportRow, 'terminals' | 'kwh' | 'baselineKwh' | 'savingKwh' | 'dimmingSavingKwh' | 'shorterBurningSavingKwh' | 'cost' | 'co2Kg' | 'burnHours' | 'lightingRate' | 'onlineRate' | 'lastYearKwh'>;
const RATES: EnergyColumn[] = ['lightingRate', 'onlineRate'];
const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)} %`);
const number = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString(undefined, { maximumFractionDigits: 2 }));

/**
 * The rows as a table; a place's name drills one level down (`onDrill`), a lamp's name opens its detail page.
 * `level` is the rows' place level, or a period.
 */
export function EnergyTable({ rows, total, columns, level, onDrill, testId }: { rows: EnergyReportRow[]; total?: EnergyReportRow; columns: EnergyColumn[]; level: string; onDrill?: (key: string, label: string) => void; testId: string }) {
  const { t } = useTranslation();
  const name = usePlaceName(level, onDrill);
  return (
    <Table<EnergyReportRow> size="small" rowKey="key" pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} data-testid={testId}
      locale={{ emptyText: <EmptyState reason={t('report.noReadings')} hint={t('report.widen')} /> }}
      dataSource={total ? [...rows, total] : rows}
      columns={[
        { title: t('report.name'), key: 'name', fixed: 'left', render: (_, r) => name(r) },
        ...columns.map((c) => ({ title: c === 'cost' ? `${t('report.cost')}${rows[0]?.currency ? ` (${rows[0].currency})` : ''}` : t(`report.${c}`), dataIndex: c, key: c, align: 'right' as const,
          render: (v: number | null | undefined) => (RATES.includes(c) ? percent(v) : number(v)) })),
      ]} />
  );
}
