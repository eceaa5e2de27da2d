import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { NoticeRow } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { NoticeActions } from './notice-actions';
import { LevelTag, RecvStatusTag } from './notice-tags';
import './notices.css';

interface Handlers {
  canRemove: boolean;
  onAnswered: (row: NoticeRow) => void;
  onReply: (row: NoticeRow) => void;
  onDelete: (rows: NoticeRow[]) => void;
}

export function noticeColumns(t: TFunction, h: Handlers): ColumnsType<NoticeRow> {
  return [
    // Level, title (whole, wrapping) and the content's first line share one column, so the reply column fits at 1400 px.
    {
      title: t('notice.title'),
      dataIndex: 'sendTitle',
      render: (_, row) => (
        <div className="notice-cell" data-testid="notice-title-cell">
          <div><LevelTag level={row.level} /><span className="notice-cell-title">{row.sendTitle}</span></div>
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.sendContent }}>{row.sendContent}</Typography.Text>
        </div>
      ),
    },
    { title: t('notice.sendDept'), dataIndex: 'sendDept', width: 110, ellipsis: true },
    { title: t('notice.recvDept'), dataIndex: 'deptName', width: 110, ellipsis: true },
    { title: t('notice.sendTime'), dataIndex: 'sendTime', width: 180, render: (v: string) => formatTime(v) },
    { title: t('notice.state'), dataIndex: 'recvStatus', width: 90, render: (s: number) => <RecvStatusTag status={s} /> },
    { title: t('notice.recvName'), dataIndex: 'recvName', width: 100 },
    { title: t('notice.recvContent'), dataIndex: 'recvContent', width: 130, ellipsis: true },
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
