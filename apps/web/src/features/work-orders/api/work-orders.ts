import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageResult, WorkOrder, WorkOrderAction, WorkOrderQuery } from '@sl/contracts';
import { http, requestEnvelope } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type OrderFilters = Partial<Pick<WorkOrderQuery, 'status' | 'sn'>> & { scope: 'mine' | 'all' };

export const orderKeys = { all: ['work-orders'] as const };

export const ordersQuery = ({ scope, ...params }: PagedParams<OrderFilters>) =>
  queryOptions({
    queryKey: [...orderKeys.all, scope, params] as readonly unknown[],
    queryFn: () => http.post<PageResult<WorkOrder>>(`/api/v1/dispatch/workorder/${scope === 'mine' ? 'mine' : 'list'}`, params),
  });

/** One move of an order (pick up, progress, complete, roll back, recall); a refusal shows the server's message. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: { action: WorkOrderAction; orderId: number; note?: string; photos?: string[] }) =>
      http.post<WorkOrder>(`/api/v1/dispatch/workorder/${action}`, body),
    // A refused move leaves the list as it is: the message explains, and the crew refreshes when ready.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Uploads a photo from the phone's camera for the order; answers its URL. */
export async function uploadPhoto(orderId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await requestEnvelope<{ url: string }>({ url: `/api/v1/dispatch/workorder/photo/${orderId}`, method: 'POST', data: form })).data.url;
}
