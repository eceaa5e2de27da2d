import { create } from 'zustand';
import type { MenuNode, UserInfo } from '@sl/contracts';
import { getToken } from '../cookies/token';

interface SessionState {
  token: string | undefined;
  info: UserInfo | null;
  roles: string[];
  permissions: string[];
  menus: MenuNode[];
  loadedAt: number | null;
  setToken: (token: string | undefined) => void;
  setSession: (info: UserInfo, menus: MenuNode[]) => void;
  setMenus: (menus: MenuNode[]) => void;
  reset: () => void;
}

/** The signed-in user: token, info, roles, permissions and the permitted menu tree. */
export const useSessionStore = create<SessionState>((set) => ({
  token: getToken(),
  info: null,
  roles: [],
  permissions: [],
  menus: [],
  loadedAt: null,
  setToken: (token) => set({ token }),
  setSession: (info, menus) =>
    set({ info, roles: info.roles, permissions: info.permissions ?? [], menus, loadedAt: Date.now() }),
  setMenus: (menus) => set({ menus }),
  reset: () => set({ token: undefined, info: null, roles: [], permissions: [], menus: [], loadedAt: null }),
}));
