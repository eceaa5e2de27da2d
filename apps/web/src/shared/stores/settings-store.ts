import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_LAYOUT_SETTINGS, DEFAULT_THEME_COLOR, DEFAULT_UI_SIZE, SIDE_THEMES, THEME_COLORS, type SideTheme, type UiSize } from '@sl/contracts';
import { readUiSize, writeUiSize } from '../cookies/preferences';
import { DEFAULT_COLOR_SCHEME, isColorScheme, type ColorScheme } from '../theme/color-scheme';

export type ThemeColor = (typeof THEME_COLORS)[number];

export interface LayoutSettings {
  themeColor: ThemeColor;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sideTheme: SideTheme;
  /** Light or the full dark theme (issue 28 item 20). */
  colorScheme: ColorScheme;
}

interface SettingsState extends LayoutSettings {
  /** Kept in the `size` cookie rather than localStorage (spec §9). */
  size: UiSize;
  update: (patch: Partial<LayoutSettings>) => void;
  setSize: (size: UiSize) => void;
  reset: () => void;
}

const defaults: LayoutSettings = { themeColor: DEFAULT_THEME_COLOR, ...DEFAULT_LAYOUT_SETTINGS, colorScheme: DEFAULT_COLOR_SCHEME };

const isThemeColor = (value: unknown): value is ThemeColor => THEME_COLORS.includes(value as ThemeColor);

/** The settings panel's choices: colour scheme, theme colour, side theme, tab bar, fixed header, sidebar logo and UI size. */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaults,
      size: readUiSize(),
      update: (patch) => set(patch),
      setSize: (size) => {
        writeUiSize(size);
        set({ size });
      },
      reset: () => {
        writeUiSize(DEFAULT_UI_SIZE);
        set({ ...defaults, size: DEFAULT_UI_SIZE });
      },
    }),
    {
      name: 'layout-settings',
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo, sideTheme, colorScheme }) => ({ themeColor, tagsView, fixedHeader, sidebarLogo, sideTheme, colorScheme }),
      // A stored colour no longer in the palette falls back to the default.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<LayoutSettings>;
        return {
          ...current,
          ...saved,
          themeColor: isThemeColor(saved.themeColor) ? saved.themeColor : current.themeColor,
          sideTheme: SIDE_THEMES.includes(saved.sideTheme as SideTheme) ? saved.sideTheme! : current.sideTheme,
          colorScheme: isColorScheme(saved.colorScheme) ? saved.colorScheme : current.colorScheme,
        };
      },
    },
  ),
);
