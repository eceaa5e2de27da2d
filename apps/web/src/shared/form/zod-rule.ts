import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { KNOWN_MESSAGES } from './zod-messages';

type Issue = z.core.$ZodIssue;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The first issue in the user's language: known shapes and known contract messages are translated. */
export function issueMessage(issue: Issue, label: string): string {
  const known = KNOWN_MESSAGES.find(([pattern]) => pattern.test(issue.message));
  if (known) return i18n.t(known[1], { label });
  if (issue.code === 'too_small' && issue.origin === 'string') return i18n.t('validation.minLength', { label, min: issue.minimum });
  if (issue.code === 'too_big' && issue.origin === 'string') return i18n.t('validation.maxLength', { label, max: issue.maximum });
  if (issue.code === 'too_small' && issue.origin === 'number') return i18n.t('validation.minValue', { label, min: issue.minimum });
  if (issue.code === 'too_big' && issue.origin === 'number') return i18n.t('validation.maxValue', { label, max: issue.maximum });
  if (issue.code === 'invalid_value') return i18n.t('validation.choose', { label });
  return issue.message;
}

/** An antd Form rule that validates with a contract's zod field schema, so forms and server agree. */
export function zodRule(schema: z.ZodType, label = i18n.t('validation.thisField')): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      if (isBlank(value)) throw new Error(i18n.t('validation.required', { label }));
      throw new Error(issueMessage(result.error.issues[0], label));
    },
  };
}
