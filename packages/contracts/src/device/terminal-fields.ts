import { z } from 'zod';
import { id } from '../api/fields.js';
import { CONTROL_MODES, DEVICE_FAMILIES, MANUFACTURERS } from '../enums.js';
import { SN_PATTERN } from './topics.js';

/** Field rules shared by the terminal, box and repair contracts. */
export const snField = z
  .string({ error: 'sn must be a string' })
  .trim()
  .regex(SN_PATTERN, 'sn must be 4-32 letters, digits, _ or -');
export const familyField = z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' });
export const modelField = z.literal([1, 2], { error: 'model must be 1 (centralised) or 2 (single-lamp)' });
export const manufacturerField = z.enum(MANUFACTURERS, { error: `manufacturer must be one of ${MANUFACTURERS.join(', ')}` });
export const controlModeField = z.enum(CONTROL_MODES, { error: 'controlMode must be manual or auto' });
/** A settable terminal status: 1 in factory, 2 warehouse, 3 in use, 4 under repair, 5 scrapped. */
export const terminalStatusField = z.literal([1, 2, 3, 4, 5], { error: 'status must be 1 (in factory) to 5 (scrapped)' });
export const registerStateField = z.literal([1, 2], { error: 'registerState must be 1 (registered) or 2 (not registered)' });
export const imsiField = z.string({ error: 'imsi must be a string' }).trim().regex(/^(\d{6,20})?$/, 'imsi must be 6-20 digits').default('');
export const lngField = z.number({ error: 'lng must be a number' }).min(-180, 'lng must be -180 to 180').max(180, 'lng must be -180 to 180').nullable().default(null);
export const latField = z.number({ error: 'lat must be a number' }).min(-90, 'lat must be -90 to 90').max(90, 'lat must be -90 to 90').nullable().default(null);
export const optionalId = (field: string) => id(field).nullable().default(null);
export const idArray = (field: string) =>
  z.array(id(field), { error: `${field} must be an array of numbers` }).min(1, `${field} must not be empty`).max(500, `${field} must hold at most 500 ids`);

/** A number in a query string (or a POST body) checked against a set of allowed values. */
export const queryNumberIn = <const T extends readonly [number, ...number[]]>(field: string, values: T, hint: string) =>
  z.coerce.number({ error: `${field} must be a number` }).pipe(z.literal(values, { error: `${field} must be ${hint}` })).optional();
export const queryId = (field: string) => id(field).optional();
export const queryText = (field: string, max: number) => z.string({ error: `${field} must be a string` }).trim().max(max, `${field} must be at most ${max} characters`).optional();

/** A point in time in a query: ISO 8601 or epoch milliseconds. */
export const queryTime = (field: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.coerce.date({ error: `${field} must be a date or epoch milliseconds` }))
    .optional();
