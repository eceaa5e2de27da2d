import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { pageEntries } from '../../shared/menu/menu-tree';
import { useSessionStore } from '../../shared/stores/session-store';
import { pageFor } from './component-map';
import { DashboardPage, TerminalDetailPage } from './pages';
import { TERMINAL_DETAIL_PATH, TERMINAL_LIST_PATH } from './detail-paths';
import { Titled } from './titled';

/** Turn the permitted menu tree into routes; the digital map is always there (spec §2). */
export function buildMenuRoutes(menus: readonly MenuNode[]): RouteObject[] {
  const entries = pageEntries(menus);
  const routes: RouteObject[] = entries.map(({ node, fullPath }) => ({
    path: fullPath,
    element: <Titled menu={node}>{pageFor(node)}</Titled>,
  }));
  // The terminal detail is no menu page: it opens from the list, the alarms and the map for whoever has the list.
  if (entries.some((e) => e.fullPath === TERMINAL_LIST_PATH)) {
    routes.push({ path: TERMINAL_DETAIL_PATH, element: <Titled titleKey="detail.title"><TerminalDetailPage /></Titled> });
  }
  if (!entries.some((e) => e.fullPath === HOME_PATH)) {
    routes.push({ path: HOME_PATH, element: <Titled titleKey="dashboard.title"><DashboardPage /></Titled> });
  }
  routes.push({ path: '*', element: <Navigate to="/404" replace /> });
  return routes;
}

export function MenuRoutes() {
  const { i18n } = useTranslation();
  const menus = useSessionStore((s) => s.menus);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the page titles are translated inside, in the current language
  const routes = useMemo(() => buildMenuRoutes(menus), [menus, i18n.language]);
  return useRoutes(routes);
}
