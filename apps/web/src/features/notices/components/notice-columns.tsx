import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { NoticeRow } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { NoticeActions } from './notice-actions';
import { LevelTag, RecvStatusTag } from './notice-tags';

interface Handlers {
  canRemove: boolean;
  onAnswered: (row: NoticeRow) => void;
  onReply: (row: NoticeRow) => void;
  onDelete: (rows: NoticeRow[]) => void;
}

export function noticeColumns(t: TFunction, h: Handlers): ColumnsType<NoticeRow> {
  return [
    { title: t('notice.title'), dataIndex: 'sendTitle', ellipsis: true },
    { title: t('notice.level'), dataIndex: 'level', width: 90, render: (level: number) => <LevelTag level={level} /> },
    { title: t('notice.content'), dataIndex: 'sendContent', ellipsis: true },
    { title: t('notice.sendDept'), dataIndex: 'sendDept', width: 140, ellipsis: true },
    { title: t('notice.recvDept'), dataIndex: 'deptName', width: 140, ellipsis: true },
    { title: t('notice.sendTime'), dataIndex: 'sendTime', width: 170, render: (v: string) => formatTime(v) },
    { title: t('notice.state'), dataIndex: 'recvStatus', width: 100, render: (s: number) => <RecvStatusTag status={s} /> },
    { title: t('notice.recvName'), dataIndex: 'recvName', width: 110 },
    { title: t('notice.recvContent'), dataIndex: 'recvContent', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <>
          <NoticeActions row={row} onAnswered={h.onAnswered} onReply={h.onReply} />
          {h.canRemove && <Button size="small" type="link" danger onClick={() => h.onDelete([row])}>{t('common.delete')}</Button>}
        </>
      ),
    },
  ];
}
