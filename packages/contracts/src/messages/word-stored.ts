import { ALARM_KINDS } from '../alarms/alarm-kinds.js';
import type { Locale } from '../constants.js';
import { formatMessage, SERVER_MESSAGES, type Bilingual, type MessageKey, type MessageParams } from './catalogue.js';
import { COMMAND_LABELS } from './command-labels.js';
import { DONE_MESSAGES } from './done.js';
import { STORED_MESSAGES } from './stored.js';

/** A stored message: the text it was written with, and the catalogue key and parameters to word it by (null on older rows). */
export interface StoredText {
  text: string;
  key?: string | null;
  params?: MessageParams | null;
}

/** What an alarm's generated description is made of: the alarm's own columns. */
export interface AlarmFacts {
  kind: string;
  loop?: number | null;
  phase?: string | null;
  value?: number | null;
}

const asParams = (v: unknown): MessageParams => (v && typeof v === 'object' ? (v as MessageParams) : {});

/** A `cmd` parameter naming a protocol command is given in both languages. */
function named(params: MessageParams): MessageParams {
  const cmd = params.cmd;
  return typeof cmd === 'string' && cmd in COMMAND_LABELS ? { ...params, cmd: COMMAND_LABELS[cmd as keyof typeof COMMAND_LABELS] as Bilingual } : params;
}

/** An alarm's generated description in the reader's language: kind, then loop and phase, then the value. */
export function wordAlarm(f: AlarmFacts, locale: Locale): string {
  const kind = ALARM_KINDS.find((k) => k.kind === f.kind)?.name[locale] ?? f.kind;
  const where = [f.loop ? formatMessage('stored.alarmLoop', locale, { loop: f.loop }) : '', f.phase ? formatMessage('stored.alarmPhase', locale, { phase: f.phase.toUpperCase() }) : ''].filter(Boolean);
  const zh = locale === 'zh-CN';
  const place = where.length ? (zh ? `（${where.join('，')}）` : ` (${where.join(', ')})`) : '';
  const value = f.value != null ? (zh ? '，' : ' ') + formatMessage('stored.alarmValue', locale, { value: f.value }) : '';
  const detail = place + value;
  return formatMessage('stored.alarmDescription', locale, { kind, detail });
}

/** The server's own fixed English outcomes (a reply the broker refused, say), found by their text where no key was stored. */
const FIXED_TEXTS = new Map(Object.entries(STORED_MESSAGES).filter(([, t]) => !t['en-US'].includes('{')).map(([key, t]) => [t['en-US'], key as MessageKey]));

/**
 * A stored message in the reader's language: by its key and parameters when the catalogue knows the key,
 * else (a row written before keys were stored, a terminal's own text, free text) as it was stored.
 */
export function wordStored({ text, key, params }: StoredText, locale: Locale): string {
  const known = key && key in SERVER_MESSAGES ? (key as MessageKey) : key ? undefined : FIXED_TEXTS.get(text);
  return known ? formatMessage(known, locale, named(asParams(params))) : text;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DONE_PATTERNS = Object.entries(DONE_MESSAGES).map(([key, text]) => {
  const parts = text['en-US'].split(/\{(\w+)\}/);
  const names = parts.filter((_, i) => i % 2 === 1);
  const source = parts.map((p, i) => (i % 2 === 1 ? '(.+?)' : escape(p))).join('');
  return { key: key as MessageKey, names, pattern: new RegExp(`^${source}$`) };
});

/** The key and parameters of a success reply's English text (`ok(request, data, 'user added')`), if the catalogue has it. */
export function doneKeyOf(msg: string): { key: MessageKey; params: MessageParams } | undefined {
  for (const d of DONE_PATTERNS) {
    const m = d.pattern.exec(msg);
    if (m) return { key: d.key, params: Object.fromEntries(d.names.map((n, i) => [n, /^\d+$/.test(m[i + 1]) ? Number(m[i + 1]) : m[i + 1]])) };
  }
  return undefined;
}
