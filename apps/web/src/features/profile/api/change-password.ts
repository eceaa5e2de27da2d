import { useMutation } from '@tanstack/react-query';
import type { userChangePassword } from '@sl/contracts';
import type { z } from 'zod';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { http } from '../../../shared/request';

type Body = z.input<typeof userChangePassword>;

export const changePassword = (body: Body) => http.put<null>('/api/v1/user/pwd', body);

interface Input {
  oldPassword: string;
  newPassword: string;
  passwordKey: string;
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: ({ oldPassword, newPassword, passwordKey }: Input) =>
      changePassword({ oldPassword: encryptPassword(oldPassword, passwordKey), newPassword: encryptPassword(newPassword, passwordKey) }),
  });
