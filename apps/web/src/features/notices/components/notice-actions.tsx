import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeRecvStatus, type NoticeRow } from '@sl/contracts';
import { useAnswerNotice } from '../api/notices';

interface Props {
  row: NoticeRow;
  onAnswered: (row: NoticeRow) => void;
  onReply: (row: NoticeRow) => void;
}

/** "Mark read" for an unread notice (0 → 1, recvName set by the server) and "reply" until it is replied to. */
export function NoticeActions({ row, onAnswered, onReply }: Props) {
  const { t } = useTranslation();
  const answer = useAnswerNotice();
  return (
    <Space size={4}>
      {row.recvStatus === NoticeRecvStatus.notOperated && (
        <Button size="small" type="link" data-testid="notice-mark-read" loading={answer.isPending} onClick={() => answer.mutate({ id: row.id, recvStatus: 1 }, { onSuccess: onAnswered })}>
          {t('notice.markRead')}
        </Button>
      )}
      {row.recvStatus !== NoticeRecvStatus.replied && (
        <Button size="small" type="link" data-testid="notice-reply" onClick={() => onReply(row)}>
          {t('notice.reply')}
        </Button>
      )}
    </Space>
  );
}
