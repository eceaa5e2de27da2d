import type { MenuNode, MenuType } from '@sl/contracts';
import type { MenuRow } from './menu-repository.js';

export const toMenuNode = (row: MenuRow): MenuNode => ({
  menuId: row.menuId,
  parentId: row.parentId,
  menuName: row.menuName,
  title: row.title,
  icon: row.icon,
  path: row.path,
  component: row.component,
  menuType: row.menuType as MenuType,
  permission: row.permission,
  sort: row.sort,
  visible: row.visible === '1' ? '1' : '0',
});

/** Builds the sorted tree; a row whose parent is missing (not granted) is dropped with its subtree. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.menuId, toMenuNode(r)]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === 0) roots.push(node);
    else {
      const parent = nodes.get(node.parentId);
      if (parent) (parent.children ??= []).push(node);
    }
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.menuId - b.menuId);
    for (const n of list) if (n.children) sort(n.children);
    return list;
  };
  return sort(roots);
}
