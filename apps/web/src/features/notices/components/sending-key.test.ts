import { describe, expect, it } from 'vitest';
import { sendingKey } from './sending-key';

describe('sendingKey', () => {
  const row = { uniqueId: 'u-1', sendTime: '2026-11-23T10:00:00.000Z', sendTitle: 'Outage', sendContent: 'Loop 2 off tonight' };

  it('groups the department rows of one sending and keeps other sendings apart', () => {
    expect(sendingKey({ ...row })).toBe(sendingKey(row));
    expect(sendingKey({ ...row, sendTime: '2026-11-23T10:00:01.000Z' })).not.toBe(sendingKey(row));
    expect(sendingKey({ ...row, sendTitle: 'Outage 2' })).not.toBe(sendingKey(row));
    expect(sendingKey({ ...row, uniqueId: 'u-2' })).not.toBe(sendingKey(row));
  });
});
