import { HOME_PATH } from '@sl/contracts';

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

export const homeAfterLogin = (redirect: string | null | undefined) => {
  const target = safeRedirect(redirect);
  return target === '/' ? HOME_PATH : target;
};
