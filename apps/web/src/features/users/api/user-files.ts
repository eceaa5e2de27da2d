import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, http, type Params } from '../../../shared/request';

export interface ImportRowError {
  row: number;
  messages: string[];
}
/** `imported` counts the rows accepted: created, updated or found unchanged. */
export interface ImportResult {
  imported: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportRowError[];
}

export const exportUsers = (filters: Params) => downloadFile('/api/v1/sysUser/export', filters, 'users.xlsx');
export const downloadImportTemplate = () => downloadFile('/api/v1/sysUser/importTemplate', undefined, 'users-template.xlsx');

export function importUsers(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<ImportResult>('/api/v1/sysUser/import', form, { timeoutMs: 60_000 });
}

export function useImportUsers() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importUsers, onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }) });
}
