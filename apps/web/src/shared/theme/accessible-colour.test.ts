import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '@sl/contracts';
import { accessibleShade, contrast } from './accessible-colour';

describe('accessibleShade', () => {
  it('gives every theme colour a shade that white text reads on at 4.5:1, keeping colours that already do', () => {
    expect(contrast('#1890ff', '#ffffff')).toBeLessThan(4.5);
    for (const colour of THEME_COLORS) {
      const shade = accessibleShade(colour);
      expect(contrast(shade, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      if (contrast(colour, '#ffffff') >= 4.5) expect(shade).toBe(colour);
    }
  });
});
