import { queryOptions } from '@tanstack/react-query';
import type { PageResult, WebhookDelivery, WebhookDeliveryQuery } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type DeliveryFilters = Partial<Pick<WebhookDeliveryQuery, 'state'>>;

export const webhookLogQuery = (params: PagedParams<DeliveryFilters>) =>
  queryOptions({ queryKey: ['webhook-log', params] as readonly unknown[], queryFn: () => http.get<PageResult<WebhookDelivery>>('/api/v1/open/webhooks/deliveries', params) });
