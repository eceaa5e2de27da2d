import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { useAppStore } from '../../shared/stores/app-store';
import { TopBar } from './top-bar';

function renderBar() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App><MemoryRouter initialEntries={['/dashboard']}><TopBar /></MemoryRouter></App>
    </QueryClientProvider>,
  );
}

/** Issue 28 item 17: on a phone, the sidebar toggle's tooltip would stay over the opened drawer's first item. */
describe('the sidebar toggle tooltip', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }))));
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useAppStore.getState().setDevice('desktop');
  });

  const hoverToggle = () => act(() => {
    fireEvent.mouseEnter(screen.getByTestId('sidebar-toggle'));
    vi.advanceTimersByTime(500);
  });

  it('is shown on a desktop, below the button', async () => {
    act(() => useAppStore.getState().setDevice('desktop'));
    renderBar();
    await hoverToggle();
    expect(document.querySelector('.ant-tooltip')?.textContent).toBe('Expand/collapse the sidebar');
  });

  it('is not shown on a phone, where the button keeps its accessible name', async () => {
    act(() => useAppStore.getState().setDevice('mobile'));
    renderBar();
    await hoverToggle();
    expect(document.querySelector('.ant-tooltip')).toBeNull();
    expect(screen.getByTestId('sidebar-toggle').getAttribute('aria-label')).toBe('Expand/collapse the sidebar');
  });
});
