import { useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_BADGE_MAX } from '@sl/contracts';
import { useNoticeUnread } from '../api/notices';
import { NoticeDrawer } from './notice-drawer';
import { useNoticePushes } from './use-notice-pushes';

/** The top bar's bulletin-notice button: unread badge, the drawer, and new-notice pop-ups. */
export function NoticeButton() {
  const { t } = useTranslation();
  const { allowed, unread } = useNoticeUnread();
  const pushVersion = useNoticePushes();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Tooltip title={t('notice.drawerTitle')}>
        <Button type="text" data-testid="notice-button" onClick={() => setOpen(true)}>
          {/* The name comes from this text, the count included; the badge's animated digits stay out of it. */}
          <span className="sr-only">{`${t('notice.drawerTitle')} (${unread})`}</span>
          <span aria-hidden="true">
            <Badge count={unread} overflowCount={ALARM_BADGE_MAX} size="small" data-testid="notice-badge" data-count={unread}>
              <NotificationOutlined />
            </Badge>
          </span>
        </Button>
      </Tooltip>
      <NoticeDrawer open={open} onClose={() => setOpen(false)} pushVersion={pushVersion} />
    </>
  );
}
