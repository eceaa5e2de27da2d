import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeRecvStatus } from '@sl/contracts';
import { DictTag } from '../../../shared/dict';

const STATUS_COLORS: Record<number, string> = { [NoticeRecvStatus.notOperated]: 'red', [NoticeRecvStatus.read]: 'blue', [NoticeRecvStatus.replied]: 'green' };

export function RecvStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]} data-testid="notice-status" data-status={status}>{t(`notice.recvStatus.${status}`)}</Tag>;
}

export function LevelTag({ level }: { level: number }) {
  return <DictTag type="sl_notice_level" value={String(level)} />;
}
