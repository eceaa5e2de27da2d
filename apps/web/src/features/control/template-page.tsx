import { useState } from 'react';
import { Button, Card, Form, Input, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { templatesQuery, useDeleteTemplate } from './api/control-api';
import { describeStep } from './components/step-form';
import { TemplateDialog } from './components/template-dialog';

function FamilyTemplates({ family }: { family: string }) {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(templatesQuery(family), {} as { name?: string });
  const [dialog, setDialog] = useState<{ row: TemplateRow | null } | null>(null);
  const remove = useDeleteTemplate(family);
  return (
    <>
      <SearchForm<{ name?: string }> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="name" label={t('control.name')}><Input allowClear placeholder={t('common.pleaseEnter')} /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['policy:template:add']}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('control.addTemplate')}</Button>
        </Access>
      </Space>
      <PagedTable<TemplateRow>
        paged={paged}
        rowKey="id"
        columns={[
          { title: t('control.name'), dataIndex: 'name' },
          { title: t('control.model'), dataIndex: 'model', render: (m: number) => t(`control.model${m}`) },
          { title: t('control.steps'), dataIndex: 'steps', render: (steps: TemplateRow['steps']) => <Space direction="vertical" size={0}>{steps.map((s, i) => <span key={i}>{describeStep(s, t)}</span>)}</Space> },
          { title: t('common.remark'), dataIndex: 'remark', ellipsis: true },
          { title: t('control.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, row) => (
              <Space size={0}>
                {can(['policy:template:edit']) && <Button type="link" size="small" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
                {can(['policy:template:remove']) && <Button type="link" size="small" danger onClick={() => confirmDelete({ names: [row.name], onOk: () => remove.mutateAsync(row.id) })}>{t('common.delete')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      <TemplateDialog family={family} open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </>
  );
}

export default function TemplatePage() {
  return (
    <Card>
      <Tabs items={['rdcsm', 'rdc4m'].map((f) => ({ key: f, label: f, children: <FamilyTemplates family={f} /> }))} />
    </Card>
  );
}
