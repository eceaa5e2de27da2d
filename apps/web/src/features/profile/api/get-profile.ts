import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SysUser } from '@sl/contracts';
import { http } from '../../../shared/request';

export const getProfile = () => http.get<SysUser>('/api/v1/user/profile');

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery);
