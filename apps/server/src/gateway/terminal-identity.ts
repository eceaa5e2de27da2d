import { DEVICE_FAMILIES, SN_PATTERN, type DeviceFamily } from '@sl/contracts';

export interface TerminalKey {
  family: DeviceFamily;
  sn: string;
}

/** Reads a `{family}:{sn}` MQTT username; undefined for anything else. */
export function parseIdentity(username: string | undefined): TerminalKey | undefined {
  const [family, sn, ...rest] = (username ?? '').split(':');
  if (rest.length || !(DEVICE_FAMILIES as readonly string[]).includes(family) || !SN_PATTERN.test(sn ?? '')) return undefined;
  return { family: family as DeviceFamily, sn };
}

/** Whether a subscription filter stays inside `prefix` (no wildcard before it ends). */
export function filterWithin(filter: string, prefix: string): boolean {
  return filter.startsWith(prefix) && filter.length > prefix.length;
}

/** Whether an MQTT topic matches a subscription filter (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}
