// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pushUrl } from './push-url';

describe('pushUrl', () => {
  it('uses the page host, ws or wss, the channel path and the token', () => {
    expect(pushUrl('alarm', 'u1', 7, { protocol: 'http:', host: 'localhost:5173' }, 'a.b')).toBe('ws://localhost:5173/api/v1/ws/alarm/u1/7?token=a.b');
    expect(pushUrl('notice', 'u1', 7, { protocol: 'https:', host: 'lights.example' }, 't')).toBe('wss://lights.example/api/v1/ws/notice/u1?token=t');
  });

  it('omits a missing token and is empty without a uniqueId', () => {
    expect(pushUrl('msg', 'u1', 1, { protocol: 'http:', host: 'h' }, undefined)).toBe('ws://h/api/v1/ws/msg/u1/1');
    expect(pushUrl('msg', '', 1, { protocol: 'http:', host: 'h' }, 't')).toBe('');
  });

  it('reads the token cookie by default', () => {
    document.cookie = 'Admin-Token=from-cookie; path=/';
    expect(pushUrl('50rdcsm', 'u1', 2)).toBe(`ws://${location.host}/api/v1/ws/50rdcsm/u1/2?token=from-cookie`);
    document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
