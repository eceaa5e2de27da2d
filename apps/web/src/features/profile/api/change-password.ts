import { useMutation } from '@tanstack/react-query';
import type { TokenResult, userChangePassword } from '@sl/contracts';
import type { z } from 'zod';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { http } from '../../../shared/request';
import { keepToken } from '../../../shared/stores/keep-token';

type Body = z.input<typeof userChangePassword>;

/** The change ends every session of the user; the server answers with the token this one goes on with. */
export const changePassword = (body: Body) => http.put<TokenResult>('/api/v1/user/pwd', body);

interface Input {
  oldPassword: string;
  newPassword: string;
  passwordKey: string;
}

export async function changePasswordAndKeepSession({ oldPassword, newPassword, passwordKey }: Input): Promise<TokenResult> {
  const issued = await changePassword({ oldPassword: encryptPassword(oldPassword, passwordKey), newPassword: encryptPassword(newPassword, passwordKey) });
  keepToken(issued.token);
  return issued;
}

export const useChangePassword = () => useMutation({ mutationFn: changePasswordAndKeepSession });
