import { useState } from 'react';
import { Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '@sl/contracts';
import { usePaginationProps } from '../../../shared/pagination';
import { TaskStateTag, type TaskPhase } from '../../../shared/task';
import { formatTime } from '../../../shared/time/format-time';
import { useHeartStatistics, useOverCurrent, usePositions, useTerminalAlarms, useTerminalTasks } from '../api/terminal-detail';

/** The terminal's command tasks with their outcome, newest first. */
export function TaskHistory({ terminalId }: { terminalId: number }) {
  const { t, i18n } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const tasks = useTerminalTasks(terminalId, pageIndex);
  const pagination = usePaginationProps({ pageIndex, pageSize: 10, total: tasks.data?.count ?? 0, onPageChange: setPageIndex });
  const ms = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  return (
    <Table<Task>
      size="small"
      rowKey="taskId"
      data-testid="task-history"
      loading={tasks.isFetching}
      dataSource={tasks.data?.list}
      pagination={{ ...pagination, pageSize: 10, showSizeChanger: false }}
      locale={{ emptyText: tasks.isError ? t('terminal.loadFailed') : t('common.empty') }}
      columns={[
        { title: t('detail.task.cmd'), dataIndex: 'cmd' },
        { title: t('detail.task.state'), dataIndex: 'state', render: (s: TaskPhase) => <TaskStateTag state={s} /> },
        { title: t('detail.task.reply'), dataIndex: 'replyMsg', render: (m: string | null, r) => m || (r.replyData ? <Typography.Text code>{JSON.stringify(r.replyData).slice(0, 80)}</Typography.Text> : '—') },
        { title: t('detail.task.by'), dataIndex: 'createdByName' },
        { title: t('detail.task.at'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
        { title: t('detail.task.duration'), dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '—' : ms.format(v)) },
      ]}
    />
  );
}

export function OpenAlarms({ terminalId, enabled }: { terminalId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const alarms = useTerminalAlarms(terminalId, enabled);
  if (!enabled) return null;
  if (!alarms.data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={alarms.isError ? t('terminal.loadFailed') : t('detail.noAlarms')} />;
  return (
    <div data-testid="open-alarms">
      {alarms.data.map((a) => (
        <div key={a.alarmId} style={{ marginBottom: 4 }}>
          <Tag color="red">{t(`map.kind.${a.kind}`, { defaultValue: a.kind })}</Tag>
          <Typography.Text>{a.message}</Typography.Text> <Typography.Text type="secondary">{formatTime(a.raisedAt)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** Energy and power per day of the terminal, of either family. */
export function HeartStatistics({ terminalId }: { terminalId: number }) {
  const { t, i18n } = useTranslation();
  const stats = useHeartStatistics(terminalId, true);
  const n = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <Table
      size="small"
      rowKey="day"
      data-testid="heart-stats"
      loading={stats.isFetching}
      dataSource={[...(stats.data ?? [])].reverse()}
      pagination={{ pageSize: 7, showSizeChanger: false }}
      locale={{ emptyText: stats.isError ? t('terminal.loadFailed') : t('common.empty') }}
      columns={[
        { title: t('detail.stats.day'), dataIndex: 'day' },
        { title: t('detail.stats.energy'), dataIndex: 'energyKwh', render: (v: number) => n.format(v) },
        { title: t('detail.stats.avgPower'), dataIndex: 'avgPowerKw', render: (v: number) => n.format(v) },
        { title: t('detail.stats.maxPower'), dataIndex: 'maxPowerKw', render: (v: number) => n.format(v) },
        { title: t('detail.stats.samples'), dataIndex: 'samples' },
      ]}
    />
  );
}

export function OverCurrent({ terminalId }: { terminalId: number }) {
  const { t, i18n } = useTranslation();
  const data = useOverCurrent(terminalId, true).data;
  const a = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v)} A`);
  return (
    <div data-testid="over-current">
      <Descriptions size="small" title={t('detail.overCurrent.latest')} column={3} items={(['A', 'B', 'C'] as const).map((p) => ({ key: p, label: t('detail.phase', { p }), children: a(data?.latest?.[`current${p}`]) }))} />
      <Typography.Text type="secondary">{t('detail.overCurrent.events')}</Typography.Text>
      {data?.events.list.length ? (
        data.events.list.map((e) => <div key={e.id}><Tag color={e.state === 'raised' ? 'red' : 'green'}>{e.state}</Tag>{a(e.value)} {e.loop ? t('detail.loop', { n: e.loop }) : ''} {e.phase ?? ''} <Typography.Text type="secondary">{formatTime(e.ts)}</Typography.Text></div>)
      ) : (
        <div>{t('detail.overCurrent.none')}</div>
      )}
    </div>
  );
}

export function Positions({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const data = usePositions(terminalId).data;
  const where = (p: { lng: number | null; lat: number | null; address: string } | null | undefined) =>
    p && p.lng !== null && p.lat !== null ? `${p.lng.toFixed(6)}, ${p.lat.toFixed(6)}${p.address ? ` (${p.address})` : ''}` : t('detail.position.none');
  return (
    <Descriptions size="small" column={1} data-testid="positions" items={[
      { key: 'now', label: t('detail.position.now'), children: where(data?.now) },
      { key: 'last', label: t('detail.position.last'), children: `${where(data?.last)}${data?.last?.lastSeenAt ? ` · ${formatTime(data.last.lastSeenAt)}` : ''}` },
    ]} />
  );
}
