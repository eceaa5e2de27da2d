import type { QueryClient } from '@tanstack/react-query';
import { keepToken } from '../../../shared/stores/keep-token';
import { homeAfterLogin } from '../safe-redirect';
import { handleSessionFailure } from './clear-session';
import { loadSession } from './load-session';

/** Keep the token, load info and menu, and tell where to go next; shared by every way of signing in. */
export async function completeSignIn(token: string, queryClient: QueryClient, redirect: string | null): Promise<string> {
  keepToken(token);
  try {
    await loadSession(queryClient);
    return homeAfterLogin(redirect);
  } catch (error) {
    return handleSessionFailure(error, queryClient);
  }
}
