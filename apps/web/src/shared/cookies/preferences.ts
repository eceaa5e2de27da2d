import Cookies from 'js-cookie';
import { COOKIES, DEFAULT_LOCALE, DEFAULT_UI_SIZE, LOCALES, UI_SIZES, type Locale, type UiSize } from '@sl/contracts';

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

const isUiSize = (value: unknown): value is UiSize => UI_SIZES.includes(value as UiSize);

/** UI size (antd componentSize) from the `size` cookie, medium by default. */
export const readUiSize = (): UiSize => {
  const value = Cookies.get(COOKIES.size);
  return isUiSize(value) ? value : DEFAULT_UI_SIZE;
};

export const writeUiSize = (size: UiSize): void => {
  Cookies.set(COOKIES.size, size, { expires: YEAR, sameSite: 'lax' });
};
