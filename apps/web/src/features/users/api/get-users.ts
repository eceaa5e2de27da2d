import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PageResult, SysUser, userQuery } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type UserFilters = Partial<Pick<z.output<typeof userQuery>, 'username' | 'nickName' | 'phone' | 'status' | 'deptId'>>;

export const getUsers = (params: PagedParams<UserFilters>) => http.get<PageResult<SysUser>>('/api/v1/sysUserList', params);

export const usersQuery = (params: PagedParams<UserFilters>) =>
  queryOptions({ queryKey: ['users', 'list', params] as readonly unknown[], queryFn: () => getUsers(params) });
