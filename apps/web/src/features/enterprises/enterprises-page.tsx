import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, confirmDelete, usePagedQuery } from '../../shared/table';
import { enterprisesQuery, type EnterpriseFilters } from './api/get-enterprises';
import { useDeleteEnterprises } from './api/enterprise-mutations';
import { enterpriseColumns } from './components/enterprise-columns';
import { EnterpriseDialog } from './components/enterprise-dialog';
import { EnterpriseSearch } from './components/enterprise-search';

const perm = (action: string) => [`system:enterprise:${action}`];

export default function EnterprisesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(enterprisesQuery, {} as EnterpriseFilters);
  const [dialog, setDialog] = useState<{ row: Enterprise | null } | null>(null);
  const [selected, setSelected] = useState<Enterprise[]>([]);
  const remove = useDeleteEnterprises();
  const onDelete = (rows: Enterprise[]) =>
    confirmDelete({ names: rows.map((r) => r.name), onOk: () => remove.mutateAsync(rows.map((r) => r.enterpriseId)).then(() => setSelected([])) });
  const columns = enterpriseColumns(t, { canEdit: can(perm('edit')), canRemove: can(perm('remove')), onEdit: (row) => setDialog({ row }), onDelete });
  return (
    <Card>
      <EnterpriseSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={perm('add')}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>
        </Access>
        <Access permissions={perm('remove')}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>
            {t('common.deleteSelected')}
          </Button>
        </Access>
      </Space>
      <PagedTable<Enterprise>
        paged={paged}
        rowKey="enterpriseId"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.enterpriseId), onChange: (_, rows) => setSelected(rows) }}
      />
      <EnterpriseDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
