import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Leaflet, LeafletAction } from '@sl/contracts';
import { useSessionStore } from '../../../shared/stores/session-store';
import { formatTime } from '../../../shared/time/format-time';
import { isOverdue, LeafletStatusTag } from './leaflet-status-tag';
import { TargetsText } from './targets-text';

/** A leaflet sent to the caller, as a card that fits a 390 px phone, with the caller's next move. */
export function LeafletCard({ leaflet, onAction }: { leaflet: Leaflet; onAction: (l: Leaflet, a: LeafletAction) => void }) {
  const { t } = useTranslation();
  const me = useSessionStore((s) => s.info?.userId);
  const mine = leaflet.receivers.find((r) => r.userId === me);
  const status = mine?.status ?? leaflet.status;
  const actions: LeafletAction[] = status === 1 ? ['acknowledge', 'complete'] : status === 2 ? ['complete'] : [];
  return (
    <Card
      size="small"
      data-testid={`leaflet-card-${leaflet.id}`}
      title={<Space size={4} wrap>#{leaflet.id} {leaflet.title}<LeafletStatusTag status={status} overdue={isOverdue(leaflet.dueAt, status)} /></Space>}
      actions={actions.map((a) => (
        <Button key={a} type={a === 'complete' ? 'primary' : 'default'} size="small" onClick={() => onAction(leaflet, a)} data-testid={`leaflet-${a}-${leaflet.id}`}>
          {t(`leaflet.${a}`)}
        </Button>
      ))}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{leaflet.instruction}</Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('leaflet.due')}>{formatTime(leaflet.dueAt)}</Descriptions.Item>
        <Descriptions.Item label={t('leaflet.targets')}><TargetsText leaflet={leaflet} /></Descriptions.Item>
        {mine?.note && <Descriptions.Item label={t('leaflet.note')}>{mine.note}</Descriptions.Item>}
        <Descriptions.Item label={t('leaflet.createdAt')}>{formatTime(leaflet.createdAt)} · {leaflet.createdByName}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
