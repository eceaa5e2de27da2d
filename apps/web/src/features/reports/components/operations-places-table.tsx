import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationsPlaceRow } from '@sl/contracts';
import { EmptyState } from '../../../shared/table';
import { usePlaceName } from './place-name';

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const number = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** The operations figures of the places of one drill-down level; a place's name drills one level down, a lamp's opens its detail page. */
export function OperationsPlacesTable({ rows, level, onDrill }: { rows: OperationsPlaceRow[]; level: string; onDrill: (key: string, label: string) => void }) {
  const { t } = useTranslation();
  const name = usePlaceName(level, onDrill);
  const right = 'right' as const;
  return (
    <Table<OperationsPlaceRow> size="small" rowKey="key" pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} data-testid="report-places-table"
      locale={{ emptyText: <EmptyState reason={t('report.noReadings')} hint={t('report.widen')} /> }} dataSource={rows}
      columns={[
        { title: t('report.name'), key: 'name', fixed: 'left', render: (_, r) => name(r) },
        // A lamp's row is one lamp: its count says nothing.
        ...(level === 'terminal' ? [] : [{ title: t('report.terminals'), dataIndex: 'terminals', key: 'terminals', align: right }]),
        { title: t('report.lightingRate'), dataIndex: 'lightingRate', key: 'lightingRate', align: right, render: percent },
        { title: t('report.onlineRate'), dataIndex: 'onlineRate', key: 'onlineRate', align: right, render: percent },
        { title: t('report.failureRate'), dataIndex: 'failureRate', key: 'failureRate', align: right, render: number },
        { title: t('report.faults'), dataIndex: 'faults', key: 'faults', align: right },
        { title: t('report.burnHours'), dataIndex: 'burnHours', key: 'burnHours', align: right, render: number },
        { title: t('report.switches'), dataIndex: 'switches', key: 'switches', align: right },
        { title: t('report.openAlarms'), dataIndex: 'openAlarms', key: 'openAlarms', align: right },
      ]} />
  );
}
