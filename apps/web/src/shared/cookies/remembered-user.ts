import Cookies from 'js-cookie';
import { COOKIES } from '@sl/contracts';

/** Username and the ENCRYPTED password kept for "remember me"; the plain password is never stored. */
export interface RememberedUser {
  username: string;
  password: string;
}

export function readRememberedUser(): RememberedUser | null {
  const raw = Cookies.get(COOKIES.rememberUser);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedUser>;
    return typeof value.username === 'string' && typeof value.password === 'string'
      ? { username: value.username, password: value.password }
      : null;
  } catch {
    return null;
  }
}

export const writeRememberedUser = (user: RememberedUser): void => {
  Cookies.set(COOKIES.rememberUser, JSON.stringify(user), { expires: 30, sameSite: 'lax' });
};

export const forgetRememberedUser = (): void => Cookies.remove(COOKIES.rememberUser);
