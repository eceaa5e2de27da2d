import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigInput, PageResult, SysConfig, configQuery, configUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type ConfigFilters = Pick<z.input<typeof configQuery>, 'configName' | 'configKey' | 'configType'>;
export type ConfigUpdate = z.input<typeof configUpdate>;

export const getConfigs = (params: PagedParams<ConfigFilters>) => http.get<PageResult<SysConfig>>('/api/v1/configList', params);

export const configsQuery = (params: PagedParams<ConfigFilters>) =>
  queryOptions({ queryKey: ['configs', 'list', params] as readonly unknown[], queryFn: () => getConfigs(params) });

export const createConfig = (input: ConfigInput) => http.post('/api/v1/config', input);
export const updateConfig = (input: ConfigUpdate) => http.put('/api/v1/config', input);
export const deleteConfigs = (ids: readonly number[]) => http.delete(`/api/v1/config/${ids.join(',')}`);

function useConfigMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['configs'] }) });
}

export const useSaveConfig = () =>
  useConfigMutation((input: ConfigInput | ConfigUpdate) => ('configId' in input ? updateConfig(input as ConfigUpdate) : createConfig(input)));
export const useDeleteConfigs = () => useConfigMutation(deleteConfigs);
