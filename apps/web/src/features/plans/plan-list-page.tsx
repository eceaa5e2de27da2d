import { useState } from 'react';
import { Button, Card, Form, Input, Progress, Space, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { PagedTable, SearchForm, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { plansQuery } from './api/plans-api';
import { PlanCalendar } from './components/plan-calendar';
import { PlanDialog } from './components/plan-dialog';
import { TasksDrawer } from './components/tasks-drawer';

function PlanList() {
  const { t } = useTranslation();
  const paged = usePagedQuery(plansQuery, {} as { name?: string });
  const [adding, setAdding] = useState(false);
  const [tasksOf, setTasksOf] = useState<PlanRow | null>(null);
  return (
    <>
      <SearchForm<{ name?: string }> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="name" label={t('plans.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['plan:plan:add']}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setAdding(true)}>{t('plans.add')}</Button>
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
          { title: t('common.actions'), key: 'actions', fixed: 'right', render: (_, r) => <Button type="link" size="small" data-testid="row-tasks" onClick={() => setTasksOf(r)}>{t('plans.tasks')}</Button> },
        ]}
      />
      <PlanDialog open={adding} onClose={() => setAdding(false)} />
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
