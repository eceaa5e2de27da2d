import Cookies from 'js-cookie';
import { COOKIES } from '@sl/contracts';

/** The session token lives in the `Admin-Token` cookie (spec §3). */
export const getToken = (): string | undefined => Cookies.get(COOKIES.token) || undefined;

export const setToken = (token: string): void => {
  Cookies.set(COOKIES.token, token, { sameSite: 'lax' });
};

export const removeToken = (): void => Cookies.remove(COOKIES.token);
