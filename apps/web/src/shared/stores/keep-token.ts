import { setToken } from '../cookies/token';
import { useSessionStore } from './session-store';

/** Use `token` for every call from now on: after a sign-in, or the fresh token a password change returns. */
export function keepToken(token: string): void {
  setToken(token);
  useSessionStore.getState().setToken(token);
}
