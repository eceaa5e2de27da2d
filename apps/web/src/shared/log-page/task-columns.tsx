import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Task, TaskStateValue } from '@sl/contracts';
import { commandName, outcomeText } from '../task/command-text';
import { formatTime } from '../time/format-time';
import { detailValue } from './log-detail';
import { formatQuantity } from './format-number';
import type { DetailItem } from './log-page-config';

const STATE_COLORS: Record<TaskStateValue, string> = { pending: 'processing', succeeded: 'success', failed: 'error', timedOut: 'warning' };

export const TaskStateTag = ({ state, t }: { state: TaskStateValue; t: TFunction }) => (
  <Tag color={STATE_COLORS[state]} data-testid="task-state" data-state={state}>{t(`logPage.task.${state}`)}</Tag>
);

/** What the terminal answered: its message (the server's own in the console's language), "OK" for a bare success code, else the code. */
const replyText = (t: TFunction, row: Task) =>
  row.replyCode === null ? '' : (row.replyMsg && outcomeText(row.replyMsg)) || (row.replyCode === 0 ? t('logPage.task.replyOk') : t('logPage.task.replyCode', { code: row.replyCode }));

/** The command's name in the console's language; the protocol name it was sent as shows on hover. */
const CommandCell = ({ cmd }: { cmd: string }) => <span title={cmd} data-testid="task-cmd">{commandName(cmd)}</span>;

/** A reply carrying no data (`{}`) shows nothing rather than braces. */
const emptyObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

/** Columns of a command task list: what was sent, by whom, and what came back. */
export const taskColumns = (t: TFunction): ColumnsType<Task> => [
  { title: t('logPage.task.cmd'), dataIndex: 'cmd', render: (v: string) => <CommandCell cmd={v} /> },
  { title: t('logPage.task.state'), dataIndex: 'state', render: (v: TaskStateValue) => <TaskStateTag state={v} t={t} /> },
  { title: t('logPage.task.reply'), dataIndex: 'replyMsg', render: (_: string | null, row) => replyText(t, row) },
  { title: t('logPage.task.duration'), dataIndex: 'durationMs', align: 'right', render: (v: number | null) => formatQuantity(v, 'ms', 0) },
  { title: t('logPage.task.sender'), dataIndex: 'createdByName' },
  { title: t('logPage.task.sentAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
];

export const taskDetail = (t: TFunction, row: Task): DetailItem[] => [
  { label: t('logPage.task.id'), value: row.taskId },
  { label: t('logPage.terminal'), value: `${row.terminalName} (${row.sn}, ${row.family})` },
  // The detail names the protocol command too, for whoever reads the terminal's own log.
  { label: t('logPage.task.cmd'), value: `${commandName(row.cmd)} (${row.cmd})` },
  { label: t('logPage.task.params'), value: detailValue(row.params) },
  { label: t('logPage.task.state'), value: <TaskStateTag state={row.state} t={t} /> },
  { label: t('logPage.task.reply'), value: replyText(t, row) },
  { label: t('logPage.task.replyData'), value: emptyObject(row.replyData) ? '' : detailValue(row.replyData) },
  { label: t('logPage.task.sender'), value: row.createdByName },
  { label: t('logPage.task.sentAt'), value: formatTime(row.createdAt) },
  { label: t('logPage.task.finishedAt'), value: row.finishedAt ? formatTime(row.finishedAt) : '' },
  { label: t('logPage.task.duration'), value: formatQuantity(row.durationMs, 'ms', 0) },
  { label: t('logPage.task.mid'), value: row.mid },
];
