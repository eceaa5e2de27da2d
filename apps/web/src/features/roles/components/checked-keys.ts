interface Node {
  key: number;
  children?: Node[];
}

const leavesOf = (node: Node): number[] => (node.children?.length ? node.children.flatMap(leavesOf) : [node.key]);

/**
 * The keys to show checked in a conducting Tree for a saved id list that also holds half-checked
 * parents: a leaf when saved, a parent only when every leaf below it is saved.
 */
export function checkedKeysFor(nodes: readonly Node[], saved: readonly number[]): number[] {
  const set = new Set(saved);
  const walk = (node: Node): number[] => {
    const own = leavesOf(node).every((k) => set.has(k)) && set.has(node.key) ? [node.key] : [];
    return [...own, ...(node.children ?? []).flatMap(walk)];
  };
  return nodes.flatMap(walk);
}
