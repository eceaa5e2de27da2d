import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Select, Space, Statistic, Tag } from 'antd';
import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EmergencyRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, SearchForm, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { activeEmergenciesQuery, emergenciesQuery, useCancelEmergency } from './api/plans-api';
import { confirmCancel } from './components/confirm-cancel';
import { EmergencyDialog } from './components/emergency-dialog';
import { TasksDrawer } from './components/tasks-drawer';

const STATE_COLORS: Record<string, string> = { active: 'red', scheduled: 'blue', expired: 'default', cancelled: 'orange' };

/** Ends an override early, after asking; only scheduled and active ones can be cancelled. */
function CancelButton({ row }: { row: EmergencyRow }) {
  const { t } = useTranslation();
  const can = usePermission();
  const cancel = useCancelEmergency();
  if (!can(['plan:emergency:edit']) || (row.state !== 'active' && row.state !== 'scheduled')) return null;
  return (
    <Button type="link" size="small" danger data-testid="row-cancel" onClick={() => confirmCancel(row, t, () => cancel.mutateAsync(row.id))}>
      {t('plans.cancelEmergency')}
    </Button>
  );
}

/** The overrides in force now, newest (winning) first, each counting down to its expiry. */
function ActiveOverrides() {
  const { t } = useTranslation();
  const active = useQuery(activeEmergenciesQuery());
  const list = active.data?.list ?? [];
  if (!list.length) return <Alert type="success" showIcon message={t('plans.noActive')} style={{ marginBottom: 16 }} data-testid="no-active" />;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="active-overrides">
      {list.map((e, i) => (
        <Col xs={24} md={8} key={e.id}>
          <Card size="small" title={<Space><ThunderboltOutlined style={{ color: '#f5222d' }} />{e.name}{i === 0 && <Tag color="red">{t('plans.winning')}</Tag>}</Space>} extra={<CancelButton row={e} />}>
            <Statistic.Timer type="countdown" title={t('plans.expiresIn')} value={Date.parse(e.expireAt)} format="HH:mm:ss" onFinish={() => void active.refetch()} />
            <div>{t(`plans.act.${e.action}`)} {e.action !== 'off' && `${e.level}%`} · {t('plans.terminalsN', { count: e.terminalCount })} · {t('plans.downloadSummary', e.downloads)}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export default function EmergencyPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(emergenciesQuery, {} as { name?: string; state?: string });
  const [adding, setAdding] = useState(false);
  const [tasksOf, setTasksOf] = useState<EmergencyRow | null>(null);
  return (
    <Card>
      <ActiveOverrides />
      <SearchForm<{ state?: string }> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="state" label={t('plans.state')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('common.pleaseSelect')} options={['active', 'scheduled', 'expired', 'cancelled'].map((s) => ({ value: s, label: t(`plans.emergencyState.${s}`) }))} />
        </Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['plan:emergency:add']}>
          <Button type="primary" danger icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setAdding(true)}>{t('plans.addEmergency')}</Button>
        </Access>
      </Space>
      <PagedTable<EmergencyRow>
        paged={paged}
        rowKey="id"
        columns={[
          { title: t('plans.name'), dataIndex: 'name', fixed: 'left' },
          { title: t('plans.state'), dataIndex: 'state', render: (s: string) => <Tag color={STATE_COLORS[s]}>{t(`plans.emergencyState.${s}`)}</Tag> },
          { title: t('plans.action'), render: (_, e) => `${t(`plans.act.${e.action}`)}${e.action === 'off' ? '' : ` ${e.level}%`}` },
          { title: t('plans.startAt'), dataIndex: 'startAt', render: (v: string) => formatTime(v) },
          { title: t('plans.expireAt'), dataIndex: 'expireAt', render: (v: string) => formatTime(v) },
          { title: t('plans.terminalCount'), dataIndex: 'terminalCount' },
          { title: t('plans.downloads'), render: (_, e) => t('plans.downloadSummary', e.downloads) },
          { title: t('common.actions'), key: 'actions', fixed: 'right', render: (_, e) => <Space size={0}><Button type="link" size="small" onClick={() => setTasksOf(e)}>{t('plans.tasks')}</Button><CancelButton row={e} /></Space> },
        ]}
      />
      <EmergencyDialog open={adding} onClose={() => setAdding(false)} />
      {tasksOf && <TasksDrawer source="emergency" sourceId={tasksOf.id} title={`${t('plans.tasks')} · ${tasksOf.name}`} onClose={() => setTasksOf(null)} />}
    </Card>
  );
}
