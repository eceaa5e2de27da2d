import { HOME_PATH } from '@sl/contracts';

/** One visited page: `path` identifies it, `fullPath` (with the query) is where a click goes back to. */
export interface Tab {
  path: string;
  fullPath: string;
  /** Bumped by "refresh" so the page mounts afresh. */
  version: number;
}

/** The digital map is pinned first and cannot be closed (spec §2). */
export const isPinned = (path: string): boolean => path === HOME_PATH;

export const pinnedTabs = (): Tab[] => [{ path: HOME_PATH, fullPath: HOME_PATH, version: 0 }];

/** Add a tab at the end, or update the query of an open one. */
export function openTab(tabs: readonly Tab[], path: string, fullPath: string): Tab[] {
  const found = tabs.find((t) => t.path === path);
  if (!found) return [...tabs, { path, fullPath, version: 0 }];
  return found.fullPath === fullPath ? [...tabs] : tabs.map((t) => (t === found ? { ...t, fullPath } : t));
}

/** Remove one tab; `next` is the neighbour to show if it was the active one (right first, else left). */
export function closeTab(tabs: readonly Tab[], path: string): { tabs: Tab[]; next?: Tab } {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1 || isPinned(path)) return { tabs: [...tabs] };
  const rest = tabs.filter((_, i) => i !== index);
  return { tabs: rest, next: rest[index] ?? rest[index - 1] };
}

/** The pinned tabs plus the given one. */
export const closeOtherTabs = (tabs: readonly Tab[], path: string): Tab[] =>
  tabs.filter((t) => isPinned(t.path) || t.path === path);

/** Only the pinned tabs remain. */
export const closeAllTabs = (tabs: readonly Tab[]): Tab[] => tabs.filter((t) => isPinned(t.path));

export const refreshTab = (tabs: readonly Tab[], path: string): Tab[] =>
  tabs.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t));
