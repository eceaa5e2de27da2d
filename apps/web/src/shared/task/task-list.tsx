import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { outcomeText } from './command-text';
import { TaskStateTag } from './task-state-tag';
import type { FollowedTask } from './use-task-follower';

/** The commands sent from this screen, newest first, each with its live state and the terminal's answer. */
export function TaskList({ tasks }: { tasks: FollowedTask[] }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return null;
  return (
    <List
      size="small"
      data-testid="task-list"
      header={<Typography.Text type="secondary">{t('task.sent')}</Typography.Text>}
      dataSource={tasks}
      renderItem={(task) => (
        <List.Item data-testid="followed-task" data-state={task.state} data-task-id={task.taskId}>
          <span>{task.label}</span>
          <span>
            <TaskStateTag state={task.state} />
            {task.msg ? <Typography.Text type="secondary">{outcomeText(task.msg)}</Typography.Text> : null}
          </span>
        </List.Item>
      )}
    />
  );
}
