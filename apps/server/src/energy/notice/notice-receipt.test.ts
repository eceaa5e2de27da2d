import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { nextReceipt } from './notice-receipt.js';

const now = new Date('2025-09-26T08:00:00Z');
const attempt = (current: number, recvStatus: 1 | 2, recvContent = '') => {
  try {
    return nextReceipt(7, current, { id: 7, recvStatus, recvContent }, 'Ops', now);
  } catch (err) {
    return (err as AppError).message;
  }
};

describe('nextReceipt', () => {
  it('marks an untouched notice read, naming the reader', () => {
    expect(attempt(0, 1)).toEqual({ recvStatus: 1, recvName: 'Ops', recvTime: now });
  });

  it('replies from read or untouched, with the reply text', () => {
    for (const current of [0, 1]) expect(attempt(current, 2, 'Done')).toEqual({ recvStatus: 2, recvContent: 'Done', recvName: 'Ops', recvTime: now });
  });

  it('refuses a reply without text and text without a reply', () => {
    expect(attempt(1, 2)).toBe('recvContent is required to reply (recvStatus 2)');
    expect(attempt(0, 1, 'hello')).toBe('recvContent is only accepted with recvStatus 2 (replied)');
  });

  it('refuses to read twice and to change a replied notice', () => {
    expect(attempt(1, 1)).toBe('Notice 7 is already read');
    expect(attempt(2, 1)).toBe('Notice 7 has already been replied to and cannot change');
    expect(attempt(2, 2, 'again')).toBe('Notice 7 has already been replied to and cannot change');
  });
});
