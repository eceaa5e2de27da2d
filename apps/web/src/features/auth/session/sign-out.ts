import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../api/login';
import { clearSession } from './clear-session';

/** Tell the server, then clear the token, the query cache and the stores whatever it answered. */
export async function signOut(queryClient: QueryClient, userId?: number): Promise<void> {
  try {
    await logout(userId);
  } catch {
    // the local session ends anyway
  } finally {
    clearSession(queryClient);
  }
}
