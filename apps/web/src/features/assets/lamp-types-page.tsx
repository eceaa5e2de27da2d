import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LampType } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, QueryError, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { lampTypesQuery, useDeleteLampTypes, type TypeFilters } from './api/assets-api';
import { LampTypeDialog } from './components/lamp-type-dialog';

const perm = (action: string) => [`asset:lamptype:${action}`];

/** The lamp-type catalogue: rated power, tolerance, life, driver, CLO curve and the fault thresholds of each type. */
export default function LampTypesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(lampTypesQuery, {} as TypeFilters);
  const [dialog, setDialog] = useState<{ row: LampType | null } | null>(null);
  const remove = useDeleteLampTypes();
  const onDelete = (rows: LampType[]) => confirmDelete({ names: rows.map((r) => `${r.manufacturer} ${r.model}`), onOk: () => remove.mutateAsync(rows.map((r) => r.lampTypeId)) });
  const columns: ColumnsType<LampType> = [
    { title: t('asset.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('asset.model'), dataIndex: 'model' },
    { title: t('asset.ratedPowerW'), dataIndex: 'ratedPowerW', align: 'right' },
    { title: t('asset.tolerancePct'), dataIndex: 'tolerancePct', align: 'right' },
    { title: t('asset.ratedLifeH'), dataIndex: 'ratedLifeH', align: 'right' },
    { title: t('asset.driverType'), dataIndex: 'driverType' },
    { title: t('asset.debounceS'), dataIndex: 'debounceS', align: 'right' },
    { title: t('asset.lamps'), dataIndex: 'lamps', align: 'right' },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right',
      render: (_, row) => (
        <Space>
          {can(perm('edit')) && <Button type="link" size="small" data-testid="row-edit" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
          {can(perm('remove')) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<TypeFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="manufacturer" label={t('asset.manufacturer')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-manufacturer" /></Form.Item>
        <Form.Item name="model" label={t('asset.model')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-model" /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={perm('add')}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>
        </Access>
      </Space>
      <QueryError query={paged.query} />
      <PagedTable<LampType> paged={paged} rowKey="lampTypeId" columns={columns} scroll={{ x: 'max-content' }} empty={{ reason: t('asset.type.empty'), hint: t('asset.type.emptyHint') }} />
      <LampTypeDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
