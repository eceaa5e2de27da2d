import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushSender } from '@sl/contracts';
import { AlarmPushCoalescer, type HeldAlarm } from './alarm-push-coalescer.js';
import type { AlarmNotice } from './alarm-workflow.js';

const notice = (alarmId: number, deptId = 2): AlarmNotice => ({
  alarmId, deptId, terminalId: 1, terminalName: 't', kind: 'lampFailure', severity: 2, status: 1, message: 'm', cleared: false, event: 'raise',
});

describe('alarm push coalescing', () => {
  let singles: number[];
  let batches: HeldAlarm[][];
  let c: AlarmPushCoalescer;
  beforeEach(() => {
    vi.useFakeTimers();
    singles = [];
    batches = [];
    c = new AlarmPushCoalescer(
      { single: (n) => singles.push(n.alarmId), batch: (h) => batches.push(h) },
      (n) => ({ sortId: n.alarmId, terminalName: n.terminalName, alarmMsg: n.message, sendUserId: PushSender.system }),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('sends a single alarm at once when quiet, and again at once after a quiet second', () => {
    c.add(notice(1));
    expect(singles).toEqual([1]);
    vi.advanceTimersByTime(1000);
    c.add(notice(2));
    expect(singles).toEqual([1, 2]);
    expect(batches).toEqual([]);
  });

  it('holds a storm and sends at most one batch a second, with every held alarm', () => {
    for (let i = 1; i <= 1000; i++) c.add(notice(i, i % 2 ? 2 : 3));
    expect(singles).toEqual([1]);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(999);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0].map((h) => h.item.sortId)).toEqual(Array.from({ length: 999 }, (_, i) => i + 2));
    expect(batches[0][0].deptId).toBe(3);
    // Still stormy: the next alarm waits for the window after the batch.
    c.add(notice(1001));
    expect(singles).toEqual([1]);
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(2);
    // Quiet window: nothing sent, the next one goes out at once.
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(2);
    c.add(notice(1002));
    expect(singles).toEqual([1, 1002]);
  });
});
