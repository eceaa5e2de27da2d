import { afterEach, describe, expect, it } from 'vitest';
import { recordError, useErrorLog } from './error-log-store';

describe('error log', () => {
  afterEach(() => useErrorLog.getState().clear());

  it('records errors, strings and other rejection reasons newest first', () => {
    recordError(new Error('first'), 'error');
    recordError('second', 'unhandledrejection');
    recordError({ code: 500 }, 'unhandledrejection');
    expect(useErrorLog.getState().entries.map((e) => e.message)).toEqual(['{"code":500}', 'second', 'first']);
    expect(useErrorLog.getState().entries[2].stack).toContain('first');
  });

  it('keeps at most 50 entries', () => {
    for (let i = 0; i < 60; i++) recordError(`e${i}`, 'error');
    expect(useErrorLog.getState().entries).toHaveLength(50);
    expect(useErrorLog.getState().entries[0].message).toBe('e59');
  });
});
