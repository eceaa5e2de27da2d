/** The console's colour schemes: `dark` is the full black-theme for 24/7 control rooms (issue 28 item 20). */
export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'light';
export const isColorScheme = (value: unknown): value is ColorScheme => COLOR_SCHEMES.includes(value as ColorScheme);
