import { theme, type ThemeConfig } from 'antd';
import { accessibleShade, contrast, readableTint, tint } from './accessible-colour';
import type { ColorScheme } from './color-scheme';

/** antd's error red (#ff4d4f) on white is 3.0:1; danger buttons and error text take its AA shade. */
const ERROR = accessibleShade('#ff4d4f');

/** Secondary text (breadcrumbs, descriptions, footers) at 0.56 black on white: 4.9:1 instead of antd's 3.4:1. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.56)';

/** The lightest dark surface coloured text stands on (a popup, a hovered row): tints are measured against it. */
const DARK_SURFACE = '#262626';
/** Secondary text in the dark theme: 0.6 white, 6.6:1 on #141414 instead of antd's 0.45 (3.9:1). */
const DARK_SECONDARY_TEXT = 'rgba(255, 255, 255, 0.6)';
/** Text on a filled primary, danger or badge background in the dark theme: those are light tints, so dark text reads on them. */
const DARK_ON_FILL = '#000000';

/**
 * The seed whose colour, after antd's dark algorithm (which mixes it toward the dark background), reads at WCAG AA
 * on the dark surfaces: the colour itself when it does, else its nearest lighter tint that does.
 */
export function darkSeed(hex: string, token: 'colorPrimary' | 'colorError'): string {
  const key = `${token} ${hex}`;
  const known = darkSeeds.get(key);
  if (known) return known;
  const reads = (k: number) => contrast(theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { [token]: tint(hex, k) } })[token], DARK_SURFACE) >= 4.5;
  // Lighter seeds give lighter colours: halve the interval to 1/128 (about 2 of 255 per channel).
  let [lo, hi] = [0, 1];
  if (reads(0)) hi = 0;
  else for (let i = 0; i < 7; i++) [lo, hi] = reads((lo + hi) / 2) ? [lo, (lo + hi) / 2] : [(lo + hi) / 2, hi];
  const seed = tint(hex, hi);
  darkSeeds.set(key, seed);
  return seed;
}
const darkSeeds = new Map<string, string>();

/**
 * The dark theme (the spec's black-theme on every surface): antd's dark algorithm, the theme colour and the error
 * red lightened to the nearest tint that reads at WCAG AA on the dark surfaces, dark text on those fills, and
 * white text kept where antd draws on its own dark grey (tooltips, the image viewer, the menu).
 */
function darkTheme(themeColor: string): ThemeConfig {
  const primary = darkSeed(themeColor, 'colorPrimary');
  const error = darkSeed('#ff4d4f', 'colorError');
  const lightOnDark = { colorTextLightSolid: '#ffffff' };
  return {
    algorithm: theme.darkAlgorithm,
    token: {
      colorPrimary: primary, colorLink: primary, colorInfo: primary, colorError: error, colorTextLightSolid: DARK_ON_FILL,
      colorTextDescription: DARK_SECONDARY_TEXT, colorTextTertiary: DARK_SECONDARY_TEXT, colorTextPlaceholder: DARK_SECONDARY_TEXT,
    },
    components: {
      Tooltip: lightOnDark, Image: lightOnDark, Tour: lightOnDark,
      Menu: { darkItemColor: 'rgba(255, 255, 255, 0.72)', darkGroupTitleColor: 'rgba(255, 255, 255, 0.72)', darkItemHoverColor: '#ffffff', darkItemSelectedColor: DARK_ON_FILL },
    },
  };
}

/**
 * The chosen theme colour (spec §9: eight colours, #1890ff by default) as antd's primary, taken down to the
 * nearest shade that white text and links read on at WCAG AA (4.5:1): a selected menu item, a primary
 * button, an active tab and a link stay in the theme's hue and stay legible. `dark` gives the dark theme.
 */
export function accessibleTheme(themeColor: string, scheme: ColorScheme = 'light'): ThemeConfig {
  if (scheme === 'dark') return darkTheme(themeColor);
  const primary = accessibleShade(themeColor);
  return {
    token: { colorPrimary: primary, colorError: ERROR, colorLink: primary, colorInfo: primary, colorTextDescription: SECONDARY_TEXT, colorTextTertiary: SECONDARY_TEXT, colorTextPlaceholder: SECONDARY_TEXT },
  };
}

/** A status colour used as text (a counter, a state) that reads at WCAG AA in the scheme: darker on white, lighter on the dark surfaces. */
export const readableText = (hex: string, scheme: ColorScheme): string => (scheme === 'dark' ? readableTint(hex, DARK_SURFACE) : accessibleShade(hex));
