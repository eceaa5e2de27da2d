import { queryOptions } from '@tanstack/react-query';
import type { MenuNode, UserInfo } from '@sl/contracts';
import { http } from '../../../shared/request';

export const getUserInfo = () => http.get<UserInfo>('/api/v1/getinfo');

/** Silent: a menu failure is reported once as "menu data loading error" by the loader. */
export const getMenuRole = () => http.get<MenuNode[]>('/api/v1/menurole', undefined, { silent: true });

export const userInfoQuery = queryOptions({ queryKey: ['session', 'info'], queryFn: getUserInfo, staleTime: Infinity, retry: false });

export const menuRoleQuery = queryOptions({ queryKey: ['session', 'menu'], queryFn: getMenuRole, staleTime: Infinity, retry: false });
