import { z } from 'zod';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';

/** go-admin response envelope: `{code, msg, data, requestId}`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data, requestId: z.string().optional() });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  requestId?: string;
}

export const errorEnvelope = z.object({
  code: z.number(),
  msg: z.string(),
  data: z.null().optional(),
  requestId: z.string().optional(),
});

/** Paging input, accepted from a GET query (strings) or a POST body (numbers). */
export const pageQuery = z.object({
  pageIndex: z.coerce
    .number({ error: 'pageIndex must be a number' })
    .int('pageIndex must be a whole number')
    .min(1, 'pageIndex must be at least 1')
    .max(1_000_000, 'pageIndex is too large')
    .default(DEFAULT_PAGE_INDEX),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageResult = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), count: z.number().int(), pageIndex: z.number().int(), pageSize: z.number().int() });

export interface PageResult<T> {
  list: T[];
  count: number;
  pageIndex: number;
  pageSize: number;
}
