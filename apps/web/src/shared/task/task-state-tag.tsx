import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TASK_COLOURS, type TaskPhase } from './task-state';

export function TaskStateTag({ state }: { state: TaskPhase }) {
  const { t } = useTranslation();
  return <Tag color={TASK_COLOURS[state]} data-testid="task-state" data-state={state}>{t(`task.state.${state}`)}</Tag>;
}
