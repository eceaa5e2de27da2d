import { create } from 'zustand';
import { MOBILE_BREAKPOINT_PX, type Locale } from '@sl/contracts';
import { readLocale, readSidebarOpened, writeSidebarOpened } from '../cookies/preferences';
import { changeLocale } from '../i18n';

export type Device = 'desktop' | 'mobile';

interface AppState {
  locale: Locale;
  sidebarOpened: boolean;
  device: Device;
  /** Transient overlay state on mobile; the cookie keeps only the desktop choice. */
  mobileOpened: boolean;
  setLocale: (locale: Locale) => void;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
}

/** Collapsed as seen on screen: mobile hides the sidebar unless opened as an overlay. */
export const selectCollapsed = (s: AppState): boolean => (s.device === 'mobile' ? !s.mobileOpened : !s.sidebarOpened);

/** Client settings of the frame: language, sidebar and device mode. */
export const useAppStore = create<AppState>((set, get) => ({
  locale: readLocale(),
  sidebarOpened: readSidebarOpened(),
  device: (globalThis.innerWidth ?? MOBILE_BREAKPOINT_PX) < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop',
  mobileOpened: false,
  setLocale: (locale) => {
    void changeLocale(locale);
    set({ locale });
  },
  toggleSidebar: () => {
    if (get().device === 'mobile') return set({ mobileOpened: !get().mobileOpened });
    const opened = !get().sidebarOpened;
    writeSidebarOpened(opened);
    set({ sidebarOpened: opened });
  },
  closeSidebar: () => {
    if (get().device === 'mobile') return set({ mobileOpened: false });
    writeSidebarOpened(false);
    set({ sidebarOpened: false });
  },
  setDevice: (device) => set({ device, mobileOpened: false }),
}));
