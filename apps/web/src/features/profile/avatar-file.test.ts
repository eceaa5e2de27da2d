import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatarFile } from './avatar-file';

describe('checkAvatarFile', () => {
  it('accepts an image up to exactly 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toBeNull();
  });
  it('refuses a file over 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
  it('refuses what is not an image the server takes', () => {
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkAvatarFile({ type: '', size: 10 })).toBe('type');
  });
});
