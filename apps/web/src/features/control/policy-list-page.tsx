import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PolicyRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { policiesQuery, useDeletePolicy, type PolicyFilters } from './api/control-api';
import { describeStep } from './components/step-form';
import { PolicyDialog } from './components/policy-dialog';

export default function PolicyListPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(policiesQuery, {} as PolicyFilters);
  const [dialog, setDialog] = useState<{ row: PolicyRow | null } | null>(null);
  const remove = useDeletePolicy();
  const onDelete = (row: PolicyRow) => confirmDelete({ names: [row.name], onOk: () => remove.mutateAsync(row.id) });
  return (
    <Card>
      <SearchForm<PolicyFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="name" label={t('control.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
        <Form.Item name="family" label={t('control.family')}><Select allowClear style={{ width: 120 }} placeholder={t('common.pleaseSelect')} options={[{ value: 'rdcsm', label: 'rdcsm' }, { value: 'rdc4m', label: 'rdc4m' }]} /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['policy:policy:add']}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('control.addPolicy')}</Button>
        </Access>
      </Space>
      <PagedTable<PolicyRow>
        paged={paged}
        rowKey="id"
        columns={[
          { title: t('control.name'), dataIndex: 'name', fixed: 'left' },
          { title: t('control.family'), dataIndex: 'family' },
          { title: t('control.model'), dataIndex: 'model', render: (m: number) => t(`control.model${m}`) },
          { title: t('control.openMode'), dataIndex: 'openMode', render: (m: number) => <Tag>{t(m === 1 ? 'control.openToday' : 'control.openEveryDay')}</Tag> },
          { title: t('control.steps'), dataIndex: 'steps', render: (steps: PolicyRow['steps']) => <Space direction="vertical" size={0}>{steps.map((s, i) => <span key={i}>{describeStep(s, t)}</span>)}</Space> },
          { title: t('control.dept'), dataIndex: 'deptName' },
          { title: t('control.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
          {
            title: t('common.actions'), key: 'actions', fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                {can(['policy:policy:edit']) && <Button type="link" size="small" data-testid="row-edit" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
                {can(['policy:policy:remove']) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete(row)}>{t('common.delete')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      <PolicyDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
