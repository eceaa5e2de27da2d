import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { menuRoleQuery } from '../../features/auth/api/session';
import { useSessionStore } from '../../shared/stores/session-store';

/** Keeps the sidebar and routes on the server's menu: a saved menu invalidates ['session', 'menu'] and the new tree lands here. */
export function useLiveMenus() {
  const { data } = useQuery(menuRoleQuery);
  useEffect(() => {
    const store = useSessionStore.getState();
    if (Array.isArray(data) && data !== store.menus) store.setMenus(data);
  }, [data]);
}
