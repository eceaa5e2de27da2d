import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, type Locale, type WorkOrder, type WorkOrderAction } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { useSessionStore } from '../../../shared/stores/session-store';
import { formatTime } from '../../../shared/time/format-time';
import { completedAt, OrderPhotos } from '../../../shared/work-order/order-evidence';
import { OrderStatusTag, PriorityTag } from './order-tags';

/** Opens the phone's map app at the lamp (WGS-84 position). */
const navigationUrl = (lng: number, lat: number, name: string) => `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(name)}&coordinate=wgs84&callnative=1`;

const OPEN = [1, 2];

/** One order as a card: fits a 390 px phone; the actions the caller may take on it; once complete, when and the photos. */
export function OrderCard({ order, onAction }: { order: WorkOrder; onAction: (o: WorkOrder, a: WorkOrderAction) => void }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Locale;
  const me = useSessionStore((s) => s.info?.userId);
  const can = usePermission();
  const mine = order.assigneeId === me;
  const actions: WorkOrderAction[] = [];
  if (mine && order.status === 1) actions.push('pickUp');
  if (mine && order.status === 2) actions.push('progress', 'complete');
  if (mine && OPEN.includes(order.status)) actions.push('rollBack');
  if (can(['dispatch:workorder:edit']) && OPEN.includes(order.status)) actions.push('recall');
  return (
    <Card
      size="small"
      data-testid={`order-card-${order.orderId}`}
      title={<Space size={4} wrap>#{order.orderId}<OrderStatusTag status={order.status} /><PriorityTag priority={order.priority} /></Space>}
      extra={order.dueAt && <Typography.Text type="secondary">{t('order.due')} {formatTime(order.dueAt)}</Typography.Text>}
      actions={actions.map((a) => (
        <Button key={a} type={a === 'complete' || a === 'pickUp' ? 'primary' : 'link'} danger={a === 'rollBack' || a === 'recall'} size="small" onClick={() => onAction(order, a)} data-testid={`order-${a}-${order.orderId}`}>
          {t(`order.action.${a}`)}
        </Button>
      ))}
    >
      {order.alarms.map((a) => (
        <div key={a.alarmId} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{ALARM_KINDS.find((k) => k.kind === a.kind)?.name[locale] ?? a.kind}</Typography.Text> · {a.terminalName} ({a.sn})
          <div>
            <Typography.Text type="secondary">{a.address || '-'}</Typography.Text>{' '}
            {a.lng != null && a.lat != null && (
              <a href={navigationUrl(a.lng, a.lat, a.terminalName)} target="_blank" rel="noreferrer" data-testid={`order-navigate-${a.alarmId}`}>
                <EnvironmentOutlined /> {t('order.navigate')}
              </a>
            )}
          </div>
        </div>
      ))}
      {order.lamps.map((l) => (
        <div key={l.assetId} style={{ marginBottom: 8 }} data-testid={`order-lamp-${l.assetId}`}>
          <Typography.Text strong>{l.seq}. {l.poleNo}</Typography.Text> · {l.typeName}{' '}
          {l.lng != null && l.lat != null && (
            <a href={navigationUrl(l.lng, l.lat, l.poleNo)} target="_blank" rel="noreferrer" data-testid={`order-navigate-lamp-${l.assetId}`}>
              <EnvironmentOutlined /> {t('order.navigate')}
            </a>
          )}
        </div>
      ))}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('order.assignee')}>
          {/* One inline run: the item's content is a flex box, where the space between name and phone would collapse. */}
          <span>{order.assigneeName} <a href={`tel:${order.assigneePhone}`}>{order.assigneePhone}</a></span>
        </Descriptions.Item>
        {order.instruction && <Descriptions.Item label={t('order.instruction')}>{order.instruction}</Descriptions.Item>}
        {order.progressNote && <Descriptions.Item label={t('order.progressNote')}>{order.progressNote}</Descriptions.Item>}
        {order.completionNote && <Descriptions.Item label={t('order.completionNote')}>{order.completionNote}</Descriptions.Item>}
        {completedAt(order) && <Descriptions.Item label={t('orderEvidence.completedAt')}><span data-testid={`order-completed-at-${order.orderId}`}>{formatTime(completedAt(order)!)}</span></Descriptions.Item>}
        {order.photos.length > 0 && <Descriptions.Item label={t('order.photos')}><OrderPhotos order={order} /></Descriptions.Item>}
        <Descriptions.Item label={t('order.createdAt')}>{formatTime(order.createdAt)} · {order.createdByName}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
