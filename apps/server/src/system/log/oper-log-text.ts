import { wordStored, type Locale, type PageResult } from '@sl/contracts';
import type { operLogs } from '../../db/schema/index.js';

type OperLogRow = typeof operLogs.$inferSelect;

/** An operation log row with its message in the reader's language; rows without a known key keep the text they were written with. */
export function localizedOperation({ msgKey, msgParams, ...row }: OperLogRow, locale: Locale) {
  return { ...row, msg: msgKey ? wordStored({ text: row.msg, key: msgKey, params: msgParams }, locale) : row.msg };
}

export const localizedOperations = (page: PageResult<OperLogRow>, locale: Locale) => ({ ...page, list: page.list.map((row) => localizedOperation(row, locale)) });
