import { queryOptions } from '@tanstack/react-query';
import type { PageResult, SmsLogQuery, SmsLogRow } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type SmsFilters = Partial<Pick<SmsLogQuery, 'state' | 'phone'>>;

export const smsLogQuery = (params: PagedParams<SmsFilters>) =>
  queryOptions({ queryKey: ['sms-log', params] as readonly unknown[], queryFn: () => http.post<PageResult<SmsLogRow>>('/api/v2/sms/log/list', params) });
