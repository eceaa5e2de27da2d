import type { Locale } from '../constants.js';
import { ALARM_MESSAGES } from './alarms.js';
import { ASSET_MESSAGES } from './assets.js';
import { AUTH_MESSAGES } from './auth.js';
import { CITIZEN_MESSAGES } from './citizen.js';
import { COMMON_MESSAGES } from './common.js';
import { CONTROL_MESSAGES } from './control.js';
import { DEVICE_MESSAGES } from './device.js';
import { DONE_MESSAGES } from './done.js';
import { HTTP_MESSAGES } from './http.js';
import { LEAFLET_MESSAGES } from './leaflets.js';
import { MAP_MESSAGES } from './map.js';
import { NOTICE_MESSAGES } from './notice.js';
import { RECORDS_MESSAGES } from './records.js';
import { REPORT_MESSAGES } from './reports.js';
import { STORED_MESSAGES } from './stored.js';
import { SYSTEM_MESSAGES } from './system.js';
import { TERMINAL_MESSAGES } from './terminals.js';
import { VALIDATION_MESSAGES } from './validation.js';
import { WX_MESSAGES } from './wx.js';
import { OPEN_MESSAGES } from './open.js';

/** A server message in every locale the console offers; `{name}` marks a parameter. */
export type Bilingual = Record<Locale, string>;

/**
 * Every server message keyed once, in zh-CN and en-US. Each domain keeps its own map; the server
 * throws a key with parameters and the reply is written in the caller's language (Accept-Language).
 */
export const SERVER_MESSAGES = { ...COMMON_MESSAGES, ...ALARM_MESSAGES, ...ASSET_MESSAGES, ...AUTH_MESSAGES, ...CITIZEN_MESSAGES, ...CONTROL_MESSAGES, ...DEVICE_MESSAGES, ...DONE_MESSAGES, ...HTTP_MESSAGES, ...LEAFLET_MESSAGES, ...MAP_MESSAGES, ...NOTICE_MESSAGES, ...OPEN_MESSAGES, ...RECORDS_MESSAGES, ...REPORT_MESSAGES, ...STORED_MESSAGES, ...SYSTEM_MESSAGES, ...TERMINAL_MESSAGES, ...VALIDATION_MESSAGES, ...WX_MESSAGES } satisfies Record<string, Bilingual>;

export { TYPE_NAMES } from './validation.js';

export type MessageKey = keyof typeof SERVER_MESSAGES;
/** A parameter is a value, or a value per language (a status name, say). */
export type MessageParams = Record<string, string | number | Bilingual>;

/**
 * The message in the given language with its `{name}` parameters filled in. `{count|one|many}`
 * picks a word by number (English plurals): `many` when `count` is above 1.
 */
export function formatMessage(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const text = (SERVER_MESSAGES as Record<string, Bilingual>)[key][locale];
  return text
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (_whole, name: string, one: string, many: string) => (Number(params[name]) > 1 ? many : one))
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in params)) return whole;
      const value = params[name];
      return typeof value === 'object' ? value[locale] : String(value);
    });
}

/** Parameters naming one id or a list of them: `{id}` and `{count}` for the message's plural. */
export const idParams = (ids: readonly (number | string)[] | number | string): MessageParams =>
  Array.isArray(ids) ? { id: ids.join(', '), count: ids.length } : { id: ids as number | string, count: 1 };

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
