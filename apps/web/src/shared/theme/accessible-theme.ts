import type { ThemeConfig } from 'antd';
import { accessibleShade } from './accessible-colour';

/** antd's error red (#ff4d4f) on white is 3.0:1; danger buttons and error text take its AA shade. */
const ERROR = accessibleShade('#ff4d4f');

/** Secondary text (breadcrumbs, descriptions, footers) at 0.56 black on white: 4.9:1 instead of antd's 3.4:1. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.56)';

/**
 * The chosen theme colour (spec §9: eight colours, #1890ff by default) as antd's primary, taken down to the
 * nearest shade that white text and links read on at WCAG AA (4.5:1): a selected menu item, a primary
 * button, an active tab and a link stay in the theme's hue and stay legible.
 */
export function accessibleTheme(themeColor: string): ThemeConfig {
  const primary = accessibleShade(themeColor);
  return {
    token: { colorPrimary: primary, colorError: ERROR, colorLink: primary, colorInfo: primary, colorTextDescription: SECONDARY_TEXT, colorTextTertiary: SECONDARY_TEXT, colorTextPlaceholder: SECONDARY_TEXT },
  };
}
