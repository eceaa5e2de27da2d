import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dept } from '@sl/contracts';
import { http } from '../request';

export const getDeptTree = () => http.get<Dept[]>('/api/v1/dept');

export const deptTreeQuery = queryOptions({ queryKey: ['dept', 'tree'], queryFn: getDeptTree, staleTime: 60_000 });

/** The department tree within the user's data scope. */
export const useDeptTree = () => useQuery(deptTreeQuery);

export interface DeptTreeNode {
  key: number;
  value: number;
  title: string;
  disabled?: boolean;
  children?: DeptTreeNode[];
}

/** antd Tree/TreeSelect nodes; `disableId` disables that department and its subtree (a parent cannot move under itself). */
export function toDeptNodes(depts: readonly Dept[], disableId?: number, inherited = false): DeptTreeNode[] {
  return depts.map((d) => {
    const disabled = inherited || d.deptId === disableId;
    return {
      key: d.deptId,
      value: d.deptId,
      title: d.deptName,
      disabled: disabled || undefined,
      children: d.children?.length ? toDeptNodes(d.children, disableId, disabled) : undefined,
    };
  });
}
