const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminance = (rgb: number[]) => 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour itself when white text on it (and it as text on white) reads at WCAG AA 4.5:1, else the nearest darker shade that does. */
export function accessibleShade(hex: string, ratio = 4.5): string {
  const rgb = parse(hex);
  for (let k = 0; k <= 1; k += 0.02) {
    const shade = toHex(rgb.map((c) => c * (1 - k)));
    if (contrast(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}

/** `hex` mixed with white: `k` 0 is the colour, 1 is white. */
export const tint = (hex: string, k: number) => toHex(parse(hex).map((c) => c + (255 - c) * k));

/** The colour itself when it reads on `background` at `ratio` (text on a dark surface), else the nearest lighter tint that does. */
export function readableTint(hex: string, background: string, ratio = 4.5): string {
  for (let k = 0; k <= 1; k += 0.02) {
    if (contrast(tint(hex, k), background) >= ratio) return tint(hex, k);
  }
  return '#ffffff';
}
