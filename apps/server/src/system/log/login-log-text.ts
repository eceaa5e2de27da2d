import { formatMessage, SERVER_MESSAGES, type Locale, type MessageKey, type PageResult } from '@sl/contracts';
import type { loginLogs } from '../../db/schema/index.js';

type LoginLogRow = typeof loginLogs.$inferSelect;

/** A sign-in log row with its message in the reader's language; rows without a known key keep the text they were written with. */
export function localizedLogin({ msgKey, msgParams, ...row }: LoginLogRow, locale: Locale) {
  const known = msgKey !== null && msgKey in SERVER_MESSAGES;
  return { ...row, msg: known ? formatMessage(msgKey as MessageKey, locale, msgParams ?? {}) : row.msg };
}

export const localizedLogins = (page: PageResult<LoginLogRow>, locale: Locale) => ({ ...page, list: page.list.map((row) => localizedLogin(row, locale)) });
