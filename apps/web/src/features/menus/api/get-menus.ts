import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuNode } from '@sl/contracts';
import { http } from '../../../shared/request';

export interface MenuFilters {
  title?: string;
  visible?: '0' | '1';
}

export const getMenus = (filters: MenuFilters) => http.get<MenuNode[]>('/api/v1/menu', { ...filters });

export const menusQuery = (filters: MenuFilters) => queryOptions({ queryKey: ['menus', 'list', filters], queryFn: () => getMenus(filters) });

/** Every menu item as a tree, buttons included. */
export const useMenus = (filters: MenuFilters) => useQuery(menusQuery(filters));
