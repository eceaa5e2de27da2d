import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { pageEntries } from '../../shared/menu/menu-tree';
import { useSessionStore } from '../../shared/stores/session-store';
import { pageFor } from './component-map';
import { DashboardPage } from './pages';
import { Titled } from './titled';

/** Turn the permitted menu tree into routes; the digital map is always there (spec §2). */
export function buildMenuRoutes(menus: readonly MenuNode[]): RouteObject[] {
  const entries = pageEntries(menus);
  const routes: RouteObject[] = entries.map(({ node, fullPath }) => ({
    path: fullPath,
    element: <Titled menu={node}>{pageFor(node)}</Titled>,
  }));
  if (!entries.some((e) => e.fullPath === HOME_PATH)) {
    routes.push({ path: HOME_PATH, element: <Titled titleKey="dashboard.title"><DashboardPage /></Titled> });
  }
  routes.push({ path: '*', element: <Navigate to="/404" replace /> });
  return routes;
}

export function MenuRoutes() {
  const { i18n } = useTranslation();
  const menus = useSessionStore((s) => s.menus);
  const routes = useMemo(() => buildMenuRoutes(menus), [menus, i18n.language]);
  return useRoutes(routes);
}
