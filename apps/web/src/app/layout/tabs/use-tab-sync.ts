import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store';
import { isTabPath, normalizePath } from './tab-paths';
import { useTabs } from './tabs-store';

/** Opens a tab for each visited page and drops tabs the signed-in user may no longer see. */
export function useTabSync(): void {
  const { pathname, search } = useLocation();
  const menus = useSessionStore((s) => s.menus);
  const userId = useSessionStore((s) => s.info?.userId ?? null);

  useEffect(() => {
    if (useTabs.getState().owner !== userId) useTabs.getState().resetFor(userId);
  }, [userId]);

  useEffect(() => {
    useTabs.getState().retain((path) => isTabPath(path, menus));
  }, [menus]);

  useEffect(() => {
    const path = normalizePath(pathname);
    if (isTabPath(path, menus)) useTabs.getState().open(path, path + search);
  }, [pathname, search, menus, userId]);
}
