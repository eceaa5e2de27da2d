import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICE_PERMISSION, type NoticeQuery, type NoticeRow, type NoticeSend, type NoticeUnread, type PageResult } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';
import { usePermission } from '../../../shared/permission/access';
import { useSessionStore } from '../../../shared/stores/session-store';

export type NoticeFilters = Pick<NoticeQuery, 'title' | 'recvStatus' | 'level'>;

export const noticeKeys = { all: ['notices'] as const, unread: ['notices', 'unread'] as const };

export const getNotices = (params: PagedParams<NoticeFilters>) =>
  http.post<PageResult<NoticeRow>>('/api/v1/energy/notice/list', params);

export const noticesQuery = (params: PagedParams<NoticeFilters>) =>
  queryOptions({ queryKey: [...noticeKeys.all, 'list', params] as readonly unknown[], queryFn: () => getNotices(params) });

/** The caller's unread notices, for the top bar's badge; only asked for by holders of the list permission. */
export function useNoticeUnread() {
  const allowed = usePermission()([NOTICE_PERMISSION.query]);
  const query = useQuery({
    queryKey: noticeKeys.unread,
    queryFn: () => http.get<NoticeUnread>('/api/v1/energy/notice/unread', undefined, { silent: true }),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  return { allowed, unread: query.data?.unread ?? 0 };
}

/**
 * Read (recvStatus 1) and reply (recvStatus 2), sent with recvName = the user's name as spec §4 has it;
 * the server takes the name from the session, not from the body.
 */
export function useAnswerNotice() {
  const queryClient = useQueryClient();
  const info = useSessionStore((s) => s.info);
  return useMutation({
    mutationFn: (body: { id: number; recvStatus: 1 | 2; recvContent?: string }) =>
      http.post<NoticeRow>('/api/v1/energy/notice/update', { ...body, recvName: info?.nickName || info?.userName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeSend) => http.post<NoticeRow[]>('/api/v1/energy/notice/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useDeleteNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => http.delete<null>(`/api/v1/energy/notice/del/${ids.join(',')}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
