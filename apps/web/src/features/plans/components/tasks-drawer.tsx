import { Button, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlTaskRow } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { feedback } from '../../../shared/request';
import { PagedTable, usePagedQuery } from '../../../shared/table';
import { formatTime } from '../../../shared/time/format-time';
import { tasksQuery, useResend } from '../api/plans-api';

const COLORS: Record<string, string> = { succeeded: 'green', pending: 'blue', failed: 'red', timedOut: 'orange', offline: 'default' };

/** What each terminal answered to a plan's or an emergency's download, live, with "send again". */
export function TasksDrawer({ source, sourceId, title, onClose }: { source: 'plan' | 'emergency'; sourceId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const paged = usePagedQuery(tasksQuery(source, sourceId), {} as { state?: string });
  const resend = useResend();
  return (
    <Drawer open title={title} width={820} onClose={onClose} data-testid="tasks-drawer"
      extra={<Access permissions={['plan:plan:edit']}><Button onClick={() => resend.mutate({ source, sourceId }, { onSuccess: (r: { count: number }) => void feedback.message().success(t('plans.resent', { count: r.count })) })}>{t('plans.resend')}</Button></Access>}>
      <PagedTable<ControlTaskRow>
        paged={paged}
        rowKey="id"
        columns={[
          { title: t('plans.terminal'), dataIndex: 'terminalName' },
          { title: 'SN', dataIndex: 'sn' },
          { title: t('plans.command'), dataIndex: 'cmd' },
          { title: t('plans.state'), dataIndex: 'state', render: (s: string) => <Tag color={COLORS[s]} data-testid={`task-state-${s}`}>{t(`plans.taskState.${s}`)}</Tag> },
          { title: t('plans.attempts'), dataIndex: 'attempts' },
          { title: t('plans.message'), dataIndex: 'msg', ellipsis: true },
          { title: t('plans.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
        ]}
      />
    </Drawer>
  );
}
