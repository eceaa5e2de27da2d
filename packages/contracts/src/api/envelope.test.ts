import { describe, expect, it } from 'vitest';
import { pageQuery } from './envelope.js';

describe('pageQuery', () => {
  it('defaults to page 1 of 20 and reads query strings', () => {
    expect(pageQuery.parse({})).toEqual({ pageIndex: 1, pageSize: 20 });
    expect(pageQuery.parse({ pageIndex: '3', pageSize: '50' })).toEqual({ pageIndex: 3, pageSize: 50 });
  });

  it.each([
    [{ pageIndex: 'abc' }, 'pageIndex must be a number'],
    [{ pageIndex: 0 }, 'pageIndex must be at least 1'],
    [{ pageSize: 501 }, 'pageSize must be at most 500'],
    [{ pageSize: 2.5 }, 'pageSize must be a whole number'],
  ])('rejects %j with "%s"', (input, message) => {
    const result = pageQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});
