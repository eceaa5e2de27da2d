import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { pageEntries } from '../../shared/menu/menu-tree';
import { useSessionStore } from '../../shared/stores/session-store';
import { pageFor } from './component-map';
import { DashboardPage, PolePage, TerminalDetailPage } from './pages';
import { LAMP_LIST_PATH, POLE_PATHS, TERMINAL_DETAIL_PATH, TERMINAL_LIST_PATH } from './detail-paths';
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
  // A pole's record (its QR code's URL) and the scanner: the phone view of the lamp register, for whoever has the register.
  if (entries.some((e) => e.fullPath === LAMP_LIST_PATH)) {
    for (const path of POLE_PATHS) routes.push({ path, element: <Titled titleKey="asset.pole.scan"><PolePage /></Titled> });
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
