import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { pageEntries } from '../../shared/menu/menu-tree';
import { hasPermission } from '../../shared/permission/has-permission';

/** Accept only same-origin absolute paths; anything else (//evil, http:, /login) falls back to '/'. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, 'http://same.origin');
    if (url.origin !== 'http://same.origin' || url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The crew's work order page (its component, wherever an administrator put it in the menu). */
const WORK_ORDER_COMPONENT = 'dispatch/workorder/index';
/** Who may send alarms to the crew: a dispatcher, who starts on the map. */
const DISPATCH_PERMISSION = 'alarm:alarm:dispatch';

/** Who signs in: what they may do and which pages their menu opens. */
export interface Landing {
  permissions: readonly string[];
  menus: readonly MenuNode[];
}

/**
 * Where a sign-in without a target lands: the map for most, but a maintenance person (the work order page in
 * their menu, no right to dispatch) starts on their work orders, the page they use on the phone (issue 28 item 3).
 */
export function homePage(who?: Landing): string {
  if (!who || hasPermission(who.permissions, [DISPATCH_PERMISSION])) return HOME_PATH;
  return pageEntries(who.menus).find((e) => e.node.component === WORK_ORDER_COMPONENT)?.fullPath ?? HOME_PATH;
}

export const homeAfterLogin = (redirect: string | null | undefined, who?: Landing) => {
  const target = safeRedirect(redirect);
  return target === '/' ? homePage(who) : target;
};
