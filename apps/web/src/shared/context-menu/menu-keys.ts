/** Index to focus after `key` among items, skipping disabled ones and wrapping; null for keys it does not handle. */
export function nextIndex(key: string, current: number, disabled: boolean[]): number | null {
  const enabled = disabled.flatMap((off, i) => (off ? [] : [i]));
  if (enabled.length === 0) return null;
  const at = enabled.indexOf(current);
  switch (key) {
    case 'ArrowDown':
      return enabled[(at + 1) % enabled.length];
    case 'ArrowUp':
      return enabled[at <= 0 ? enabled.length - 1 : at - 1];
    case 'Home':
      return enabled[0];
    case 'End':
      return enabled[enabled.length - 1];
    default:
      return null;
  }
}
