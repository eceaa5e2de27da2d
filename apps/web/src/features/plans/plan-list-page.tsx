import { useState } from 'react';
import { Button, Card, Form, Input, Progress, Space, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { plansQuery, useDeletePlan } from './api/plans-api';
import { PlanCalendar } from './components/plan-calendar';
import { PlanDialog } from './components/plan-dialog';
import { TasksDrawer } from './components/tasks-drawer';

function PlanList() {
  const { t } = useTranslation();
  const paged = usePagedQuery(plansQuery, {} as { name?: string });
  const can = usePermission();
  const [dialog, setDialog] = useState<{ row: PlanRow | null } | null>(null);
  const [tasksOf, setTasksOf] = useState<PlanRow | null>(null);
  const remove = useDeletePlan();
  const onDelete = (row: PlanRow) => confirmDelete({ names: [row.name], onOk: () => remove.mutateAsync(row.id) });
  return (
    <>
      <SearchForm<{ name?: string }> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="name" label={t('plans.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['plan:plan:add']}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('plans.add')}</Button>
        </Access>
      </Space>
      <PagedTable<PlanRow>
        paged={paged}
        rowKey="id"
        columns={[
          { title: t('plans.name'), dataIndex: 'name', fixed: 'left' },
          { title: t('plans.policy'), dataIndex: 'policyName' },
          { title: t('plans.dates'), render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
          { title: t('plans.groupMode'), dataIndex: 'groupMode', render: (g: number) => <Tag>{t(g === 1 ? 'plans.byGroup' : 'plans.byArea')}</Tag> },
          { title: t('plans.terminalCount'), dataIndex: 'terminalCount' },
          {
            title: t('plans.downloads'), render: (_, r) => (
              <Space data-testid="plan-downloads">
                <Progress type="circle" size={28} percent={r.downloads.total ? Math.round((r.downloads.succeeded / r.downloads.total) * 100) : 0} status={r.downloads.failed ? 'exception' : undefined} />
                <span>{t('plans.downloadSummary', r.downloads)}</span>
              </Space>
            ),
          },
          { title: t('plans.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('common.actions'), key: 'actions', fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" data-testid="row-tasks" onClick={() => setTasksOf(r)}>{t('plans.tasks')}</Button>
                {can(['plan:plan:edit']) && <Button type="link" size="small" data-testid="row-edit" onClick={() => setDialog({ row: r })}>{t('common.edit')}</Button>}
                {can(['plan:plan:remove']) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete(r)}>{t('common.delete')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      <PlanDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      {tasksOf && <TasksDrawer source="plan" sourceId={tasksOf.id} title={`${t('plans.tasks')} · ${tasksOf.name}`} onClose={() => setTasksOf(null)} />}
    </>
  );
}

export default function PlanListPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs items={[{ key: 'list', label: t('plans.listTab'), children: <PlanList /> }, { key: 'calendar', label: t('plans.calendarTab'), children: <PlanCalendar /> }]} />
    </Card>
  );
}
