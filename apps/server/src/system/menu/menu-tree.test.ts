import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu-tree.js';
import type { MenuRow } from './menu-repository.js';

const row = (menuId: number, parentId: number, sort: number): MenuRow => ({
  menuId, parentId, sort, menuName: `m${menuId}`, title: `t${menuId}`, icon: '', path: `p${menuId}`, component: '',
  menuType: 'C', permission: '', visible: '0', createdAt: new Date(), updatedAt: new Date(),
});

describe('buildMenuTree', () => {
  it('nests children under parents in sort order', () => {
    const tree = buildMenuTree([row(3, 1, 20), row(1, 0, 5), row(2, 1, 10), row(4, 0, 1)]);
    expect(tree.map((n) => n.menuId)).toEqual([4, 1]);
    expect(tree[1].children?.map((n) => n.menuId)).toEqual([2, 3]);
  });

  it('drops rows whose parent is not granted', () => {
    expect(buildMenuTree([row(5, 99, 0), row(1, 0, 0)]).map((n) => n.menuId)).toEqual([1]);
  });
});
