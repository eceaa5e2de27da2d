import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { statusField } from '../api/fields.js';

export const logQuery = pageQuery.extend({
  username: z.string().trim().max(64).optional(),
  title: z.string().trim().max(128).optional(),
  ipaddr: z.string().trim().max(64).optional(),
  status: statusField.optional(),
  beginTime: z.coerce.date({ error: 'beginTime must be a date' }).optional(),
  endTime: z.coerce.date({ error: 'endTime must be a date' }).optional(),
});
export type LogQuery = z.infer<typeof logQuery>;
