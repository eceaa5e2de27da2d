import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HeartRunProgress } from '@sl/contracts';
import { formatNumber } from '../../../shared/log-page';
import { formatTime } from '../../../shared/time/format-time';

/** Progress of the heartbeat test of all terminals: requests settled out of all, answered and not. */
export function HeartRunPanel({ run }: { run: HeartRunProgress | null }) {
  const { t } = useTranslation();
  if (!run) return null;
  const percent = run.total ? Math.floor((run.done * 100) / run.total) : 0;
  return (
    <div data-testid="heart-run" data-done={run.done} data-total={run.total} data-running={String(run.running)} style={{ maxWidth: 560, marginBottom: 16 }}>
      <Space wrap>
        <Tag color={run.running ? 'processing' : 'success'}>{t(run.running ? 'heartTest.running' : 'heartTest.finished')}</Tag>
        <Typography.Text data-testid="heart-run-text">{t('heartTest.progress', { done: formatNumber(run.done, 0), total: formatNumber(run.total, 0) })}</Typography.Text>
        <Typography.Text type="success">{t('heartTest.answered', { n: formatNumber(run.succeeded, 0) })}</Typography.Text>
        <Typography.Text type={run.failed ? 'danger' : 'secondary'}>{t('heartTest.unanswered', { n: formatNumber(run.failed, 0) })}</Typography.Text>
        <Typography.Text type="secondary">{t('heartTest.startedBy', { user: run.userName, time: formatTime(run.startedAt) })}</Typography.Text>
      </Space>
      <Progress percent={percent} status={run.running ? 'active' : run.failed ? 'exception' : 'success'} format={() => `${run.done} / ${run.total}`} />
    </div>
  );
}
