import { useLayoutEffect } from 'react';
import { theme } from 'antd';
import type { ColorScheme } from './color-scheme';

/**
 * The antd tokens the console's own CSS reads, as `--sl-*` variables on the root element (global.css holds the
 * light values for the first paint). A page styles a custom surface with these, never with a fixed colour, and
 * follows the dark theme for free.
 */
export function themeVariables(token: ReturnType<typeof theme.useToken>['token']): Record<string, string> {
  return {
    '--sl-bg-layout': token.colorBgLayout,
    '--sl-bg-container': token.colorBgContainer,
    '--sl-bg-elevated': token.colorBgElevated,
    '--sl-fill': token.colorFillTertiary,
    '--sl-fill-hover': token.colorFillSecondary,
    '--sl-text': token.colorText,
    '--sl-text-secondary': token.colorTextSecondary,
    '--sl-text-tertiary': token.colorTextTertiary,
    '--sl-text-on-fill': token.colorTextLightSolid,
    '--sl-border': token.colorBorder,
    '--sl-border-secondary': token.colorBorderSecondary,
    '--sl-split': token.colorSplit,
    '--sl-primary': token.colorPrimary,
    '--sl-link': token.colorLink,
    '--sl-success': token.colorSuccessText,
  };
}

/** Marks the root element with the scheme (`data-theme`, CSS `color-scheme`) and writes the `--sl-*` variables; renders nothing. */
export function ThemeVariables({ scheme }: { scheme: ColorScheme }) {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
    for (const [name, value] of Object.entries(themeVariables(token))) root.style.setProperty(name, value);
  }, [scheme, token]);
  return null;
}
