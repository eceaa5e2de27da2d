import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './storable-text.js';

describe('findUnstorableText', () => {
  it('passes ordinary text, paired surrogates (emoji) and non-strings', () => {
    expect(findUnstorableText({ name: '路灯 1 号 😀', n: 1, on: true, none: null, list: ['a', { b: 'c' }] })).toBeUndefined();
    expect(findUnstorableText(undefined)).toBeUndefined();
  });

  it('names the field of a NUL or a lone surrogate at any depth, in a value or a key', () => {
    expect(findUnstorableText({ username: 'ad\u0000min' })).toEqual({ field: 'username', problem: 'validation.nulCharacter' });
    expect(findUnstorableText({ photos: ['ok', 'x\ud800'] })).toEqual({ field: 'photos.1', problem: 'validation.loneSurrogate' });
    expect(findUnstorableText({ params: { level: '\udc00x' } })).toEqual({ field: 'params.level', problem: 'validation.loneSurrogate' });
    expect(findUnstorableText({ params: { 'a\u0000': 1 } })).toEqual({ field: 'params.a\\u0000', problem: 'validation.nulCharacter' });
    expect(findUnstorableText('bare\u0000')).toEqual({ field: '', problem: 'validation.nulCharacter' });
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.problem).toBe('validation.nulCharacter');
  });
});
