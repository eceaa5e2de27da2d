import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { roles } from '../db/schema/index.js';
import { constraintMessage, describeValidation } from './errors.js';

describe('constraintMessage', () => {
  it('recognises a unique violation raised by the real database through Drizzle', async () => {
    const { db, close } = await openDatabase({});
    try {
      await db.insert(roles).values({ roleName: 'a', roleKey: 'dup' });
      const error = await db.insert(roles).values({ roleName: 'b', roleKey: 'dup' }).catch((e: unknown) => e);
      expect(constraintMessage(error)).toBe('A record with the same unique value already exists');
      expect(await db.select().from(roles).where(eq(roles.roleKey, 'dup'))).toHaveLength(1);
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
});
