import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyChannel, NotifyChannelInput } from '@sl/contracts';
import { http } from '../../../shared/request';

const key = ['notify-channels'] as const;

/** The notice channels (e-mail, WeCom, DingTalk) of the departments in the caller's data scope. */
export const useNotifyChannels = () => useQuery({ queryKey: key, queryFn: () => http.get<NotifyChannel[]>('/api/v1/alarm/notify/list') });

/** Adds a channel, or changes it when `channelId` is given (an empty secret keeps the stored one). */
export function useSaveNotifyChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, ...body }: NotifyChannelInput & { channelId?: number }) =>
      channelId ? http.put<NotifyChannel>('/api/v1/alarm/notify/update', { channelId, ...body }) : http.post<NotifyChannel>('/api/v1/alarm/notify/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteNotifyChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) => http.post('/api/v1/alarm/notify/del', { channelId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
