import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dept } from '@sl/contracts';
import { toDeptNodes, useDeptTree, type DeptTreeNode } from '../../../shared/org/dept-tree';

const filterTree = (nodes: DeptTreeNode[], text: string): DeptTreeNode[] =>
  nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    return n.title.includes(text) || children.length ? [{ ...n, children: children.length ? children : n.children }] : [];
  });

interface Props {
  selected?: number;
  onSelect: (deptId: number | undefined) => void;
}

/** Departments on the left of the users page; clicking one filters the list, clicking it again clears. */
export function DeptTreePanel({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { data, isLoading } = useDeptTree();
  const [text, setText] = useState('');
  const nodes = useMemo(() => filterTree(toDeptNodes(data ?? ([] as Dept[])), text.trim()), [data, text]);
  return (
    <div data-testid="dept-tree">
      <Input.Search allowClear placeholder={t('user.deptSearch')} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
      <Spin spinning={isLoading}>
        {nodes.length > 0 && (
          <Tree<DeptTreeNode>
            blockNode
            defaultExpandAll
            treeData={nodes}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
          />
        )}
      </Spin>
    </div>
  );
}
