import { Button, Card, List, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { outcomeText } from './command-text';
import { TaskStateTag } from './task-state-tag';
import { batchCounts, type BatchView } from './use-batch-follower';

interface Props {
  batch: BatchView;
  /** How a terminal is named in the failure list. */
  nameOf: (terminalId: number) => string;
  onClose: () => void;
}

/** A batch's progress bar filling as replies arrive, its counts, and each failure with its reason. */
export function BatchProgress({ batch, nameOf, onClose }: Props) {
  const { t } = useTranslation();
  const c = batchCounts(batch);
  const problems = batch.tasks.filter((task) => task.state === 'failed' || task.state === 'timedOut');
  const done = c.settled >= c.total;
  return (
    <Card size="small" title={batch.label} extra={<Button size="small" onClick={onClose} data-testid="batch-close">{t('task.close')}</Button>} data-testid="batch-progress" data-settled={c.settled} data-total={c.total} style={{ marginBottom: 16 }}>
      <Progress percent={c.percent} status={done ? (problems.length ? 'exception' : 'success') : 'active'} format={() => t('task.progress', { settled: c.settled, total: c.total })} />
      <Space wrap style={{ marginTop: 8 }}>
        <Tag color="success" data-testid="batch-succeeded">{t('task.counts.succeeded', { n: c.succeeded })}</Tag>
        <Tag color="error" data-testid="batch-failed">{t('task.counts.failed', { n: c.failed })}</Tag>
        <Tag color="warning" data-testid="batch-timed-out">{t('task.counts.timedOut', { n: c.timedOut })}</Tag>
        <Tag color="processing">{t('task.counts.pending', { n: c.total - c.settled })}</Tag>
      </Space>
      {problems.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 8 }}
          data-testid="batch-failures"
          dataSource={problems}
          renderItem={(task) => (
            <List.Item data-testid="batch-failure">
              <Typography.Text>{nameOf(task.terminalId)}</Typography.Text>
              <span>
                <TaskStateTag state={task.state} />
                <Typography.Text type="secondary">{task.msg ? outcomeText(task.msg) : t(`task.reason.${task.state}`)}</Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
