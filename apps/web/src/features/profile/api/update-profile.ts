import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SysUser, profileUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/request';
import { useSessionStore } from '../../../shared/stores/session-store';
import { profileQuery } from './get-profile';

export type ProfileValues = z.input<typeof profileUpdate>;

export const updateProfile = (values: ProfileValues) => http.put<SysUser>('/api/v1/sysUser/profile', values);

/** Saves the profile and carries the new nick name and introduction into the session (top bar). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(profileQuery.queryKey, user);
      useSessionStore.setState((s) => (s.info ? { info: { ...s.info, nickName: user.nickName, introduction: user.introduction } } : {}));
    },
  });
}
