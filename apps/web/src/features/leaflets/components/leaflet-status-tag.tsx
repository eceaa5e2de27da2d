import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green' };

/** Sent, acknowledged or completed, of one receiver or of the whole leaflet. */
export function LeafletStatusTag({ status, overdue }: { status: number; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={COLORS[status]} data-testid="leaflet-status">{t(`leaflet.status.${status}`)}</Tag>
      {overdue && status < 3 && <Tag color="red">{t('leaflet.overdue')}</Tag>}
    </>
  );
}

export const isOverdue = (dueAt: string, status: number) => status < 3 && new Date(dueAt).getTime() < Date.now();
