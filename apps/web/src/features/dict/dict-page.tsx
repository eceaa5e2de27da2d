import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictType } from '@sl/contracts';
import { DictSelect } from '../../shared/dict';
import { usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { dictTypesQuery, useDeleteDictTypes, type DictTypeFilters } from './api/dict-types';
import { DictDataDrawer } from './components/dict-data-drawer';
import { dictTypeColumns } from './components/dict-type-columns';
import { DictTypeDialog } from './components/dict-type-dialog';

const perm = (action: string) => [`system:sysdict:${action}`];

export default function DictPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(dictTypesQuery, {} as DictTypeFilters);
  const [dialog, setDialog] = useState<{ row: DictType | null } | null>(null);
  const [dataOf, setDataOf] = useState<DictType | null>(null);
  const [selected, setSelected] = useState<DictType[]>([]);
  const remove = useDeleteDictTypes();
  const onDelete = (rows: DictType[]) =>
    confirmDelete({ names: rows.map((r) => r.dictName), onOk: () => remove.mutateAsync(rows.map((r) => r.dictId)).then(() => setSelected([])) });
  const columns = dictTypeColumns(t, {
    onData: setDataOf,
    onEdit: can(perm('edit')) ? (row) => setDialog({ row }) : undefined,
    onDelete: can(perm('remove')) ? onDelete : undefined,
  });
  return (
    <Card>
      <SearchForm<DictTypeFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="dictName" label={t('dict.dictName')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
        <Form.Item name="dictType" label={t('dict.dictType')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
        <Form.Item name="status" label={t('common.status')}><DictSelect type="sys_normal_disable" placeholder={t('common.pleaseSelect')} /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        {can(perm('add')) && <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>}
        {can(perm('remove')) && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>{t('common.deleteSelected')}</Button>
        )}
      </Space>
      <PagedTable<DictType>
        paged={paged}
        rowKey="dictId"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.dictId), onChange: (_, rows) => setSelected(rows) }}
      />
      <DictTypeDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      {dataOf && <DictDataDrawer key={dataOf.dictId} type={dataOf} onClose={() => setDataOf(null)} />}
    </Card>
  );
}
