import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterpriseInput, EnterpriseUpdate } from '@sl/contracts';
import { http } from '../../../shared/request';

export const createEnterprise = (input: EnterpriseInput) => http.post('/api/v1/enterpriseAdd', input);
export const updateEnterprise = (input: EnterpriseUpdate) => http.put('/api/v1/enterpriseUpdate', input);
export const deleteEnterprises = (ids: readonly number[]) => http.delete(`/api/v1/enterpriseDel/${ids.join(',')}`);

function useEnterpriseMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['enterprises'] }) });
}

export const useSaveEnterprise = () =>
  useEnterpriseMutation((input: EnterpriseInput | EnterpriseUpdate) => ('enterpriseId' in input ? updateEnterprise(input as EnterpriseUpdate) : createEnterprise(input)));
export const useDeleteEnterprises = () => useEnterpriseMutation(deleteEnterprises);
