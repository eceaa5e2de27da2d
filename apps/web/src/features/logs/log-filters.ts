import type { Dayjs } from 'dayjs';
import type { LogFilters } from './api/logs';

export type LogSearchValues = Omit<LogFilters, 'beginTime' | 'endTime'> & {
  time?: [Dayjs | null, Dayjs | null] | null;
};

/** Search form values → query filters: the range picker becomes beginTime/endTime. */
export function toLogFilters({ time, ...rest }: LogSearchValues): LogFilters {
  const [begin, end] = time ?? [];
  return { ...rest, beginTime: begin?.toISOString(), endTime: end?.toISOString() };
}
