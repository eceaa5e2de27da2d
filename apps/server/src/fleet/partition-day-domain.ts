const DAY_MS = 86_400_000;

/** The day partition of `table` that holds the UTC day of `at`: `heartbeat_p20261123`, the name sl_partition_day gives. */
export const partitionName = (table: string, at: Date) =>
  `${table}_p${new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
