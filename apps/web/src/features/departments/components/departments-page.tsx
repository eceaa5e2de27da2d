import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dept } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { STATUS_DICT, statusFallback } from '../../../shared/org/status-options';
import { Access } from '../../../shared/permission/access';
import { PlainTable, SearchForm, confirmDelete } from '../../../shared/table';
import { useDepts, type DeptFilters } from '../api/get-depts';
import { useDeleteDept } from '../api/dept-mutations';
import { DeptFormDialog, type DeptEditing } from './dept-form-dialog';
import { useDeptColumns } from './use-dept-columns';

export default function DepartmentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<DeptFilters>({});
  const { data, isFetching } = useDepts(filters);
  const [editing, setEditing] = useState<DeptEditing | null>(null);
  const remove = useDeleteDept();
  const onDelete = (d: Dept) =>
    confirmDelete({ names: [d.deptName], onOk: () => remove.mutateAsync(d.deptId).then(() => message.success(t('dept.deleted'))) });
  const columns = useDeptColumns({ onAdd: (d) => setEditing({ parentId: d.deptId }), onEdit: (d) => setEditing({ dept: d, parentId: d.parentId }), onDelete });
  return (
    <Card size="small">
      <SearchForm<DeptFilters> onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item name="deptName" label={t('dept.deptName')}>
          <Input allowClear placeholder={t('dept.deptName')} data-testid="search-deptName" />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <DictSelect type={STATUS_DICT} fallback={statusFallback()} placeholder={t('common.status')} data-testid="search-status" />
        </Form.Item>
      </SearchForm>
      <Access permissions={['system:sysdept:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })} style={{ marginBottom: 16 }} data-testid="btn-add">{t('common.add')}</Button>
      </Access>
      {data && <PlainTable<Dept> rowKey="deptId" columns={columns} dataSource={data} loading={isFetching} expandable={{ defaultExpandAllRows: true }} />}
      <DeptFormDialog editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
