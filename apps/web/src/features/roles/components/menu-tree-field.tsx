import { useMemo } from 'react';
import { Spin, Tree } from 'antd';
import type { MenuNode } from '@sl/contracts';
import { menuTitle } from '../../../shared/menu/menu-tree';
import { useMenuTreeselect } from '../api/get-roles';
import { checkedKeysFor } from './checked-keys';

interface TreeNode {
  key: number;
  title: string;
  children?: TreeNode[];
}

const toNodes = (menus: readonly MenuNode[]): TreeNode[] =>
  [...menus].sort((a, b) => a.sort - b.sort).map((m) => ({ key: m.menuId, title: menuTitle(m), children: m.children?.length ? toNodes(m.children) : undefined }));

interface Props {
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/** Checkable menu tree as a form control; the value holds checked and half-checked ids, so a granted page keeps its folder. */
export function MenuTreeField({ value = [], onChange }: Props) {
  const { data, isLoading } = useMenuTreeselect();
  const nodes = useMemo(() => toNodes(data ?? []), [data]);
  const checked = useMemo(() => checkedKeysFor(nodes, value), [nodes, value]);
  return (
    <Spin spinning={isLoading}>
      <div data-testid="menu-tree" style={{ maxHeight: 320, overflow: 'auto', border: '1px solid var(--sl-border-secondary)', borderRadius: 6, padding: 8 }}>
        {nodes.length > 0 && (
          <Tree<TreeNode>
            checkable
            defaultExpandedKeys={nodes.map((n) => n.key)}
            treeData={nodes}
            checkedKeys={checked}
            onCheck={(keys, info) => {
              const full = Array.isArray(keys) ? keys : keys.checked;
              onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(Number));
            }}
          />
        )}
      </div>
    </Spin>
  );
}
