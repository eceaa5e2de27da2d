import type { TFunction } from 'i18next';
import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { pageEntries } from '../../../shared/menu/menu-tree';
import { terminalDetailId } from '../../routes/detail-paths';
import { polePageNo } from '../pole-page-path';
import { routeTrail } from '../use-route-trail';

export const PROFILE_PATH = '/profile/index';

/** Pages that are shown but never kept alive while hidden (spec §2: the personal centre is not cached). */
const NOT_CACHED = new Set([PROFILE_PATH]);

/** Trailing slashes do not make another page. */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

/** A page that gets a tab: the digital map, the personal centre, a permitted menu page, a terminal's detail or a pole's phone view. */
export function isTabPath(path: string, menus: readonly MenuNode[]): boolean {
  if (path === HOME_PATH || path === PROFILE_PATH || terminalDetailId(path, menus) !== null || polePageNo(path, menus) !== null) return true;
  return pageEntries(menus).some((e) => e.fullPath === path);
}

/** A tab whose page keeps its state while another tab is shown. */
export const isKeptPath = (path: string, menus: readonly MenuNode[]): boolean =>
  !NOT_CACHED.has(path) && isTabPath(path, menus);

/** The tab's title: the page's menu title in the current language. */
export function tabTitle(path: string, menus: readonly MenuNode[], t: TFunction): string {
  return routeTrail(path, menus, t).at(-1)?.title ?? path;
}
