import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SysConfig } from '@sl/contracts';
import { usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { configsQuery, useDeleteConfigs, type ConfigFilters } from './api/configs';
import { configColumns, isBuiltIn } from './components/config-columns';
import { ConfigDialog } from './components/config-dialog';

const perm = (action: string) => [`system:sysconfig:${action}`];

export default function ConfigPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(configsQuery, {} as ConfigFilters);
  const [dialog, setDialog] = useState<{ row: SysConfig | null } | null>(null);
  const [selected, setSelected] = useState<SysConfig[]>([]);
  const remove = useDeleteConfigs();
  const onDelete = (rows: SysConfig[]) =>
    confirmDelete({ names: rows.map((r) => r.configName), onOk: () => remove.mutateAsync(rows.map((r) => r.configId)).then(() => setSelected([])) });
  const columns = configColumns(t, { onEdit: can(perm('edit')) ? (row) => setDialog({ row }) : undefined, onDelete: can(perm('remove')) ? onDelete : undefined });
  const types = [{ value: 'Y', label: t('config.builtIn') }, { value: 'N', label: t('config.custom') }];
  return (
    <Card>
      <SearchForm<ConfigFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="configName" label={t('config.configName')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
        <Form.Item name="configKey" label={t('config.configKey')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
        <Form.Item name="configType" label={t('config.configType')}><Select allowClear options={types} placeholder={t('common.pleaseSelect')} style={{ minWidth: 120 }} /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        {can(perm('add')) && <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>}
        {can(perm('remove')) && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>{t('common.deleteSelected')}</Button>
        )}
      </Space>
      <PagedTable<SysConfig>
        paged={paged}
        rowKey="configId"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.configId),
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (row) => ({ disabled: isBuiltIn(row) }),
        }}
      />
      <ConfigDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
