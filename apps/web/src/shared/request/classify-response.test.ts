import { describe, expect, it } from 'vitest';
import { classifyResponse } from './classify-response';

const body = (code: number, msg = 'm') => ({ code, msg, data: null, requestId: 'r' });

describe('classifyResponse', () => {
  it('accepts code 200', () => {
    expect(classifyResponse(200, body(200))).toEqual({ kind: 'ok' });
  });
  it('reads the body code even when the HTTP status is an error', () => {
    expect(classifyResponse(401, body(401, 'no token'))).toEqual({ kind: 'unauthorized', code: 401, msg: 'no token' });
    expect(classifyResponse(401, body(6401))).toMatchObject({ kind: 'expired', code: 6401 });
    expect(classifyResponse(400, body(400, 'bad'))).toEqual({ kind: 'message', code: 400, msg: 'bad' });
    expect(classifyResponse(403, body(403, 'denied'))).toEqual({ kind: 'message', code: 403, msg: 'denied' });
  });
  it('lets the body code win over a contradicting HTTP status', () => {
    expect(classifyResponse(200, body(403))).toMatchObject({ kind: 'message' });
    expect(classifyResponse(500, body(200))).toEqual({ kind: 'ok' });
  });
  it('notifies any other code', () => {
    for (const code of [404, 429, 500, 1234]) {
      expect(classifyResponse(code === 1234 ? 200 : code, body(code))).toMatchObject({ kind: 'notify', code });
    }
  });
  it('treats a response without an envelope as a transport error', () => {
    expect(classifyResponse(502, null)).toEqual({ kind: 'transport', status: 502 });
    expect(classifyResponse(200, 'html')).toEqual({ kind: 'transport', status: 200 });
    expect(classifyResponse(500, { code: '500' })).toEqual({ kind: 'transport', status: 500 });
  });
  it('tolerates a missing msg', () => {
    expect(classifyResponse(500, { code: 500 })).toEqual({ kind: 'notify', code: 500, msg: '' });
  });
});
