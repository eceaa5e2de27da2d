import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Dept, deptQuery } from '@sl/contracts';
import { http } from '../../../shared/request';
import { buildTree } from '../../../shared/table';

export type DeptFilters = Partial<z.output<typeof deptQuery>>;

export const getDepts = (filters: DeptFilters) => http.get<Dept[]>('/api/v1/deptList', filters);

export const deptsQuery = (filters: DeptFilters) =>
  queryOptions({ queryKey: ['dept', 'list', filters], queryFn: () => getDepts(filters), select: (rows) => buildTree(rows, (d) => d.deptId) });

/** The filtered departments nested by parentId. */
export const useDepts = (filters: DeptFilters) => useQuery(deptsQuery(filters));
