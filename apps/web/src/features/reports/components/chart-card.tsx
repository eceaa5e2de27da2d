import { useState, type ReactNode } from 'react';
import { Button, Card, Segmented, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A chart with its table view and an .xlsx export of the same rows. `loading`: its rows are not in yet (a drill level or
 * period loading): the card shows as loading instead of the previous rows under the new heading.
 */
export function ChartCard({ title, chart, table, onExport, testId, loading = false }: { title: ReactNode; chart: ReactNode; table: ReactNode; onExport?: () => void; testId: string; loading?: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-testid={testId} loading={loading} aria-busy={loading}
      extra={
        <Space>
          <Segmented size="small" value={view} onChange={(v) => setView(v as 'chart' | 'table')} data-testid={`${testId}-view`}
            options={[{ value: 'chart', label: t('report.chart') }, { value: 'table', label: t('report.table') }]} />
          {onExport && <Button size="small" icon={<DownloadOutlined />} onClick={onExport} data-testid={`${testId}-export`}>{t('report.export')}</Button>}
        </Space>
      }>
      {view === 'chart' ? chart : table}
    </Card>
  );
}
