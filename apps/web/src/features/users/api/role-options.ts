import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleOption } from '@sl/contracts';
import { http } from '../../../shared/request';

export const getRoleOptions = () => http.get<RoleOption[]>('/api/v1/roleOptions');

export const roleOptionsQuery = queryOptions({ queryKey: ['roles', 'options'], queryFn: getRoleOptions, staleTime: 60_000 });

export const useRoleOptions = () => useQuery(roleOptionsQuery);
