import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RoleInput, roleDataScopeInput } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { Status } from '../../../shared/table';

export type RoleDataScope = z.input<typeof roleDataScopeInput>;

export const createRole = (input: RoleInput) => http.post('/api/v1/addRole', input);
export const updateRole = (input: RoleInput & { roleId: number }) => http.put('/api/v1/role', input);
export const setRoleStatus = (roleId: number, status: Status) => http.put('/api/v1/role', { roleId, status });
export const setRoleDataScope = (input: RoleDataScope) => http.put('/api/v1/roledatascope', input);
export const deleteRole = (id: number) => http.delete(`/api/v1/delRole/${id}`);

function useRoleMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['roles'] }) });
}

export const useSaveRole = () => useRoleMutation((input: RoleInput & { roleId?: number }) =>
  input.roleId ? updateRole(input as RoleInput & { roleId: number }) : createRole(input));
export const useRoleStatus = () => useRoleMutation(({ roleId, status }: { roleId: number; status: Status }) => setRoleStatus(roleId, status));
export const useRoleDataScope = () => useRoleMutation(setRoleDataScope);
export const useDeleteRole = () => useRoleMutation(deleteRole);
