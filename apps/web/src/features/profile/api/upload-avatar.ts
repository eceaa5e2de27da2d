import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/request';
import { useSessionStore } from '../../../shared/stores/session-store';
import { profileQuery } from './get-profile';

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ avatar: string }>('/api/v1/user/avatar', form);
}

/** Uploads the avatar and shows it at once in the top bar and on the card. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatar }) => {
      useSessionStore.setState((s) => (s.info ? { info: { ...s.info, avatar } } : {}));
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
