const FULL_URL = /^(https?:|data:|blob:)/i;

/**
 * Prefix an avatar with the API host unless it is already a full URL (spec §3).
 * The console talks to its own origin, so the default host is '' and paths stay root-relative.
 */
export function resolveAvatar(avatar: string | null | undefined, apiHost = ''): string | undefined {
  const value = avatar?.trim();
  if (!value) return undefined;
  if (FULL_URL.test(value) || value.startsWith('//')) return value;
  const host = apiHost.replace(/\/+$/, '');
  return `${host}/${value.replace(/^\/+/, '')}`;
}
