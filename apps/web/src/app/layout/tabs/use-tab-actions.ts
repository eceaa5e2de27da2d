import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@sl/contracts';
import type { Tab } from './tab-list';
import { normalizePath } from './tab-paths';
import { useTabs } from './tabs-store';

/** What the tab bar and its right-click menu do: switch, close, close others/all, refresh. */
export function useTabActions() {
  const navigate = useNavigate();
  const current = normalizePath(useLocation().pathname);
  const store = useTabs.getState;
  return {
    select: (tab: Tab) => {
      if (tab.path !== current) void navigate(tab.fullPath);
    },
    close: (tab: Tab) => {
      const next = store().close(tab.path);
      if (tab.path === current && next) void navigate(next.fullPath);
    },
    closeOthers: (tab: Tab) => {
      store().closeOthers(tab.path);
      if (tab.path !== current) void navigate(tab.fullPath);
    },
    closeAll: () => {
      store().closeAll();
      void navigate(HOME_PATH);
    },
    /** Through the hidden /redirect route, with a new version so the page mounts afresh. */
    refresh: (tab: Tab) => {
      store().refresh(tab.path);
      void navigate(`/redirect${tab.fullPath}`, { replace: true });
    },
  };
}
