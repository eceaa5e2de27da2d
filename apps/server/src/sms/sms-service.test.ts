import { describe, expect, it } from 'vitest';
import type { SmsProvider } from './sms-provider.js';
import type { SmsRepository, SmsRow } from './sms-repository.js';
import { SMS_MAX_ATTEMPTS, SmsService } from './sms-service.js';

/** An in-memory SMS log. */
function memoryRepo() {
  const rows: SmsRow[] = [];
  const repo = {
    insert: async (values: Array<Partial<SmsRow>>) =>
      values.map((v) => {
        const row = { smsId: rows.length + 1, state: 'pending', attempts: 0, lastError: '', sentAt: null, createdAt: new Date(), ...v } as SmsRow;
        rows.push(row);
        return row;
      }),
    settle: async (smsId: number, patch: Partial<SmsRow>) => void Object.assign(rows.find((r) => r.smsId === smsId)!, patch),
    due: async (now: Date) => rows.filter((r) => r.state === 'pending' && r.nextAttemptAt! <= now),
  };
  return { rows, repo: repo as unknown as SmsRepository };
}

describe('SMS delivery with retry and backoff', () => {
  it('logs, retries a failing provider with doubling waits and gives up after the last attempt', async () => {
    const { rows, repo } = memoryRepo();
    let calls = 0;
    const flaky: SmsProvider = { name: 'flaky', send: async () => void (calls++, (() => { throw new Error('gateway timeout'); })()) };
    const sms = new SmsService(repo, flaky, { error: () => undefined }, 1000);
    const t0 = new Date('2026-01-01T00:00:00Z');
    const [row] = await sms.send([{ userId: 1, phone: '13800000001', deptId: 2 }], 'dispatch', { orderId: '7', terminal: 'lamp', kind: '灯具故障' });
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'gateway timeout' });
    const waits: number[] = [];
    for (let now = t0; rows[0].state === 'pending'; ) {
      now = rows[0].nextAttemptAt!;
      const before = rows[0].attempts;
      await sms.retryDue(now);
      expect(rows[0].attempts).toBe(before + 1);
      if (rows[0].nextAttemptAt) waits.push(rows[0].nextAttemptAt.getTime() - now.getTime());
    }
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(rows[0]).toMatchObject({ state: 'failed', attempts: SMS_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(calls).toBe(SMS_MAX_ATTEMPTS);
  });

  it('marks a delivered message sent, and skips recipients without a phone', async () => {
    const { rows, repo } = memoryRepo();
    const sent: string[] = [];
    const sms = new SmsService(repo, { name: 'ok', send: async (m) => void sent.push(m.phone) }, { error: () => undefined });
    await sms.send([{ userId: 1, phone: '13800000001', deptId: 2 }, { userId: 2, phone: '', deptId: 2 }], 'alarm', { alarmId: '3', terminal: 't', kind: 'k' });
    expect(sent).toEqual(['13800000001']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', attempts: 1, content: '【路灯监控】告警3：t k。' });
  });
});
