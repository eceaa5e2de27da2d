import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreate, UserUpdate } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { Status } from '../../../shared/table';

export const createUser = (input: UserCreate) => http.post('/api/v1/sysUser', input);
export const updateUser = (input: UserUpdate) => http.put('/api/v1/sysUser', input);
export const deleteUsers = (ids: readonly number[]) => http.delete(`/api/v1/sysUser/${ids.join(',')}`);
export const setUserStatus = (userId: number, status: Status) => http.put('/api/v1/sysUser/status', { userId, status });
export const resetUserPassword = (userId: number, password: string) => http.put('/api/v1/user/pwd/reset', { userId, password });

function useUserMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }) });
}

export const useSaveUser = () => useUserMutation((input: UserCreate | UserUpdate) => ('userId' in input ? updateUser(input) : createUser(input as UserCreate)));
export const useDeleteUsers = () => useUserMutation(deleteUsers);
export const useUserStatus = () => useUserMutation(({ userId, status }: { userId: number; status: Status }) => setUserStatus(userId, status));
export const useResetPassword = () => useMutation({ mutationFn: ({ userId, password }: { userId: number; password: string }) => resetUserPassword(userId, password) });
