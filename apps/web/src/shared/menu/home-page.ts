import { HOME_PATH, type MenuNode } from '@sl/contracts';
import { hasPermission } from '../permission/has-permission';

/** The crew's work order page (its component, wherever an administrator put it in the menu). */
const WORK_ORDER_COMPONENT = 'dispatch/workorder/index';
/** Who may send alarms to the crew: a dispatcher, who starts on the map. */
const DISPATCH_PERMISSION = 'alarm:alarm:dispatch';

/** Who is signed in: what they may do and which pages their menu opens. */
export interface Landing {
  permissions: readonly string[];
  menus: readonly MenuNode[];
}

/**
 * Where the console's root (`/`, and a sign-in without a target) leads: the map for most, but a maintenance person
 * (the work order page in their menu, no right to dispatch) starts on their work orders, the page they use on the
 * phone (issue 28 item 3).
 */
export function homePage({ permissions, menus }: Landing): string {
  if (hasPermission(permissions, [DISPATCH_PERMISSION])) return HOME_PATH;
  return pagePath(menus, WORK_ORDER_COMPONENT) ?? HOME_PATH;
}

/** The absolute path of the page showing `component` (a few lines, not menu-tree: the router and sign-in page stay small). */
function pagePath(tree: readonly MenuNode[], component: string, parent = ''): string | undefined {
  for (const node of tree) {
    const path = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    if (node.menuType === 'C' && node.component === component) return path;
    const below = pagePath(node.children ?? [], component, path);
    if (below) return below;
  }
  return undefined;
}
