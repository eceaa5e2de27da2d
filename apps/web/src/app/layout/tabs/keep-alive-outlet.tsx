import { Activity, useContext, useEffect, useRef, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useSettings } from '../../../shared/stores/settings-store';
import { PageErrorBoundary } from '../error-log/page-error-boundary';
import { isKeptPath, normalizePath } from './tab-paths';
import { useTabs } from './tabs-store';

type LocationValue = ContextType<typeof LocationContext>;

interface Kept {
  element: ReactNode;
  location: LocationValue;
  version: number;
}

/**
 * The layout's outlet, with every open tab's page kept mounted but hidden (React's Activity) while
 * another tab shows. Each kept page gets the location it was last shown at, so its routes and hooks
 * keep answering for its own URL rather than the current one. With the tab bar switched off nothing
 * is kept, since hidden pages could no longer be closed.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const menus = useSessionStore((s) => s.menus);
  const tabs = useTabs((s) => s.tabs);
  const keepAlive = useSettings((s) => s.tagsView);
  const cache = useRef(new Map<string, Kept>());
  const current = normalizePath(location.location.pathname);
  const kept = keepAlive && isKeptPath(current, menus);
  const version = tabs.find((t) => t.path === current)?.version ?? 0;

  useEffect(() => {
    if (kept && outlet) cache.current.set(current, { element: outlet, location, version });
    for (const path of cache.current.keys()) {
      if (!keepAlive || (path !== current && !tabs.some((t) => t.path === path))) cache.current.delete(path);
    }
  });

  const shown = new Map<string, Kept>();
  for (const tab of keepAlive ? tabs : []) {
    const entry = cache.current.get(tab.path);
    if (tab.path !== current && entry?.version === tab.version) shown.set(tab.path, entry);
  }
  if (kept) shown.set(current, { element: outlet, location, version });

  // Sorted by path so that switching tabs never moves a mounted page in the DOM.
  const pages = [...shown.entries()].sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      {pages.map(([path, entry]) => (
        <Activity key={`${path}@${entry.version}`} mode={path === current ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={entry.location}>
            <PageErrorBoundary>{entry.element}</PageErrorBoundary>
          </LocationContext.Provider>
        </Activity>
      ))}
      {!kept && <PageErrorBoundary key={current}>{outlet}</PageErrorBoundary>}
    </>
  );
}
