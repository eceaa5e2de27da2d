import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { MAP_STATE_COLOURS, THEME_COLORS } from '@sl/contracts';
import { contrast, readableTint } from './accessible-colour';
import { accessibleTheme, readableText } from './accessible-theme';

// antd computes a whole token set per candidate colour: seconds on a loaded machine, so the tests get room.
describe('the dark theme (issue 28 item 20)', { timeout: 120_000 }, () => {
  it('gives every theme colour a primary and link that, after antd\'s dark algorithm, read at 4.5:1 on the dark surfaces, with dark text on them at 4.5:1', () => {
    for (const colour of THEME_COLORS) {
      const config = accessibleTheme(colour, 'dark');
      expect(config.algorithm).toBe(theme.darkAlgorithm);
      const token = theme.getDesignToken(config);
      for (const text of [token.colorPrimary, token.colorLink, token.colorPrimaryText, token.colorError, token.colorErrorText]) {
        for (const surface of [token.colorBgLayout, token.colorBgContainer, token.colorBgElevated, '#262626']) expect(contrast(text, surface), `${colour}: ${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(token.colorPrimary, token.colorTextLightSolid), `text on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('keeps a colour that already reads and the light theme as it was', () => {
    expect(readableTint('#ffd666', '#141414')).toBe('#ffd666');
    expect(accessibleTheme('#1890ff').algorithm).toBeUndefined();
    expect(accessibleTheme('#1890ff', 'light')).toEqual(accessibleTheme('#1890ff'));
  });

  it('draws status colours as text (the dashboard counters) at 4.5:1 in both schemes: on white, and on the darkest and lightest dark surfaces', () => {
    for (const colour of ['#1677ff', '#11a983', '#d89614', ...Object.values(MAP_STATE_COLOURS)]) {
      expect(contrast(readableText(colour, 'light'), '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      for (const surface of ['#141414', '#262626']) expect(contrast(readableText(colour, 'dark'), surface), `${colour} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
