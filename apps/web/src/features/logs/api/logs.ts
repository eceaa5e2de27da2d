import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageResult, logQuery } from '@sl/contracts';
import type { z } from 'zod';
import { readLocale } from '../../../shared/cookies/preferences';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';
import type { LoginLogRow, OperLogRow } from './log-rows';

/** The contract's filters, with the time range as ISO strings. */
export type LogFilters = Pick<z.input<typeof logQuery>, 'username' | 'title' | 'ipaddr' | 'status'> & { beginTime?: string; endTime?: string };

export const operLogsQuery = (params: PagedParams<LogFilters>) =>
  queryOptions({ queryKey: ['logs', 'oper', params] as readonly unknown[], queryFn: () => http.get<PageResult<OperLogRow>>('/api/v1/sysOperLogList', params) });

/** The server writes each sign-in message in the request's language: a language switch fetches the list again. */
export const loginLogsQuery = (params: PagedParams<LogFilters>) =>
  queryOptions({ queryKey: ['logs', 'login', readLocale(), params] as readonly unknown[], queryFn: () => http.get<PageResult<LoginLogRow>>('/api/v1/sysLoginLogList', params) });

export type LogKind = 'oper' | 'login';
const deletePath: Record<LogKind, string> = { oper: '/api/v1/sysOperLog', login: '/api/v1/sysLoginLog' };

export function useDeleteLogs(kind: LogKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.delete(`${deletePath[kind]}/${ids.join(',')}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['logs', kind] }),
  });
}
