import { describe, expect, it, vi } from 'vitest';
import { AccountStates, type AccountState } from './account-state.js';

const setup = (ttlMs: number) => {
  const rows = new Map<number, AccountState>([[1, { status: '2', tokenVersion: 0 }]]);
  const sessionState = vi.fn(async (id: number) => (rows.has(id) ? { ...rows.get(id)! } : undefined));
  const clock = { now: 0 };
  return { rows, sessionState, clock, states: new AccountStates({ sessionState }, ttlMs, () => clock.now) };
};

describe('AccountStates', () => {
  it('accepts the current version of an enabled account, and refuses a stale version, a disabled or a missing account', async () => {
    const { rows, states } = setup(0);
    await expect(states.assertCurrent(1, 0)).resolves.toBeUndefined();
    await expect(states.assertCurrent(1, 1)).rejects.toMatchObject({ code: 401, message: /session has ended/ });
    rows.set(1, { status: '1', tokenVersion: 0 });
    await expect(states.assertCurrent(1, 0)).rejects.toMatchObject({ code: 401, message: /no longer exists or is disabled/ });
    await expect(states.assertCurrent(2, 0)).rejects.toMatchObject({ code: 401 });
  });

  it('answers from its cache for ttlMs, and reads again at once after forget', async () => {
    const { rows, sessionState, clock, states } = setup(3000);
    await states.assertCurrent(1, 0);
    rows.set(1, { status: '2', tokenVersion: 1 });
    clock.now = 2999;
    await expect(states.assertCurrent(1, 0)).resolves.toBeUndefined();
    expect(sessionState).toHaveBeenCalledTimes(1);
    clock.now = 3000;
    await expect(states.assertCurrent(1, 0)).rejects.toMatchObject({ code: 401 });
    rows.set(1, { status: '2', tokenVersion: 2 });
    states.forget([1]);
    await expect(states.assertCurrent(1, 2)).resolves.toBeUndefined();
  });

  it('does not cache a read that overlapped a change', async () => {
    const { rows, states } = setup(3000);
    const read = states.get(1);
    rows.set(1, { status: '1', tokenVersion: 1 });
    states.forget([1]);
    expect(await read).toEqual({ status: '2', tokenVersion: 0 });
    expect(await states.get(1)).toEqual({ status: '1', tokenVersion: 1 });
  });
});
