import type { Dayjs } from 'dayjs';

export interface LogSearchValues {
  terminalId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  [extra: string]: unknown;
}

export interface LogFilters {
  terminalId?: number;
  from?: string;
  to?: string;
  [extra: string]: string | number | undefined;
}

/** Search form values → query filters: the range becomes ISO `from` and `to`; empty extras are dropped. */
export function toLogFilters({ range, ...rest }: LogSearchValues): LogFilters {
  const [from, to] = range ?? [];
  const out: LogFilters = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  if (from) out.from = from.toISOString();
  if (to) out.to = to.toISOString();
  return out;
}
