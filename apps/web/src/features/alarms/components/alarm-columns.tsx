import { Badge, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Alarm } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { AlarmKindTag, AlarmStatusTag } from './alarm-tags';

/** A time never wraps or ellipses (issue 28 item 12): the column fits "YYYY-MM-DD HH:mm:ss" on one line. */
const timeCell = () => ({ style: { whiteSpace: 'nowrap' as const } });

/**
 * The list's width at which every column shows whole: at 1440 px (sidebar open) the table has about 1,140 px,
 * so nothing, the alarm times least of all, nor an English status, hides behind the sideways scroll or the fixed actions column.
 * The message takes what is left and ellipses.
 */
export const ALARM_TABLE_WIDTH = 1140;

export function alarmColumns(t: TFunction, onOpen: (a: Alarm) => void): ColumnsType<Alarm> {
  return [
    { title: t('alarm.id'), dataIndex: 'alarmId', width: 80, render: (id: number, a) => <Badge dot={!a.read} offset={[6, 0]}>{id}</Badge> },
    { title: t('alarm.kind'), dataIndex: 'kind', width: 150, render: (kind: string, a: Alarm) => <AlarmKindTag kind={kind} severity={a.severity} /> },
    { title: t('alarm.status'), dataIndex: 'status', width: 150, render: (s: number) => <AlarmStatusTag status={s} /> },
    {
      title: t('alarm.terminal'), dataIndex: 'terminalName', width: 170, ellipsis: true,
      render: (name: string, a: Alarm) => (
        <>
          <div>{name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.sn}</Typography.Text>
        </>
      ),
    },
    { title: t('alarm.family'), dataIndex: 'family', width: 70 },
    { title: t('alarm.message'), dataIndex: 'message', ellipsis: true, render: (m: string) => <span data-testid="alarm-message">{m}</span> },
    { title: t('alarm.raisedAt'), dataIndex: 'raisedAt', width: 170, onCell: timeCell, onHeaderCell: timeCell, render: (v: string) => formatTime(v) },
    { title: t('alarm.clearedAt'), dataIndex: 'clearedAt', width: 170, onCell: timeCell, onHeaderCell: timeCell, render: (v: string | null) => (v ? formatTime(v) : '-') },
    {
      title: t('common.actions'), key: 'actions', width: 70, fixed: 'right',
      render: (_, a) => <Button type="link" size="small" onClick={() => onOpen(a)} data-testid={`alarm-open-${a.alarmId}`}>{t('alarm.detail')}</Button>,
    },
  ];
}
