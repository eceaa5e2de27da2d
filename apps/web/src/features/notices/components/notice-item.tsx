import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeRow } from '@sl/contracts';
import { formatTime, relativeTime } from '../../../shared/time/format-time';
import { NoticeActions } from './notice-actions';
import { LevelTag, RecvStatusTag } from './notice-tags';

interface Props {
  row: NoticeRow;
  onAnswered: (row: NoticeRow) => void;
  onReply: (row: NoticeRow) => void;
}

/** One notice in the drawer: title, level and state, content, sender and time, and its actions. */
export function NoticeItem({ row, onAnswered, onReply }: Props) {
  const { t } = useTranslation();
  return (
    <li className="notice-item" data-testid="notice-item" data-id={row.id}>
      <div className="notice-item-head">
        <Typography.Text strong ellipsis className="notice-item-title">{row.sendTitle}</Typography.Text>
        <LevelTag level={row.level} />
        <RecvStatusTag status={row.recvStatus} />
      </div>
      <Typography.Paragraph ellipsis={{ rows: 2 }} className="notice-item-content">{row.sendContent}</Typography.Paragraph>
      {row.recvContent && <div className="notice-item-reply">{t('notice.replied')}: {row.recvContent}</div>}
      <div className="notice-item-meta">
        <span title={formatTime(row.sendTime)}>{row.sendDept} → {row.deptName} · {relativeTime(row.sendTime)}</span>
        <NoticeActions row={row} onAnswered={onAnswered} onReply={onReply} />
      </div>
    </li>
  );
}
