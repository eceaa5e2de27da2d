import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageResult, Terminal } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export interface InventoryFilters {
  sn?: string;
  name?: string;
  family?: string;
  status?: number;
  [key: string]: string | number | undefined;
}

export const inventoryQuery = (params: PagedParams<InventoryFilters>) =>
  queryOptions({ queryKey: ['inventory', 'list', params] as readonly unknown[], queryFn: () => http.get<PageResult<Terminal>>('/api/v1/terminal/inventory/list', params) });

export function useDeleteInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.delete(`/api/v1/terminal/inventory/delete/${ids.join(',')}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
