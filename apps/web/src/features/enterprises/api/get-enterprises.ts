import { queryOptions } from '@tanstack/react-query';
import type { Enterprise, EnterpriseQuery, PageResult } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type EnterpriseFilters = Pick<EnterpriseQuery, 'name' | 'code' | 'status' | 'region'>;

export const getEnterprises = (params: PagedParams<EnterpriseFilters>) =>
  http.get<PageResult<Enterprise>>('/api/v1/enterpriseList', params);

export const enterprisesQuery = (params: PagedParams<EnterpriseFilters>) =>
  queryOptions({ queryKey: ['enterprises', 'list', params] as readonly unknown[], queryFn: () => getEnterprises(params) });
