import { z } from 'zod';
import { bigId, id } from '@sl/contracts';
import { badRequest, text } from '../http/errors.js';

/** An id the info and delete calls take in the path (`/info/3`) or the query (`/info?id=3`). */
export const idQuery = z.object({ id: id('id').optional() });
/** The same for a bigint id (download tasks). */
export const bigIdQuery = z.object({ id: bigId('id').optional() });

/** The id, or a 400 saying it is required. */
export function requireId(v?: number): number {
  if (!v) throw badRequest(text('control.idRequired'));
  return v;
}
