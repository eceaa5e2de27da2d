import type { ReactNode } from 'react';
import { Empty, Typography } from 'antd';

export interface EmptyReason {
  /** Why nothing is shown ("No heartbeat in the chosen range"). */
  reason: string;
  /** What to do about it ("widen the range"). */
  hint?: ReactNode;
}

/** An empty list or panel that says why it is empty and what to do, never a bare "no data". */
export function EmptyState({ reason, hint }: EmptyReason) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="empty-state"
      description={
        <>
          <div data-testid="empty-reason">{reason}</div>
          {hint && <Typography.Text type="secondary" data-testid="empty-hint">{hint}</Typography.Text>}
        </>
      }
    />
  );
}
