/** Nests flat rows by parent id, keeping their order; rows whose parent is absent become roots. */
export function toTree<T extends { children?: T[] }>(rows: T[], idOf: (r: T) => number, parentOf: (r: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  const roots: T[] = [];
  for (const row of rows) {
    const parent = byId.get(parentOf(row));
    if (parent && parent !== row) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}
