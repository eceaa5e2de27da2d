import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { NotifyChannelsTable } from './notify-channels-table';

/** Issue 28 item 14: the alarm settings page's notice channels, empty on a new installation, say why and what to do. */
describe('the notice channels without channels', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says alarm notices go out by SMS only and how to add a channel, in both languages', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [] }))));
    for (const [lang, reason, hint] of [
      ['en-US', 'No notice channel yet: alarm notices go out by SMS only', /e-mail list or a WeCom or DingTalk group robot/],
      ['zh-CN', '还没有通知渠道，告警通知只发短信', /邮件或企业微信、钉钉群机器人/],
    ] as const) {
      await act(() => i18n.changeLanguage(lang));
      render(<QueryClientProvider client={new QueryClient()}><App><NotifyChannelsTable /></App></QueryClientProvider>);
      expect((await screen.findByTestId('empty-reason')).textContent).toBe(reason);
      expect(screen.getByTestId('empty-hint').textContent).toMatch(hint);
      cleanup();
    }
  });
});
