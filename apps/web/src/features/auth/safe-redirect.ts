/** Accept only same-origin absolute paths; anything else (//evil, http:, /login) falls back to '/'. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, 'http://same.origin');
    if (url.origin !== 'http://same.origin' || url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/**
 * Where a sign-in goes: its target, or the console's root, whose route picks the user's first page (the map, or a
 * maintenance person's work orders: shared/menu/home-page.ts).
 */
export const homeAfterLogin = (redirect: string | null | undefined) => safeRedirect(redirect);
