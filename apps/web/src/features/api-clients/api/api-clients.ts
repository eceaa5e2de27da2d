import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiClientAddBody, ApiClientSecret, ApiClientUpdateBody, WebhookAddBody, WebhookSubscription, WebhookSubscriptionCreated } from '@sl/contracts';
import { http } from '../../../shared/request';

const CLIENTS = ['api-clients'] as const;

export const useApiClients = () => useQuery(queryOptions({ queryKey: CLIENTS, queryFn: () => http.get<ApiClient[]>('/api/v1/open/clients') }));
export const useWebhooks = (clientId: number | undefined) =>
  useQuery({ queryKey: [...CLIENTS, clientId, 'webhooks'], enabled: clientId !== undefined, queryFn: () => http.get<WebhookSubscription[]>(`/api/v1/open/clients/${clientId}/webhooks`) });

function useClientMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS }) });
}

export const useSaveClient = () =>
  useClientMutation((body: ApiClientAddBody | ApiClientUpdateBody) =>
    'id' in body ? http.put<ApiClient>('/api/v1/open/clients', body).then((client) => ({ client, clientSecret: '' })) : http.post<ApiClientSecret>('/api/v1/open/clients', body),
  );
export const useResetSecret = () => useClientMutation((id: number) => http.post<ApiClientSecret>(`/api/v1/open/clients/${id}/secret`, {}));
export const useDeleteClient = () => useClientMutation((id: number) => http.delete(`/api/v1/open/clients/${id}`));
export const useAddWebhook = () => useClientMutation((body: WebhookAddBody) => http.post<WebhookSubscriptionCreated>('/api/v1/open/webhooks', body));
export const useDeleteWebhook = () => useClientMutation((id: number) => http.delete(`/api/v1/open/webhooks/${id}`));
