let boots = 0;

/**
 * Message ids `{boot}.{n}`: the boot part (start time in base 36 plus a per-process counter)
 * keeps ids unique across restarts for far longer than the day the protocol asks for.
 */
export function midGenerator(): () => string {
  const boot = `${Date.now().toString(36)}${(boots++).toString(36)}`;
  let n = 0;
  return () => `${boot}.${(++n).toString(36)}`;
}
