import { HTTP_TIMEOUT_MS } from '@sl/contracts';

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`request timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Run `work` with an AbortSignal that fires after `ms`; the promise then rejects with TimeoutError. */
export async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms = HTTP_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timeout = new TimeoutError(ms);
  const timer = setTimeout(() => controller.abort(timeout), ms);
  try {
    return await work(controller.signal);
  } catch (error) {
    throw controller.signal.aborted ? timeout : error;
  } finally {
    clearTimeout(timer);
  }
}
