import { Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '@sl/contracts';
import { formatTime } from '../time/format-time';

/** Status of a completed order: its `closedAt` is when the repairer completed it (recall and roll-back close it too). */
const COMPLETE = 3;

type Evidence = Pick<WorkOrder, 'orderId' | 'status' | 'closedAt' | 'photos'>;

/** When the repairer completed the order, or null while it is not complete. */
export const completedAt = (order: Evidence): string | null => (order.status === COMPLETE && order.closedAt ? order.closedAt : null);

/** The completion time, e.g. in a work order card or the alarm detail's list of orders. */
export function OrderCompletedAt({ order }: { order: Evidence }) {
  const { t } = useTranslation();
  const at = completedAt(order);
  if (!at) return null;
  return (
    <Typography.Text data-testid={`order-completed-at-${order.orderId}`}>
      {t('orderEvidence.completedAt')} {formatTime(at)}
    </Typography.Text>
  );
}

/**
 * The photos the repairer took on site, as thumbnails opening antd's viewer (zoom, rotate, step through the
 * order's photos). Nothing when there are none.
 */
export function OrderPhotos({ order, size = 64 }: { order: Evidence; size?: number }) {
  const { t } = useTranslation();
  if (order.photos.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={6} wrap data-testid={`order-photos-${order.orderId}`}>
        {order.photos.map((url, i) => (
          <Image
            key={url}
            src={url}
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            alt={t('orderEvidence.photoAlt', { id: order.orderId, n: i + 1 })}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
