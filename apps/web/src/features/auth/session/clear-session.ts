import type { QueryClient } from '@tanstack/react-query';
import { removeToken } from '../../../shared/cookies/token';
import { i18n } from '../../../shared/i18n';
import { ApiError, feedback } from '../../../shared/request';
import { useSessionStore } from '../../../shared/stores/session-store';
import { isSessionLoss, RolesMissingError } from './load-session';

/** Forget everything about the signed-in user. */
export function clearSession(queryClient: QueryClient): void {
  removeToken();
  queryClient.clear();
  useSessionStore.getState().reset();
}

/**
 * Report a failed session load and tell where to go: no roles → sign out and stay on /login;
 * a lost token → /login; any other failure → its message and /404 (spec §2, §8).
 */
export function handleSessionFailure(error: unknown, queryClient: QueryClient): string {
  if (error instanceof RolesMissingError) {
    clearSession(queryClient);
    feedback.message().error(i18n.t('auth.rolesRequired'));
    return '/login';
  }
  if (isSessionLoss(error)) {
    clearSession(queryClient);
    return '/login';
  }
  if (!(error instanceof ApiError && error.shown)) feedback.message().error((error as Error)?.message || String(error));
  return '/404';
}
