import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandResultPush } from '@sl/contracts';
import { OUTCOME_CATCH_UP_MS, useOutcomeCatchUp } from './use-outcome-catch-up';

const outcome: CommandResultPush = { code: 200, event: 'task', taskId: 7, terminalId: 3, cmd: 'param.set', state: 'succeeded', msg: '' };

describe('useOutcomeCatchUp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the overdue tasks every interval, applies what settled and asks nothing when none is overdue', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [outcome] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let overdue = [7, 9];
    const apply = vi.fn();
    const { unmount } = renderHook(() => useOutcomeCatchUp(() => overdue, apply));

    await act(() => vi.advanceTimersByTimeAsync(OUTCOME_CATCH_UP_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/task/outcomes?ids=7%2C9');
    expect(apply).toHaveBeenCalledWith(outcome);

    overdue = [];
    await act(() => vi.advanceTimersByTimeAsync(3 * OUTCOME_CATCH_UP_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();
    overdue = [9];
    await act(() => vi.advanceTimersByTimeAsync(3 * OUTCOME_CATCH_UP_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
