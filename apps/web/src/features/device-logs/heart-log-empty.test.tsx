import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { LogPage } from '../../shared/log-page';
import { DEVICE_LOG_CONFIGS } from './log-configs';

/**
 * Issue 28 item 14: the heartbeat log lists heartbeat requests and interval changes, so with 300,000 stored
 * heartbeats it can still be empty; it says so and where the heartbeats are.
 */
describe('the empty heartbeat log', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en-US')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains what it holds and points to the stored heartbeats', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [], count: 0, pageIndex: 1, pageSize: 20 } })));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter><LogPage config={DEVICE_LOG_CONFIGS.heart} /></MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('empty-reason')).textContent).toBe('No heartbeat has been requested and no heartbeat interval set yet');
    expect(screen.getByTestId('empty-hint').textContent).toContain('Heartbeat test page');
    expect((fetchMock.mock.calls as unknown as Array<[string]>).some(([url]) => url.startsWith('/api/v1/log/heart/list'))).toBe(true);
  });
});
