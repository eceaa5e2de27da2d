import { formatMessage, TYPE_NAMES, type Locale, type MessageKey, type MessageParams } from '@sl/contracts';

export interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { errors?: ZodIssueLike[][]; expected?: string; origin?: string; minimum?: unknown; maximum?: unknown; format?: string; values?: unknown[]; keys?: string[] };
}

interface ZodIssueLike {
  path?: PropertyKey[];
  message?: string;
  code?: string;
}

/** A failed union says only "invalid input"; the branch that came closest says what is wrong. */
function expandUnions(items: ValidationItem[]): ValidationItem[] {
  return items.flatMap((item) => {
    const branches = item.params?.errors;
    if (item.keyword !== 'invalid_union' || !branches?.length) return [item];
    const closest = [...branches].sort((a, b) => a.length - b.length)[0];
    const base = (item.instancePath ?? '').replace(/^\/$/, '');
    return closest.map((i) => ({
      instancePath: [base, ...(i.path ?? []).map(String)].filter(Boolean).join('/'),
      message: i.message,
      keyword: i.code,
      params: i as ValidationItem['params'],
    }));
  });
}

const sized = (origin: string | undefined, small: boolean): MessageKey => {
  if (origin === 'string') return small ? 'validation.tooShort' : 'validation.tooLong';
  if (origin === 'array' || origin === 'set') return small ? 'validation.tooFewItems' : 'validation.tooManyItems';
  return small ? 'validation.tooSmall' : 'validation.tooBig';
};

/** What is wrong with one field, from the zod issue's code, in the caller's language. */
function problem(item: ValidationItem, locale: Locale): string {
  const p = item.params ?? {};
  const say = (key: MessageKey, params?: MessageParams) => formatMessage(key, locale, params);
  switch (item.keyword) {
    case 'invalid_type':
      return say('validation.expected', { expected: TYPE_NAMES[p.expected ?? '']?.[locale] ?? String(p.expected) });
    case 'too_small':
      return say(sized(p.origin, true), { n: String(p.minimum) });
    case 'too_big':
      return say(sized(p.origin, false), { n: String(p.maximum) });
    case 'invalid_format':
      return say('validation.format', { format: String(p.format) });
    case 'invalid_value':
      return say('validation.oneOf', { values: (p.values ?? []).map((v) => JSON.stringify(v)).join(locale === 'zh-CN' ? '、' : ', ') });
    case 'unrecognized_keys':
      return say('validation.unknownKeys', { keys: (p.keys ?? []).join(', ') });
    default:
      return say('validation.invalid');
  }
}

/**
 * Schema validation failures as one sentence naming each field. English keeps the schemas' own
 * wording; other languages are written from each issue's code, so no schema message is English-only.
 */
export function describeValidation(context: string | undefined, items: ValidationItem[], locale: Locale = 'en-US'): string {
  const parts = expandUnions(items)
    .slice(0, 5)
    .map((item) => {
      const field = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      if (!field) {
        return context === 'body' ? formatMessage('validation.bodyNotObject', locale) : formatMessage('validation.partInvalid', locale, { part: context ?? 'request' });
      }
      if (locale !== 'en-US' || !item.message) return formatMessage('validation.field', locale, { field, problem: problem(item, locale) });
      return item.message.toLowerCase().startsWith(field.toLowerCase()) ? item.message : `${field}: ${item.message}`;
    });
  return [...new Set(parts)].join(locale === 'zh-CN' ? '；' : '; ');
}
