import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Terminal } from '@sl/contracts';
import { usePermission } from '../../shared/permission/access';
import { PagedTable, QueryError, confirmDelete, usePagedQuery } from '../../shared/table';
import { inventoryQuery, useDeleteInventory, type InventoryFilters } from './api/inventory';
import { inventoryColumns } from './components/inventory-columns';
import { InventorySearch } from './components/inventory-search';

/** Terminals in the factory or the warehouse: the spares a repair can draw on. */
export default function InventoryPage() {
  const { t } = useTranslation();
  const canRemove = usePermission()(['terminal:inventory:remove']);
  const paged = usePagedQuery(inventoryQuery, {} as InventoryFilters, undefined, (t) => t.terminalId);
  const [selected, setSelected] = useState<Terminal[]>([]);
  const remove = useDeleteInventory();
  const onDelete = (rows: Terminal[]) =>
    confirmDelete({ names: rows.map((r) => r.sn), onOk: () => remove.mutateAsync(rows.map((r) => r.terminalId)).then(() => setSelected([])) });
  return (
    <Card>
      <InventorySearch onSearch={paged.setFilters} onReset={paged.reset} />
      {canRemove && (
        <Space style={{ marginBottom: 16 }}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>{t('common.deleteSelected')}</Button>
        </Space>
      )}
      <QueryError query={paged.query} />
      <PagedTable<Terminal>
        paged={paged}
        rowKey="terminalId"
        columns={inventoryColumns(t, canRemove ? onDelete : undefined)}
        rowSelection={canRemove ? { selectedRowKeys: selected.map((r) => r.terminalId), onChange: (_, rows) => setSelected(rows) } : undefined}
      />
    </Card>
  );
}
