import type { LoginBody, TokenResult } from '@sl/contracts';
import { http } from '../../../shared/request';

export const login = (body: LoginBody) => http.post<TokenResult>('/api/login', body);

export const refreshToken = () => http.post<TokenResult>('/refreshtoken');

export const logout = (userId?: number) => http.post<null>('/api/v1/logout', { userId }, { silent: true });

/** Verify the current user's password (already encrypted) before sensitive actions. */
export const checkPassword = (password: string) =>
  http.post<null>('/api/v1/user/checkpwd', { password }, { silent: true });
