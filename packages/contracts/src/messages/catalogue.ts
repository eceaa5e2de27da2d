import type { Locale } from '../constants.js';
import { AUTH_MESSAGES } from './auth.js';
import { COMMON_MESSAGES } from './common.js';
import { HTTP_MESSAGES } from './http.js';
import { MAP_MESSAGES } from './map.js';
import { SYSTEM_MESSAGES } from './system.js';
import { WX_MESSAGES } from './wx.js';

/** A server message in every locale the console offers; `{name}` marks a parameter. */
export type Bilingual = Record<Locale, string>;

/**
 * Every server message keyed once, in zh-CN and en-US. Each domain keeps its own map; the server
 * throws a key with parameters and the reply is written in the caller's language (Accept-Language).
 */
export const SERVER_MESSAGES = { ...COMMON_MESSAGES, ...AUTH_MESSAGES, ...SYSTEM_MESSAGES, ...WX_MESSAGES, ...HTTP_MESSAGES, ...MAP_MESSAGES } satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;

/** The message in the given language with its `{name}` parameters filled in. */
export function formatMessage(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const text = (SERVER_MESSAGES as Record<string, Bilingual>)[key][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** zh-CN when the request's Accept-Language prefers Chinese over English, else en-US. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en-US';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = Number(rest.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((p) => p.q > 0 && (p.tag.startsWith('zh') || p.tag.startsWith('en')))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.tag.startsWith('zh') ? 'zh-CN' : 'en-US';
}
