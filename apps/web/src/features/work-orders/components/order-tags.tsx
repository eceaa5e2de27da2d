import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPAIR_STATUS_NAMES, type Locale } from '@sl/contracts';

const COLORS: Record<number, string> = { 1: 'orange', 2: 'processing', 3: 'success', 4: 'default', 6: 'default' };
const PRIORITY_COLORS: Record<number, string> = { 1: 'red', 2: 'blue', 3: 'default' };

export function OrderStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const locale = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Locale;
  return <Tag color={COLORS[status]} data-testid={`order-status-${status}`}>{REPAIR_STATUS_NAMES[status]?.[locale] ?? status}</Tag>;
}

export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`order.priority.${priority}`)}</Tag>;
}
