import { Tree } from 'antd';
import { toDeptNodes, useDeptTree, type DeptTreeNode } from '../../../shared/org/dept-tree';

interface Props {
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/** Departments checked one by one (no parent-child linkage): custom scope means exactly these. */
export function DeptCheckTree({ value = [], onChange }: Props) {
  const nodes = toDeptNodes(useDeptTree().data ?? []);
  return (
    <div data-testid="dept-check-tree" style={{ maxHeight: 300, overflow: 'auto', border: '1px solid var(--sl-border-secondary)', borderRadius: 6, padding: 8 }}>
      {nodes.length > 0 && (
        <Tree<DeptTreeNode>
          checkable
          checkStrictly
          defaultExpandAll
          treeData={nodes}
          checkedKeys={{ checked: value, halfChecked: [] }}
          onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      )}
    </div>
  );
}
