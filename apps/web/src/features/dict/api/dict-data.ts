import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictData, DictDataInput, PageResult, dictDataQuery, dictDataUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { downloadFile, http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type DictDataFilters = Pick<z.input<typeof dictDataQuery>, 'dictType' | 'dictLabel' | 'status'>;
export type DictDataUpdate = z.input<typeof dictDataUpdate>;

export const getDictData = (params: PagedParams<DictDataFilters>) => http.get<PageResult<DictData>>('/api/v1/dict/datalist', params);

export const dictDataQueryOptions = (params: PagedParams<DictDataFilters>) =>
  queryOptions({ queryKey: ['dict-data', 'list', params] as readonly unknown[], queryFn: () => getDictData(params) });

export const createDictData = (input: DictDataInput) => http.post('/api/v1/dict/data', input);
export const updateDictData = (input: DictDataUpdate) => http.put('/api/v1/dict/data', input);
export const deleteDictData = (ids: readonly number[]) => http.delete(`/api/v1/dict/data/${ids.join(',')}`);
export const exportDictData = (dictType: string) =>
  downloadFile('/api/v1/dict/data/export', { dictType }, `dict-data-${dictType}.xlsx`);

function useDictDataMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['dict-data'] }), client.invalidateQueries({ queryKey: ['dict'] })]),
  });
}

export const useSaveDictData = () =>
  useDictDataMutation((input: DictDataInput | DictDataUpdate) => ('dictCode' in input ? updateDictData(input as DictDataUpdate) : createDictData(input)));
export const useDeleteDictData = () => useDictDataMutation(deleteDictData);
export const useExportDictData = () => useMutation({ mutationFn: exportDictData });
