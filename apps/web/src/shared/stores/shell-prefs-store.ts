import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ShellPrefs {
  /** Speak alarm counts aloud (spec §4): off by default. */
  speechEnabled: boolean;
  /** Pop up newly pushed notices (spec §4): on by default. */
  noticePopup: boolean;
  setSpeechEnabled: (on: boolean) => void;
  setNoticePopup: (on: boolean) => void;
}

/** The two user-dropdown toggles, kept in localStorage; the alarm bell and notice button read them. */
export const useShellPrefs = create<ShellPrefs>()(
  persist(
    (set) => ({
      speechEnabled: false,
      noticePopup: true,
      setSpeechEnabled: (speechEnabled) => set({ speechEnabled }),
      setNoticePopup: (noticePopup) => set({ noticePopup }),
    }),
    { name: 'shell-prefs', partialize: ({ speechEnabled, noticePopup }) => ({ speechEnabled, noticePopup }) },
  ),
);
