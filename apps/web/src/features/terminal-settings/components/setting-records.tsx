import { useState } from 'react';
import { Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TASK_STATES, type DeviceFamily, type SettingKind, type Task } from '@sl/contracts';
import { usePaginationProps } from '../../../shared/pagination';
import { TaskStateTag, type TaskPhase } from '../../../shared/task';
import { formatTime } from '../../../shared/time/format-time';
import { useSettingTasks } from '../api/settings';

/** Execution records of one kind (relayExec, manautoExec, manautoLog, ...): every task with its outcome. */
export function SettingRecords({ kind, family, terminalId }: { kind: SettingKind; family: DeviceFamily; terminalId?: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [state, setState] = useState<string>();
  const tasks = useSettingTasks(kind, family, { terminalId, state, ...page });
  const pagination = usePaginationProps({ ...page, total: tasks.data?.count ?? 0, onPageChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize: pageSize ?? page.pageSize }) });
  const ms = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  return (
    <div data-testid="setting-records">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('setting.records')}</Typography.Text>
        <Select allowClear placeholder={t('detail.task.state')} aria-label={t('detail.task.state')} value={state} onChange={(s) => (setState(s), setPage((p) => ({ ...p, pageIndex: 1 })))} style={{ width: 140 }} options={TASK_STATES.map((s) => ({ value: s, label: t(`task.state.${s}`) }))} data-testid="records-state" />
      </Space>
      <Table<Task>
        size="small"
        rowKey="taskId"
        loading={tasks.isFetching}
        dataSource={tasks.data?.list}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tasks.isError ? t('terminal.loadFailed') : t('common.empty') }}
        columns={[
          { title: t('terminal.name'), dataIndex: 'terminalName', render: (n: string, r) => `${n ?? ''} (${r.sn ?? r.terminalId})` },
          { title: t('detail.task.cmd'), dataIndex: 'cmd' },
          { title: t('setting.params'), dataIndex: 'params', render: (p: object) => <Typography.Text code>{JSON.stringify(p).slice(0, 80)}</Typography.Text> },
          { title: t('detail.task.state'), dataIndex: 'state', render: (s: TaskPhase) => <TaskStateTag state={s} /> },
          { title: t('detail.task.reply'), dataIndex: 'replyMsg', render: (m: string | null) => m || '—' },
          { title: t('detail.task.by'), dataIndex: 'createdByName' },
          { title: t('detail.task.at'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          { title: t('detail.task.duration'), dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '—' : ms.format(v)) },
        ]}
      />
    </div>
  );
}
