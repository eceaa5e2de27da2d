import { readFileSync } from 'node:fs';

/** Descriptors the process holds beside its terminals' sockets (database pool, listeners, logs, node's own): a margin. */
export const OWN_FILES = 200;

/** This process's soft limit on open files (Linux `/proc/self/limits`); undefined where it cannot be read or is unlimited. */
export function openFilesLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | undefined {
  let text: string;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/**
 * How many of `terminals` the embedded broker could not hold a socket for under `limit` open files; 0 when all fit
 * or the limit is unknown. Past the limit the broker cannot accept a connection, and those lamps stay offline.
 */
export function terminalsBeyondLimit(limit: number | undefined, terminals: number): number {
  return limit === undefined ? 0 : Math.max(0, terminals + OWN_FILES - limit);
}
