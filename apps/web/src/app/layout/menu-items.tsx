import type { MenuProps } from 'antd';
import type { MenuNode } from '@sl/contracts';
import { joinMenuPath, menuTitle } from '../../shared/menu/menu-tree';
import { MenuIcon } from '../../shared/menu/menu-icon';

type Item = Required<MenuProps>['items'][number];

const shown = (n: MenuNode) => n.visible === '0' && n.menuType !== 'F';

/** antd Menu items from the server tree: only visible rows, folders as submenus, keys = full paths. */
export function toMenuItems(tree: readonly MenuNode[], parent = '/'): Item[] {
  return [...tree]
    .filter(shown)
    .sort((a, b) => a.sort - b.sort)
    .flatMap((node): Item[] => {
      const key = joinMenuPath(parent, node.path);
      const label = <span data-menu={node.menuName}>{menuTitle(node)}</span>;
      const icon = <MenuIcon name={node.icon} />;
      if (node.menuType !== 'M') return [{ key, icon, label }];
      const children = toMenuItems(node.children ?? [], key);
      return children.length > 0 ? [{ key, icon, label, children }] : [];
    });
}
