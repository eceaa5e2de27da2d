import { describe, expect, it } from 'vitest';
import { homeAfterLogin, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/system/sysuser?page=2')).toBe('/system/sysuser?page=2');
    expect(safeRedirect('/bjsz/list')).toBe('/bjsz/list');
  });
  it('rejects other origins and odd values', () => {
    for (const bad of ['//evil.com/x', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '', null, undefined, 'relative']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
  it('never goes back to the login page', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
  it("sends a sign-in without a target to the console's root, which picks the first page", () => {
    expect(homeAfterLogin(null)).toBe('/');
    expect(homeAfterLogin('/profile/index')).toBe('/profile/index');
  });
});
