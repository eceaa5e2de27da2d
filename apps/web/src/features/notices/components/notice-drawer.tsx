import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NoticeRow } from '@sl/contracts';
import { noticeKeys } from '../api/notices';
import { NoticeItem } from './notice-item';
import { ReplyDialog } from './reply-dialog';
import { useEndInView } from './use-end-in-view';
import { useNoticeFeed } from './use-notice-feed';
import './notices.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Changes when a notice push arrives: an open drawer reloads from page 1. */
  pushVersion: number;
}

/** The bulletin-notice drawer: an infinite list, page size 5, each next page appended after 2 s. */
export function NoticeDrawer({ open, onClose, pushVersion }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = useNoticeFeed();
  const [replying, setReplying] = useState<NoticeRow | null>(null);
  const sentinel = useEndInView(() => open && feed.loadMore(), feed.rows.length);
  useEffect(() => {
    if (open) feed.refresh();
  }, [open, pushVersion]); // eslint-disable-line react-hooks/exhaustive-deps
  const answered = (row: NoticeRow) => {
    feed.replace(row);
    void queryClient.invalidateQueries({ queryKey: noticeKeys.unread });
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={420}
      title={t('notice.drawerTitle')}
      extra={
        <>
          <Link to="/notice/list" onClick={onClose}>{t('notice.viewAll')}</Link>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('notice.refresh')} data-testid="notice-refresh" onClick={feed.refresh} />
        </>
      }
      styles={{ body: { padding: 0 } }}
      data-testid="notice-drawer"
    >
      <div className="notice-feed" data-testid="notice-feed" data-count={feed.rows.length} data-total={feed.total}>
        {feed.rows.length === 0 && !feed.loading ? (
          <Empty description={t('notice.empty')} />
        ) : (
          <ul className="notice-list">
            {feed.rows.map((row) => <NoticeItem key={row.id} row={row} onAnswered={answered} onReply={setReplying} />)}
          </ul>
        )}
        <div ref={sentinel} className="notice-feed-end">
          {feed.loading && <Spin size="small" />}
          {!feed.loading && !feed.hasMore && feed.rows.length > 0 && <span data-testid="notice-feed-end">{t('notice.noMore', { n: feed.total })}</span>}
        </div>
      </div>
      <ReplyDialog notice={replying} onClose={() => setReplying(null)} onDone={answered} />
    </Drawer>
  );
}
