import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@sl/contracts';
import { readLocale, writeLocale } from '../cookies/preferences';
import { zhCN } from './locales/zh-CN';
import { enUS } from './locales/en-US';
import { SHELL_LOCALES } from './feature-locales';

const merged = (base: Record<string, string>, locale: Locale) => Object.assign({}, base, ...SHELL_LOCALES.map((f) => f[locale]));

const initial = readLocale();
if (typeof document !== 'undefined') document.documentElement.lang = initial;

void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': { translation: merged(zhCN, 'zh-CN') }, 'en-US': { translation: merged(enUS, 'en-US') } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/** Switch the language (dayjs follows: shared/time/dayjs-locale.ts) and remember the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

/** Translate with a fallback when the key is not in the maps (e.g. an unknown menuName). */
export const translateOr = (key: string, fallback: string): string =>
  i18n.exists(key) ? i18n.t(key) : fallback;

export { i18n };
