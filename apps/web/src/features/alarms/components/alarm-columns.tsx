import { Badge, Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Alarm } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { AlarmKindTag, AlarmStatusTag } from './alarm-tags';

/** A time never wraps or ellipses (issue 28 item 12): the column is wide enough for "YYYY-MM-DD HH:mm:ss" and keeps it on one line. */
const timeCell = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function alarmColumns(t: TFunction, onOpen: (a: Alarm) => void): ColumnsType<Alarm> {
  return [
    { title: t('alarm.id'), dataIndex: 'alarmId', width: 80, render: (id: number, a) => <Badge dot={!a.read} offset={[6, 0]}>{id}</Badge> },
    { title: t('alarm.kind'), dataIndex: 'kind', width: 130, render: (kind: string, a: Alarm) => <AlarmKindTag kind={kind} severity={a.severity} /> },
    { title: t('alarm.status'), dataIndex: 'status', width: 120, render: (s: number) => <AlarmStatusTag status={s} /> },
    { title: t('alarm.terminal'), dataIndex: 'terminalName', width: 160, ellipsis: true },
    { title: t('alarm.sn'), dataIndex: 'sn', width: 150 },
    { title: t('alarm.family'), dataIndex: 'family', width: 80 },
    { title: t('alarm.message'), dataIndex: 'message', width: 240, ellipsis: true },
    { title: t('alarm.raisedAt'), dataIndex: 'raisedAt', width: 190, onCell: timeCell, onHeaderCell: timeCell, render: (v: string) => formatTime(v) },
    { title: t('alarm.clearedAt'), dataIndex: 'clearedAt', width: 190, onCell: timeCell, onHeaderCell: timeCell, render: (v: string | null) => (v ? formatTime(v) : '-') },
    {
      title: t('common.actions'), key: 'actions', width: 90, fixed: 'right',
      render: (_, a) => <Button type="link" size="small" onClick={() => onOpen(a)} data-testid={`alarm-open-${a.alarmId}`}>{t('alarm.detail')}</Button>,
    },
  ];
}
