export interface TreeRow<T> {
  parentId: number;
  sort?: number;
  children?: T[];
}

/** Nest flat rows by parentId; rows whose parent is absent (filtered out) become roots. Sorted by `sort`. */
export function buildTree<T extends TreeRow<T>>(rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), { ...r, children: undefined } as T]));
  const roots: T[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(row.parentId);
    if (parent && parent !== row) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  const bySort = (a: T, b: T) => (a.sort ?? 0) - (b.sort ?? 0);
  const sortDeep = (list: T[]): T[] => list.sort(bySort).map((r) => (r.children ? { ...r, children: sortDeep(r.children) } : r));
  return sortDeep(roots);
}
