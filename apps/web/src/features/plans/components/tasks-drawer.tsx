import { useState } from 'react';
import { Button, Drawer, Space, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ControlTaskRow } from '@sl/contracts';
import { Access, usePermission } from '../../../shared/permission/access';
import { feedback } from '../../../shared/request';
import { PagedTable, confirmDelete, usePagedQuery } from '../../../shared/table';
import { commandName } from '../../../shared/task/command-text';
import { formatTime } from '../../../shared/time/format-time';
import { tasksQuery, useDeleteTasks, useResend } from '../api/plans-api';

const COLORS: Record<string, string> = { succeeded: 'green', pending: 'blue', failed: 'red', timedOut: 'orange', offline: 'default' };

/** What each terminal answered to a plan's or an emergency's download, live, with "send again" and deleting records (`/policy/task/del`). */
export function TasksDrawer({ source, sourceId, title, onClose }: { source: 'plan' | 'emergency'; sourceId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const paged = usePagedQuery(tasksQuery(source, sourceId), {} as { state?: string });
  const resend = useResend();
  const remove = useDeleteTasks();
  const canRemove = usePermission()(['plan:plan:remove']);
  const [selected, setSelected] = useState<ControlTaskRow[]>([]);
  const onDelete = (rows: ControlTaskRow[]) =>
    confirmDelete({
      names: rows.map((r) => `${r.terminalName} · ${commandName(r.cmd)}`),
      onOk: () => remove.mutateAsync(rows.map((r) => r.id)).then(() => {
        setSelected([]);
        feedback.message().success(t('plans.tasksDeleted', { count: rows.length }));
      }),
    });
  return (
    <Drawer open title={title} width={820} onClose={onClose} data-testid="tasks-drawer"
      extra={
        <Space>
          {canRemove && <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>{t('common.deleteSelected')}</Button>}
          <Access permissions={['plan:plan:edit']}><Button onClick={() => resend.mutate({ source, sourceId }, { onSuccess: (r: { count: number }) => void feedback.message().success(t('plans.resent', { count: r.count })) })}>{t('plans.resend')}</Button></Access>
        </Space>
      }>
      <PagedTable<ControlTaskRow>
        paged={paged}
        rowKey="id"
        rowSelection={canRemove ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) } : undefined}
        columns={[
          { title: t('plans.terminal'), dataIndex: 'terminalName' },
          { title: 'SN', dataIndex: 'sn' },
          { title: t('plans.command'), dataIndex: 'cmd', render: (v: string) => <span title={v} data-testid="task-cmd">{commandName(v)}</span> },
          { title: t('plans.state'), dataIndex: 'state', render: (s: string) => <Tag color={COLORS[s]} data-testid={`task-state-${s}`}>{t(`plans.taskState.${s}`)}</Tag> },
          { title: t('plans.attempts'), dataIndex: 'attempts' },
          { title: t('plans.message'), dataIndex: 'msg', ellipsis: true },
          { title: t('plans.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
          ...(canRemove
            ? [{ title: t('common.actions'), key: 'actions', render: (_: unknown, r: ControlTaskRow) => <Button type="link" size="small" danger data-testid={`task-delete-${r.id}`} onClick={() => onDelete([r])}>{t('common.delete')}</Button> }]
            : []),
        ]}
      />
    </Drawer>
  );
}
