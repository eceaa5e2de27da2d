import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TerminalListItem, TerminalWithSecret } from '@sl/contracts';
import type { MapDeltaPush } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { usePushChannel } from '../../../shared/push';
import { PagedTable, confirmDelete, usePagedQuery } from '../../../shared/table';
import { exportTerminals } from '../api/terminal-files';
import { terminalsQuery, useDeleteTerminals, type TerminalFilters } from '../api/terminals';
import { BatchBar } from './batch-bar';
import { ImagesDialog } from './images-dialog';
import { SecretDialog } from './secret-dialog';
import { StatusDialog } from './status-dialog';
import { TerminalFormDialog } from './terminal-form-dialog';
import { TerminalSearch } from './terminal-search';
import { TerminalTabs } from './terminal-tabs';
import { useTerminalColumns } from './use-terminal-columns';

export default function TerminalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const paged = usePagedQuery(terminalsQuery, { status: 6 } as TerminalFilters, undefined, (t) => t.terminalId);
  const [editing, setEditing] = useState<TerminalListItem | 'new' | null>(null);
  const [created, setCreated] = useState<TerminalWithSecret | null>(null);
  const [statusOf, setStatusOf] = useState<TerminalListItem | null>(null);
  const [imagesOf, setImagesOf] = useState<TerminalListItem | null>(null);
  const [selected, setSelected] = useState<TerminalListItem[]>([]);
  const remove = useDeleteTerminals();
  const askDelete = (rows: TerminalListItem[]) =>
    confirmDelete({
      names: rows.map((r) => r.name),
      onOk: () => remove.mutateAsync(rows.map((r) => r.terminalId)).then(() => (message.success(t('terminal.deleted')), setSelected([]))),
    });
  // Online, lit and alarm changes of the rows on screen arrive as map deltas: the page is read again.
  usePushChannel('map', (m) => {
    const delta = m as MapDeltaPush;
    if (delta.event === 'mapDelta' && delta.changes.some(([id]) => paged.list.some((r) => r.terminalId === id))) void paged.refetch();
  });
  const search = (filters: TerminalFilters) => {
    // Searching again with the same filters reads the list again (states change all the time).
    if (JSON.stringify(filters) === JSON.stringify(paged.filters)) void paged.refetch();
    else paged.setFilters(filters);
  };
  const columns = useTerminalColumns({ onEdit: setEditing, onStatus: setStatusOf, onImages: setImagesOf, onDelete: askDelete });
  return (
    <Card size="small" data-testid="terminals-page">
      <TerminalSearch onSearch={search} onReset={paged.reset} />
      <TerminalTabs filters={paged.filters} onFilter={(f) => paged.setFilters({ ...paged.filters, onlineState: undefined, ...f })} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Access permissions={['terminal:terminal:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="btn-add">{t('common.add')}</Button>
        </Access>
        <Access permissions={['terminal:terminal:remove']}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => askDelete(selected)} data-testid="btn-delete-selected">{t('common.delete')}</Button>
        </Access>
        <Button icon={<DownloadOutlined />} onClick={() => void exportTerminals(paged.filters)} data-testid="btn-export">{t('terminal.export')}</Button>
      </Space>
      <BatchBar selected={selected} />
      {paged.query.isError && !paged.list.length ? (
        <Space direction="vertical" style={{ width: '100%', textAlign: 'center', padding: 24 }} data-testid="list-error">
          <span>{t('terminal.loadFailed')}</span>
          <Button onClick={() => void paged.refetch()}>{t('terminal.retry')}</Button>
        </Space>
      ) : (
        <PagedTable<TerminalListItem>
          rowKey="terminalId"
          columns={columns}
          paged={paged}
          rowSelection={{ selectedRowKeys: selected.map((r) => r.terminalId), onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true }}
        />
      )}
      <TerminalFormDialog editing={editing} onClose={() => setEditing(null)} onCreated={setCreated} />
      <SecretDialog terminal={created} onClose={() => setCreated(null)} />
      <StatusDialog terminal={statusOf} onClose={() => setStatusOf(null)} />
      <ImagesDialog terminal={imagesOf} onClose={() => setImagesOf(null)} />
    </Card>
  );
}
