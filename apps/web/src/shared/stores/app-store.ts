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
  /** The settings side panel. */
  settingsOpen: boolean;
  setLocale: (locale: Locale) => void;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
  setSettingsOpen: (open: boolean) => void;
}

/** Collapsed as seen on screen: mobile hides the sidebar unless opened as an overlay. */
export const selectCollapsed = (s: AppState): boolean => (s.device === 'mobile' ? !s.mobileOpened : !s.sidebarOpened);

/** Client state of the frame: language, sidebar, device mode and the settings panel. */
export const useAppStore = create<AppState>((set, get) => ({
  locale: readLocale(),
  sidebarOpened: readSidebarOpened(),
  device: (globalThis.innerWidth ?? MOBILE_BREAKPOINT_PX) < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop',
  mobileOpened: false,
  settingsOpen: false,
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
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));
