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
  /** The last close skipped the animation (spec §4: the sidebar closes with or without it); cleared on opening. */
  closedWithoutAnimation: boolean;
  /** The settings side panel. */
  settingsOpen: boolean;
  setLocale: (locale: Locale) => void;
  toggleSidebar: () => void;
  /** Navigation closes the phone's drawer at once (`withoutAnimation`); its mask or Escape slides it away. */
  closeSidebar: (options?: { withoutAnimation?: boolean }) => void;
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
  closedWithoutAnimation: false,
  settingsOpen: false,
  setLocale: (locale) => {
    void changeLocale(locale);
    set({ locale });
  },
  toggleSidebar: () => {
    if (get().device === 'mobile') return set({ mobileOpened: !get().mobileOpened, closedWithoutAnimation: false });
    const opened = !get().sidebarOpened;
    writeSidebarOpened(opened);
    set({ sidebarOpened: opened, closedWithoutAnimation: false });
  },
  closeSidebar: (options) => {
    const closedWithoutAnimation = options?.withoutAnimation ?? false;
    if (get().device === 'mobile') return set({ mobileOpened: false, closedWithoutAnimation });
    writeSidebarOpened(false);
    set({ sidebarOpened: false, closedWithoutAnimation });
  },
  setDevice: (device) => set({ device, mobileOpened: false }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));
