import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MenuNode, PageResult, Role, roleQuery } from '@sl/contracts';
import { http } from '../../../shared/request';
import type { PagedParams } from '../../../shared/table';

export type RoleFilters = Partial<Pick<z.output<typeof roleQuery>, 'roleName' | 'roleKey' | 'status'>>;

export const getRoles = (params: PagedParams<RoleFilters>) => http.get<PageResult<Role>>('/api/v1/rolelist', params);

export const rolesQuery = (params: PagedParams<RoleFilters>) =>
  queryOptions({ queryKey: ['roles', 'list', params] as readonly unknown[], queryFn: () => getRoles(params) });

export const getRole = (id: number) => http.get<Role>(`/api/v1/role/${id}`);

/** The full role (menus and departments) when a dialog opens for it. */
export const useRole = (id: number | undefined) =>
  useQuery({ queryKey: ['roles', 'one', id], queryFn: () => getRole(id!), enabled: id !== undefined, staleTime: 0 });

export const getMenuTreeselect = () => http.get<MenuNode[]>('/api/v1/menuTreeselect');

export const useMenuTreeselect = () => useQuery({ queryKey: ['menus', 'treeselect'], queryFn: getMenuTreeselect, staleTime: 60_000 });
