import { describe, expect, it } from 'vitest';
import { SAVE_PERMISSION } from '@sl/contracts';
import { hasPermission, hasRole } from './has-permission';

describe('hasPermission', () => {
  it('grants everything to the wildcard', () => {
    expect(hasPermission(['*:*:*'], [SAVE_PERMISSION])).toBe(true);
  });
  it('grants when one of the strings is held', () => {
    expect(hasPermission(['system:sysuser:add', 'btn:save'], ['btn:save', 'x:y:z'])).toBe(true);
  });
  it('denies when none is held', () => {
    expect(hasPermission(['system:sysuser:add'], ['btn:save'])).toBe(false);
    expect(hasPermission([], ['btn:save'])).toBe(false);
  });
  it('denies an empty requirement unless wildcard', () => {
    expect(hasPermission(['a:b:c'], [])).toBe(false);
  });
});

describe('hasRole', () => {
  it('grants when one role matches', () => {
    expect(hasRole(['admin'], ['admin', 'editor'])).toBe(true);
  });
  it('denies otherwise', () => {
    expect(hasRole(['visitor'], ['admin'])).toBe(false);
    expect(hasRole([], ['admin'])).toBe(false);
  });
});
