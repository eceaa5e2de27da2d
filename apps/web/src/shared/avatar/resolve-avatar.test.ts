import { describe, expect, it } from 'vitest';
import { resolveAvatar } from './resolve-avatar';

describe('resolveAvatar', () => {
  it('keeps full URLs', () => {
    expect(resolveAvatar('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(resolveAvatar('http://x/a.png', 'http://api')).toBe('http://x/a.png');
    expect(resolveAvatar('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
  it('makes relative paths root-relative on the same origin', () => {
    expect(resolveAvatar('static/uploadfile/a.png')).toBe('/static/uploadfile/a.png');
    expect(resolveAvatar('/static/a.png')).toBe('/static/a.png');
  });
  it('prefixes the API host when one is given', () => {
    expect(resolveAvatar('/static/a.png', 'http://api.example.com/')).toBe('http://api.example.com/static/a.png');
  });
  it('returns undefined for no avatar', () => {
    expect(resolveAvatar('')).toBeUndefined();
    expect(resolveAvatar(null)).toBeUndefined();
    expect(resolveAvatar('  ')).toBeUndefined();
  });
});
