import type { Envelope } from '@sl/contracts';
import { ApiError } from './api-error';
import type { Params, RequestOptions } from './build-request';
import { request } from './client';

type Extra = Pick<RequestOptions, 'silent' | 'timeoutMs'>;

/** Like `request`, but yields `data` and turns the 6401 `false` into a rejection (for TanStack Query). */
export async function requestEnvelope<T>(options: RequestOptions): Promise<Envelope<T>> {
  const result = await request<T>(options);
  if (result === false) throw new ApiError('token expired', 'expired', 6401);
  return result;
}

export const http = {
  get: async <T>(url: string, params?: Params, extra?: Extra) =>
    (await requestEnvelope<T>({ url, method: 'GET', params, ...extra })).data,
  post: async <T>(url: string, data?: unknown, extra?: Extra) =>
    (await requestEnvelope<T>({ url, method: 'POST', data, ...extra })).data,
  put: async <T>(url: string, data?: unknown, extra?: Extra) =>
    (await requestEnvelope<T>({ url, method: 'PUT', data, ...extra })).data,
  delete: async <T>(url: string, params?: Params, extra?: Extra) =>
    (await requestEnvelope<T>({ url, method: 'DELETE', params, ...extra })).data,
};
