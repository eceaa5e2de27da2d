import { useState } from 'react';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictData, DictType } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { usePermission } from '../../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../../shared/table';
import { dictDataQueryOptions, useDeleteDictData, useExportDictData, type DictDataFilters } from '../api/dict-data';
import { dictDataColumns } from './dict-data-columns';
import { DictDataDialog } from './dict-data-dialog';

const perm = (action: string) => [`system:sysdict:${action}`];

/** The values of one dictionary type, with their own add, edit, delete and export. */
export function DictDataDrawer({ type, onClose }: { type: DictType; onClose: () => void }) {
  const { t } = useTranslation();
  const can = usePermission();
  const base: DictDataFilters = { dictType: type.dictType };
  const paged = usePagedQuery(dictDataQueryOptions, base);
  const [dialog, setDialog] = useState<{ row: DictData | null } | null>(null);
  const remove = useDeleteDictData();
  const exporter = useExportDictData();
  const onDelete = (rows: DictData[]) => confirmDelete({ names: rows.map((r) => r.dictLabel), onOk: () => remove.mutateAsync(rows.map((r) => r.dictCode)) });
  const columns = dictDataColumns(t, { onEdit: can(perm('edit')) ? (row) => setDialog({ row }) : undefined, onDelete: can(perm('remove')) ? onDelete : undefined });
  return (
    <Drawer open title={`${t('dict.data')} · ${type.dictName} (${type.dictType})`} size={960} onClose={onClose} data-testid="dict-data-drawer">
      <SearchForm<DictDataFilters> onSearch={(v) => paged.setFilters({ ...v, ...base })} onReset={paged.reset}>
        <Form.Item name="dictLabel" label={t('dict.dictLabel')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
        <Form.Item name="status" label={t('common.status')}><DictSelect type="sys_normal_disable" placeholder={t('common.pleaseSelect')} /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        {can(perm('add')) && <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>}
        {can(perm('export')) && (
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} data-testid="btn-export" onClick={() => exporter.mutate(type.dictType)}>{t('dict.export')}</Button>
        )}
      </Space>
      <PagedTable<DictData> paged={paged} rowKey="dictCode" columns={columns} />
      <DictDataDialog open={dialog !== null} dictType={type.dictType} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Drawer>
  );
}
