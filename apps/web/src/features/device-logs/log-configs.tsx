import { Form, Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { DEVICE_EVENTS, TASK_STATES, TERMINAL_LOG_KINDS, type DeviceEventRecord, type DeviceLog, type Task, type TerminalLogKind } from '@sl/contracts';
import { DictSelect } from '../../shared/dict';
import { detailValue, formatNumber, taskColumns, taskDetail, type LogPageConfig } from '../../shared/log-page';
import { formatTime } from '../../shared/time/format-time';
import { ClippedMessage } from './components/clipped-message';
import { deviceLogMessage } from './log-message';

/** The eight device log kinds share one shape: a message and its detail. */
export const deviceLogConfig = (kind: TerminalLogKind): LogPageConfig<DeviceLog> => ({
  key: `log-${kind}`,
  path: `/api/v1/log/${kind}/list`,
  rowKey: 'id',
  columns: (t) => [
    { title: t('deviceLog.msg'), dataIndex: 'msg', render: (_: string, row: DeviceLog) => <ClippedMessage text={deviceLogMessage(t, row)} /> },
    { title: t('deviceLog.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
  ],
  detail: (t, row) => [
    { label: t('deviceLog.id'), value: row.id },
    { label: t('deviceLog.kind'), value: t(`deviceLog.kind.${row.kind}`) },
    { label: t('logPage.terminal'), value: `${row.terminalName} (${row.sn}, ${row.family})` },
    { label: t('deviceLog.msg'), value: deviceLogMessage(t, row) },
    { label: t('deviceLog.detail'), value: detailValue(row.detail) },
    { label: t('deviceLog.time'), value: formatTime(row.createdAt) },
  ],
  timeLabel: (t) => t('deviceLog.time'),
});

export const DEVICE_LOG_CONFIGS = Object.fromEntries(TERMINAL_LOG_KINDS.map((k) => [k, deviceLogConfig(k)])) as Record<TerminalLogKind, LogPageConfig<DeviceLog>>;
// The heartbeat log holds heartbeat requests and interval changes, not the heartbeats themselves (issue 28 item 14).
DEVICE_LOG_CONFIGS.heart.empty = (t) => ({ reason: t('deviceLog.emptyHeart'), hint: t('deviceLog.emptyHeartHint') });

/** Commands sent to rdcsm terminals and who sent them. */
export const operationConfig: LogPageConfig<Task> = {
  key: 'log-operation',
  path: '/api/v1/rdcsm/50/operation/list',
  rowKey: 'taskId',
  columns: taskColumns,
  detail: taskDetail,
  timeLabel: (t) => t('logPage.task.sentAt'),
  filters: (t: TFunction) => (
    <>
      <Form.Item name="logType" label={t('deviceLog.logType')}>
        <DictSelect type="sl_log_type" placeholder={t('common.pleaseSelect')} data-testid="search-logType" />
      </Form.Item>
      <Form.Item name="state" label={t('logPage.task.state')}>
        <Select allowClear style={{ minWidth: 140 }} placeholder={t('common.pleaseSelect')} data-testid="search-state"
          options={TASK_STATES.map((s) => ({ value: s, label: t(`logPage.task.${s}`) }))} />
      </Form.Item>
    </>
  ),
};

const eventLabel = (t: TFunction, e: string) => ((DEVICE_EVENTS as readonly string[]).includes(e) ? t(`deviceLog.event.${e}`) : e);

/** Faults rdcsm terminals reported, raised or cleared. */
export const reportConfig: LogPageConfig<DeviceEventRecord> = {
  key: 'log-report',
  path: '/api/v1/rdcsm/50/report/list',
  rowKey: 'id',
  columns: (t) => [
    { title: t('deviceLog.event'), dataIndex: 'event', render: (v: string) => eventLabel(t, v) },
    { title: t('deviceLog.state'), dataIndex: 'state', render: (v: 'raised' | 'cleared') => <Tag color={v === 'raised' ? 'error' : 'success'}>{t(`deviceLog.state.${v}`)}</Tag> },
    { title: t('deviceLog.value'), dataIndex: 'value', align: 'right', render: (v: number | null) => formatNumber(v, 3) },
    { title: t('deviceLog.loop'), dataIndex: 'loop', render: (v: number | null) => v ?? '' },
    { title: t('deviceLog.phase'), dataIndex: 'phase', render: (v: string | null) => v ?? '' },
    { title: t('deviceLog.reportedAt'), dataIndex: 'ts', render: (v: string) => formatTime(v) },
  ],
  detail: (t, row) => [
    { label: t('deviceLog.id'), value: row.id },
    { label: t('logPage.terminal'), value: `${row.terminalName} (${row.sn}, ${row.family})` },
    { label: t('deviceLog.event'), value: eventLabel(t, row.event) },
    { label: t('deviceLog.state'), value: t(`deviceLog.state.${row.state}`) },
    { label: t('deviceLog.value'), value: row.value ?? '' },
    { label: t('deviceLog.loop'), value: row.loop ?? '' },
    { label: t('deviceLog.phase'), value: row.phase ?? '' },
    { label: t('deviceLog.reportedAt'), value: formatTime(row.ts) },
    { label: t('deviceLog.receivedAt'), value: formatTime(row.receivedAt) },
    { label: t('logPage.task.mid'), value: row.mid },
  ],
  timeLabel: (t) => t('deviceLog.reportedAt'),
};
