import type { CheckPwdBody } from '@sl/contracts';
import { encryptPassword } from '../crypto/encrypt-password';
import { http } from '../request';

/**
 * Asks the server whether `password` (already trimmed) is the signed-in user's. Silent: a refusal
 * rejects with an ApiError whose `shown` is false, and the caller shows it as a notice (spec §5).
 */
export const verifyPassword = (password: string, key: string) =>
  http.post<null>('/api/v1/user/checkpwd', { password: encryptPassword(password, key) } satisfies CheckPwdBody, { silent: true });
