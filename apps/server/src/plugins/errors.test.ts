import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { roles } from '../db/schema/index.js';
import { constraintMessage } from './errors.js';
import { describeValidation } from '../http/validation-message.js';

describe('constraintMessage', () => {
  it('recognises a unique violation raised by the real database through Drizzle', async () => {
    const { db, close } = await openDatabase({});
    try {
      await db.insert(roles).values({ roleName: 'a', roleKey: 'dup' });
      const error = await db.insert(roles).values({ roleName: 'b', roleKey: 'dup' }).catch((e: unknown) => e);
      expect(constraintMessage(error)).toBe('validation.duplicate');
      expect(await db.select().from(roles).where(eq(roles.roleKey, 'dup'))).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('answers the data exceptions of text and numbers a request check missed as client faults', async () => {
    const { db, close } = await openDatabase({});
    try {
      const refused = (query: SQL) => db.execute(query).then(() => undefined, (e: unknown) => constraintMessage(e));
      expect(await refused(sql`insert into sys_role (role_name, role_key) values (${'a\u0000b'}, 'nul')`)).toBe('validation.unstorableText');
      expect(await refused(sql`select ${JSON.stringify({ k: '\u0000' })}::jsonb`)).toBe('validation.unstorableText');
      expect(await refused(sql`select ${JSON.stringify({ k: '\ud800' })}::jsonb`)).toBe('validation.invalidValue');
      expect(await refused(sql`select * from sys_user where user_id = ${2 ** 31}`)).toBe('validation.numberOutOfRange');
    } finally {
      await close();
    }
  });

  it('leaves other errors alone', () => {
    expect(constraintMessage(new Error('boom'))).toBeUndefined();
    expect(constraintMessage({ code: 'ECONNRESET' })).toBeUndefined();
  });
});

describe('describeValidation', () => {
  it('names the field, and explains a failed union by its closest branch', () => {
    expect(describeValidation('body', [{ instancePath: '/username', message: 'username is required' }])).toBe('username is required');
    expect(describeValidation('body', [{ instancePath: '/', keyword: 'invalid_union', params: { errors: [[{ path: ['roleName'], message: 'roleName is required' }, { path: ['roleKey'], message: 'x' }], [{ path: ['status'], message: 'status must be "1" or "2"' }]] } }])).toBe('status must be "1" or "2"');
  });

  it('writes each problem in Chinese from the issue code, with no English left', () => {
    const items = [
      { instancePath: '/userName', keyword: 'invalid_type', message: 'userName must be a string', params: { expected: 'string' } },
      { instancePath: '/password', keyword: 'too_small', message: 'password is too short', params: { origin: 'string', minimum: 5 } },
      { instancePath: '/pageSize', keyword: 'too_big', message: 'too big', params: { origin: 'number', maximum: 100 } },
      { instancePath: '/status', keyword: 'invalid_value', message: 'status must be "1" or "2"', params: { values: ['1', '2'] } },
      { instancePath: '/email', keyword: 'invalid_format', message: 'bad email', params: { format: 'email' } },
    ];
    const zh = describeValidation('body', items, 'zh-CN');
    expect(zh).toBe('userName：缺失或不是字符串；password：长度至少为 5；pageSize：不能大于 100；status：取值应为 "1"、"2" 之一；email：格式不正确（email）');
    expect(describeValidation('body', items, 'en-US')).toBe('userName must be a string; password is too short; pageSize: too big; status must be "1" or "2"; email: bad email');
    expect(describeValidation('body', [{ instancePath: '' }], 'zh-CN')).toBe('请求体必须是 JSON 对象');
  });
});
