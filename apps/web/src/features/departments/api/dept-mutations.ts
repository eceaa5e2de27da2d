import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeptInput } from '@sl/contracts';
import { http } from '../../../shared/request';

export const createDept = (input: DeptInput) => http.post('/api/v1/dept', input);
export const updateDept = (input: DeptInput & { deptId: number }) => http.put('/api/v1/dept', input);
export const deleteDept = (id: number) => http.delete(`/api/v1/dept/${id}`);

function useDeptMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['dept'] }) });
}

export const useSaveDept = () => useDeptMutation((input: DeptInput & { deptId?: number }) =>
  input.deptId ? updateDept(input as DeptInput & { deptId: number }) : createDept(input));
export const useDeleteDept = () => useDeptMutation(deleteDept);
