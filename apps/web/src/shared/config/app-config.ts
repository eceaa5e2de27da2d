import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@sl/contracts';
import { http } from '../request';

export const getAppConfig = () => http.get<PublicConfig>('/api/v1/app-config');

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  staleTime: Infinity,
  retry: 1,
});

/** Titles, version, captcha switch and the password key, available before sign-in. */
export const useAppConfig = () => useQuery(appConfigQuery);
