import type { ComponentType, ReactNode } from 'react';
import type { MenuNode } from '@sl/contracts';
import { ComingSoonPage } from '../../features/coming-soon/coming-soon-page';
import { menuTitle } from '../../shared/menu/menu-tree';
import { DashboardPage, UsersPage, RolesPage, DepartmentsPage, MenusPage } from './pages';
import { ConfigPage, DictPage, EnterprisesPage, LoginLogPage, NoticeListPage, OperLogPage } from './pages';

/** Server component keys with a built page; every other key gets the coming-soon page. */
const pages: Record<string, ComponentType> = {
  'dashboard/index': DashboardPage,
  'system/sysuser/index': UsersPage,
  'system/role/index': RolesPage,
  'system/dept/index': DepartmentsPage,
  'system/menu/index': MenusPage,
  'system/enterprise/index': EnterprisesPage,
  'system/dict/index': DictPage,
  'system/config/index': ConfigPage,
  'system/operlog/index': OperLogPage,
  'system/loginlog/index': LoginLogPage,
  'notice/list/index': NoticeListPage,
};

export function pageFor(node: MenuNode): ReactNode {
  const Page = pages[node.component.replace(/^\/+/, '').replace(/\.(vue|tsx?)$/, '')];
  return Page ? <Page /> : <ComingSoonPage title={menuTitle(node)} />;
}
