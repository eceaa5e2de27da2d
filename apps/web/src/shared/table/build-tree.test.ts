import { describe, expect, it } from 'vitest';
import { buildTree } from './build-tree';

describe('buildTree', () => {
  it('nests by parentId, sorts, and keeps orphans of a filter as roots', () => {
    type Row = { id: number; parentId: number; sort: number; children?: Row[] };
    const rows: Row[] = [
      { id: 1, parentId: 0, sort: 2 },
      { id: 2, parentId: 1, sort: 1 },
      { id: 3, parentId: 0, sort: 1 },
      { id: 4, parentId: 99, sort: 0 },
    ];
    const tree = buildTree(rows, (r) => r.id);
    expect(tree.map((r) => r.id)).toEqual([4, 3, 1]);
    expect(tree[2].children?.map((r) => r.id)).toEqual([2]);
    expect(tree[1].children).toBeUndefined();
  });
});
