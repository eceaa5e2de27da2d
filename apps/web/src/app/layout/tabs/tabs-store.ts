import { create } from 'zustand';
import { closeAllTabs, closeOtherTabs, closeTab, isPinned, openTab, pinnedTabs, refreshTab, type Tab } from './tab-list';

interface TabsState {
  tabs: Tab[];
  /** The user the tabs belong to; another sign-in starts afresh. */
  owner: number | null;
  open: (path: string, fullPath: string) => void;
  /** Closes one tab and returns the neighbour to show when it was the active one. */
  close: (path: string) => Tab | undefined;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
  retain: (keep: (path: string) => boolean) => void;
  resetFor: (owner: number | null) => void;
}

/** Visited pages shown in the tab bar (not persisted: a reload starts with the pinned tab). */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: pinnedTabs(),
  owner: null,
  open: (path, fullPath) => set({ tabs: openTab(get().tabs, path, fullPath) }),
  close: (path) => {
    const { tabs, next } = closeTab(get().tabs, path);
    set({ tabs });
    return next;
  },
  closeOthers: (path) => set({ tabs: closeOtherTabs(get().tabs, path) }),
  closeAll: () => set({ tabs: closeAllTabs(get().tabs) }),
  refresh: (path) => set({ tabs: refreshTab(get().tabs, path) }),
  retain: (keep) => set({ tabs: get().tabs.filter((t) => isPinned(t.path) || keep(t.path)) }),
  resetFor: (owner) => set({ owner, tabs: pinnedTabs() }),
}));
