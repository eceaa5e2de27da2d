import type { MessageKey } from '@sl/contracts';
import { badRequest, notFound, text } from '../http/errors.js';
import type { ProgramIssue } from './compiler/validate.js';

/** A 404 naming the id, worded the same whether the record is missing or outside the caller's scope. */
export const missing = (key: MessageKey & `control.${string}NotFound`, id: number | number[]) =>
  notFound(text(key, { id: Array.isArray(id) ? id.join(', ') : id }));

export const refused = (issue: ProgramIssue) => badRequest(text(issue.key, issue.params));

/** Dates and the JSON the console reads: timestamps as ISO strings. */
export function isoRow<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] } {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as never;
}
