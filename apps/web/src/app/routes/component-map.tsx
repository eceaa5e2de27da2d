import type { ComponentType, ReactNode } from 'react';
import type { MenuNode } from '@sl/contracts';
import { ComingSoonPage } from '../../features/coming-soon/coming-soon-page';
import { menuTitle } from '../../shared/menu/menu-tree';
import { DashboardPage } from './pages';

/** Server component keys with a built page; every other key gets the coming-soon page. */
const pages: Record<string, ComponentType> = {
  'dashboard/index': DashboardPage,
};

export function pageFor(node: MenuNode): ReactNode {
  const Page = pages[node.component.replace(/^\/+/, '').replace(/\.(vue|tsx?)$/, '')];
  return Page ? <Page /> : <ComingSoonPage title={menuTitle(node)} />;
}
