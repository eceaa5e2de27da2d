import { z } from 'zod';

/** Reusable field rules with messages that say what is wrong. */
export const requiredText = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`);

export const optionalText = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).trim().max(max, `${field} must be at most ${max} characters`).default('');

/** The largest value of a PostgreSQL `integer` (int4) column: a larger id would make the database refuse the query. */
export const INT4_MAX = 2_147_483_647;

/** An id of an `integer` (serial) column: users, departments, terminals, alarms, orders and most others. */
export const id = (field: string) => bigId(field).max(INT4_MAX, `${field} must be at most ${INT4_MAX}`);

/** An id of a `bigint` (bigserial) column: logs, heartbeats, commands, control tasks, policies and leaflets. */
export const bigId = (field: string) => z.coerce.number({ error: `${field} must be a number` }).int(`${field} must be an integer`).positive(`${field} must be positive`);

/** The parent of a department or menu item: 0 is the top. */
export const parentIdField = z.coerce.number({ error: 'parentId must be a number' }).int('parentId must be an integer').min(0, 'parentId must not be negative').max(INT4_MAX, `parentId must be at most ${INT4_MAX}`).default(0);

export const sortField = z.coerce.number({ error: 'sort must be a number' }).int().min(0, 'sort must not be negative').max(99_999).default(0);

/** `'2'` normal, `'1'` disabled, go-admin's convention. */
export const statusField = z.enum(['1', '2'], { error: 'status must be "1" (disabled) or "2" (normal)' });

export const phoneField = z
  .string({ error: 'phone must be a string' })
  .trim()
  .regex(/^(\+?\d[\d -]{5,19})?$/, 'phone must be a phone number')
  .default('');

export const emailField = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(128, 'email must be at most 128 characters')
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'email must be an e-mail address')
  .default('');

/** Whether `tz` names a time zone this runtime knows (IANA, such as Asia/Shanghai). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = (field: string) =>
  z.string({ error: `${field} must be a string` }).max(64).refine(isTimeZone, `${field} must be an IANA time zone such as Asia/Shanghai`);

/** A path parameter of one `bigint` id or several separated by commas: `/sysOperLog/3,4,5`. */
export const bigIdList = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,499}$/, 'ids must be numbers separated by commas')
  .transform((s) => [...new Set(s.split(',').map(Number))]);
/** A path parameter of one `integer` id or several separated by commas: `/sysUser/3,4,5`. */
export const idList = bigIdList.refine((ids) => ids.every((n) => n <= INT4_MAX), `ids must be at most ${INT4_MAX}`);

export const idParam = z.object({ id: id('id') });
export const idsParam = z.object({ ids: idList });
export const bigIdParam = z.object({ id: bigId('id') });
export const bigIdsParam = z.object({ ids: bigIdList });
export const idsBody = z.object({ ids: z.array(id('ids'), { error: 'ids must be an array of numbers' }).min(1, 'ids must not be empty').max(500) });
