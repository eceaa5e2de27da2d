import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_TIMEOUT_MS } from '@sl/contracts';
import { TimeoutError, withTimeout } from './with-timeout';

const hang = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts after the 10 s default and rejects with TimeoutError', async () => {
    const seen: AbortSignal[] = [];
    const pending = withTimeout((signal) => (seen.push(signal), hang(signal)));
    const assertion = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(seen[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(seen[0].aborted).toBe(true);
  });

  it('resolves when the work finishes in time and clears the timer', async () => {
    await expect(withTimeout(async () => 'done', 50)).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes through other errors', async () => {
    await expect(withTimeout(async () => { throw new TypeError('Failed to fetch'); }, 50)).rejects.toBeInstanceOf(TypeError);
  });
});
