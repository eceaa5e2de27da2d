import { describe, expect, it } from 'vitest';
import { redactFields, redactLine, redactUrl } from './redact.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';
const BCRYPT = '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234';

describe('log redaction', () => {
  it('replaces secret query parameters and keeps the others', () => {
    expect(redactUrl(`/api/v1/ws/msg/u/1?token=${JWT}&lang=zh`)).toBe('/api/v1/ws/msg/u/1?token=[REDACTED]&lang=zh');
    expect(redactUrl('/x?a=1&password=p%40ss&access_token=t&apiKey=k')).toBe('/x?a=1&password=[REDACTED]&access_token=[REDACTED]&apiKey=[REDACTED]');
    expect(redactUrl('/api/v1/user/pwd')).toBe('/api/v1/user/pwd');
  });

  it('replaces fields named like secrets at any depth, without touching the logged object', () => {
    const logged = { user: 'bob', body: { oldPassword: 'a', newPassword: 'b', nested: [{ deviceSecret: 'c' }] }, headers: { authorization: 'Bearer x', cookie: 'Admin-Token=y', 'x-broker-key': 'z', accept: '*/*' } };
    expect(redactFields(logged)).toEqual({
      user: 'bob',
      body: { oldPassword: '[REDACTED]', newPassword: '[REDACTED]', nested: [{ deviceSecret: '[REDACTED]' }] },
      headers: { authorization: '[REDACTED]', cookie: '[REDACTED]', 'x-broker-key': '[REDACTED]', accept: '*/*' },
    });
    expect(logged.body.oldPassword).toBe('a');
    const err = new Error('kept for the error serializer');
    expect(redactFields({ err }).err).toBe(err);
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { token: 't' };
    a.self = a;
    expect(redactFields(a)).toMatchObject({ token: '[REDACTED]', self: a });
  });

  it('finds tokens, hashes, query parameters and secret fields in a finished line', () => {
    const line = JSON.stringify({
      msg: `closed incoming websocket connection /api/v1/ws/x?token=${JWT}`,
      header: `Bearer ${JWT}`,
      err: { message: `Failed query: update "sys_user" set "password_hash" = $1\nparams: ${BCRYPT},7`, stack: `Error: Failed query\nparams: ${BCRYPT},7\n    at x (y.js:1:1)` },
      deep: { password: 'plain' },
      opaque: 'Bearer abc.def',
    });
    const out = redactLine(line);
    for (const secret of [JWT, BCRYPT, 'plain', 'abc.def']) expect(out).not.toContain(secret);
    expect(JSON.parse(out)).toMatchObject({ deep: { password: '[REDACTED]' }, err: { stack: expect.stringContaining('at x (y.js:1:1)') } });
  });
});
