import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TerminalBox } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, QueryError, confirmDelete, usePagedQuery } from '../../shared/table';
import { boxesQuery, useDeleteBoxes, type BoxFilters } from './api/boxes';
import { boxColumns } from './components/box-columns';
import { BoxDialog } from './components/box-dialog';
import { BoxSearch } from './components/box-search';
import { BoxTerminalsDrawer } from './components/box-terminals-drawer';

const perm = (action: string) => [`terminal:box:${action}`];

/** Cabinets and pole boxes, and which terminals each one holds. */
export default function BoxesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(boxesQuery, {} as BoxFilters);
  const [dialog, setDialog] = useState<{ row: TerminalBox | null } | null>(null);
  const [terminalsOf, setTerminalsOf] = useState<TerminalBox | null>(null);
  const [selected, setSelected] = useState<TerminalBox[]>([]);
  const remove = useDeleteBoxes();
  const onDelete = (rows: TerminalBox[]) =>
    confirmDelete({ names: rows.map((r) => r.name), onOk: () => remove.mutateAsync(rows.map((r) => r.boxId)).then(() => setSelected([])) });
  const columns = boxColumns(t, {
    canEdit: can(perm('edit')), canRemove: can(perm('remove')), canMount: can(perm('mount')),
    onEdit: (row) => setDialog({ row }), onDelete, onTerminals: setTerminalsOf,
  });
  return (
    <Card>
      <BoxSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={perm('add')}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>
        </Access>
        <Access permissions={perm('remove')}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>{t('common.deleteSelected')}</Button>
        </Access>
      </Space>
      <QueryError query={paged.query} />
      <PagedTable<TerminalBox>
        paged={paged}
        rowKey="boxId"
        columns={columns}
        rowSelection={can(perm('remove')) ? { selectedRowKeys: selected.map((r) => r.boxId), onChange: (_, rows) => setSelected(rows) } : undefined}
      />
      <BoxDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      <BoxTerminalsDrawer box={terminalsOf} onClose={() => setTerminalsOf(null)} />
    </Card>
  );
}
