import { useRef, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PushSender, type NoticePush, type NoticeUnread } from '@sl/contracts';
import { usePushChannel } from '../../../shared/push';
import { useShellPrefs } from '../../../shared/stores/shell-prefs-store';
import { noticeKeys, useAnswerNotice } from '../api/notices';
import { sendingKey } from './sending-key';

/**
 * Notice pushes: the badge takes the pushed unread count, lists reload, and a new notice pops up
 * (when the notice pop-up toggle is on) with a button that marks it read. Returns a counter that
 * changes with every push, for the open drawer.
 */
export function useNoticePushes(): number {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const popup = useShellPrefs((s) => s.noticePopup);
  const answer = useAnswerNotice();
  const [version, setVersion] = useState(0);
  const sent = useRef(new Map<string, number[]>());
  const markRead = (ids: number[]) => Promise.all(ids.map((id) => answer.mutateAsync({ id, recvStatus: 1 })));
  usePushChannel('notice', (message) => {
    if (message.sendUserId !== PushSender.notice) return;
    const push = message as NoticePush;
    queryClient.setQueryData<NoticeUnread>(noticeKeys.unread, { unread: push.unread });
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
    setVersion((v) => v + 1);
    if (push.event !== 'created' || !popup) return;
    // One sending to a department tree is one row per department: a user who sees several gets one pop-up for all of them.
    const key = `notice-${sendingKey(push.data)}`;
    const ids = [...(sent.current.get(key) ?? []), push.data.id];
    sent.current.set(key, ids);
    notification.info({
      key,
      title: push.data.sendTitle,
      description: <span data-testid="notice-popup-content">{push.data.sendContent}</span>,
      duration: 0,
      className: 'notice-popup',
      props: { 'data-testid': 'notice-popup' } as Record<string, string>,
      actions: (
        <a data-testid="notice-popup-read" onClick={() => void markRead(ids).then(() => (sent.current.delete(key), notification.destroy(key)), () => undefined)}>
          {t('notice.markRead')}
        </a>
      ),
    });
  });
  return version;
}
