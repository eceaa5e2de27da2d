import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { findMenuEntry, joinMenuPath, menuTitle } from '../../shared/menu/menu-tree';
import { useSessionStore } from '../../shared/stores/session-store';
import { LAMP_LIST_PATH, TERMINAL_LIST_PATH, terminalDetailId } from '../routes/detail-paths';
import { polePageNo } from './pole-page-path';

export interface Crumb {
  title: string;
  path?: string;
}

/** Menu titles from the root to the page at `pathname`; fixed pages have their own title. */
export function routeTrail(pathname: string, menus: readonly MenuNode[], t: TFunction): Crumb[] {
  if (pathname.startsWith('/profile')) return [{ title: t('route.profile') }];
  const terminalId = terminalDetailId(pathname, menus);
  if (terminalId !== null) return [...routeTrail(TERMINAL_LIST_PATH, menus, t), { title: t('route.terminalDetail', { id: terminalId }) }];
  const poleNo = polePageNo(pathname, menus);
  if (poleNo !== null) return [...routeTrail(LAMP_LIST_PATH, menus, t), { title: poleNo ? t('asset.pole.title', { poleNo }) : t('asset.pole.scan') }];
  const entry = findMenuEntry(menus, pathname);
  if (!entry) return pathname === HOME_PATH ? [{ title: t('dashboard.title') }] : [];
  let parent = '/';
  return entry.trail.map((node) => {
    parent = joinMenuPath(parent, node.path);
    return { title: menuTitle(node), path: node.menuType === 'C' ? parent : undefined };
  });
}

/** The trail of the current page, in the current language. */
export function useRouteTrail(): Crumb[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useSessionStore((s) => s.menus);
  return routeTrail(pathname, menus, t);
}
