import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictType, DictTypeInput, PageResult, dictTypeQuery, dictTypeUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type DictTypeFilters = Pick<z.input<typeof dictTypeQuery>, 'dictName' | 'dictType' | 'status'>;
export type DictTypeUpdate = z.input<typeof dictTypeUpdate>;

export const getDictTypes = (params: PagedParams<DictTypeFilters>) => http.get<PageResult<DictType>>('/api/v1/dict/typelist', params);

export const dictTypesQuery = (params: PagedParams<DictTypeFilters>) =>
  queryOptions({ queryKey: ['dict-types', 'list', params] as readonly unknown[], queryFn: () => getDictTypes(params) });

export const createDictType = (input: DictTypeInput) => http.post('/api/v1/dict/type', input);
export const updateDictType = (input: DictTypeUpdate) => http.put('/api/v1/dict/type', input);
export const deleteDictTypes = (ids: readonly number[]) => http.delete(`/api/v1/dict/type/${ids.join(',')}`);

function useDictTypeMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['dict-types'] }), client.invalidateQueries({ queryKey: ['dict'] })]),
  });
}

export const useSaveDictType = () =>
  useDictTypeMutation((input: DictTypeInput | DictTypeUpdate) => ('dictId' in input ? updateDictType(input as DictTypeUpdate) : createDictType(input)));
export const useDeleteDictTypes = () => useDictTypeMutation(deleteDictTypes);
