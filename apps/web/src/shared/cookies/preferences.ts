import Cookies from 'js-cookie';
import { COOKIES, DEFAULT_LOCALE, LOCALES, type Locale } from '@sl/contracts';

const YEAR = 365;

/** Sidebar open state: cookie '1' open, '0' collapsed, open by default. */
export const readSidebarOpened = (): boolean => Cookies.get(COOKIES.sidebarStatus) !== '0';

export const writeSidebarOpened = (opened: boolean): void => {
  Cookies.set(COOKIES.sidebarStatus, opened ? '1' : '0', { expires: YEAR, sameSite: 'lax' });
};

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Language from the cookie, else localStorage, else the default. */
export function readLocale(): Locale {
  const fromCookie = Cookies.get(COOKIES.language);
  if (isLocale(fromCookie)) return fromCookie;
  const fromStorage = globalThis.localStorage?.getItem(COOKIES.language);
  return isLocale(fromStorage) ? fromStorage : DEFAULT_LOCALE;
}

export function writeLocale(locale: Locale): void {
  Cookies.set(COOKIES.language, locale, { expires: YEAR, sameSite: 'lax' });
  globalThis.localStorage?.setItem(COOKIES.language, locale);
}
