import { describe, expect, it } from 'vitest';
import { formatMessage, localeFromAcceptLanguage, SERVER_MESSAGES } from './catalogue.js';

describe('server message catalogue', () => {
  it('has every message in both languages, with the same parameters', () => {
    for (const [key, text] of Object.entries(SERVER_MESSAGES)) {
      const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(text['zh-CN'].trim(), key).not.toBe('');
      expect(text['en-US'].trim(), key).not.toBe('');
      expect(params(text['zh-CN']), key).toEqual(params(text['en-US']));
    }
  });

  it('fills parameters in the chosen language', () => {
    expect(formatMessage('common.missingPermission', 'zh-CN', { permission: 'a:b:c' })).toBe('缺少权限 a:b:c');
    expect(formatMessage('common.missingPermission', 'en-US', { permission: 'a:b:c' })).toBe('You do not have the permission a:b:c');
  });

  it('reads the preferred language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('zh-CN')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr;q=1,zh;q=0.5')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('de')).toBe('en-US');
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
  });
});
