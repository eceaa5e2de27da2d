import '../testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { nextIndex } from './menu-keys';
import type { ContextMenuItem } from './types';
import { useContextMenu } from './use-context-menu';

interface Tab {
  path: string;
  pinned: boolean;
}

const selected = vi.fn();
const refresh = vi.fn();
const itemsFor = (tab: Tab): ContextMenuItem<Tab>[] => [
  { key: 'refresh', label: 'Refresh', onSelect: refresh },
  { key: 'close', label: 'Close', disabled: tab.pinned },
  { key: 'closeOthers', label: 'Close others' },
  { key: 'closeAll', label: 'Close all', danger: true, requiresPassword: true },
];

function Tabs() {
  const menu = useContextMenu<Tab>({ items: itemsFor, onSelect: selected });
  return (
    <>
      <button data-testid="home" onContextMenu={(e) => menu.open(e, { path: '/dashboard', pinned: true })}>home</button>
      <button data-testid="users" onContextMenu={(e) => menu.open(e, { path: '/users', pinned: false })}>users</button>
      <p data-testid="outside">outside</p>
      {menu.menu}
    </>
  );
}

const renderTabs = () => {
  const client = new QueryClient();
  client.setQueryData(['app-config'], { passwordKey: 'abcdefghijklmnop' });
  render(<QueryClientProvider client={client}><Tabs /></QueryClientProvider>);
};
const openOn = (testId: string, at = { clientX: 120, clientY: 40 }) => fireEvent.contextMenu(screen.getByTestId(testId), at);
const menu = () => screen.queryByRole('menu');
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('useContextMenu', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('opens at the cursor with the items built for the payload', () => {
    renderTabs();
    openOn('home');
    expect(menu()!.style.left).toBe('120px');
    expect(menu()!.style.top).toBe('40px');
    expect(screen.getAllByRole('menuitem').map((li) => li.textContent)).toEqual(['Refresh', 'Close', 'Close others', 'Close all']);
    expect(item('Close').getAttribute('aria-disabled')).toBe('true');
    openOn('users', { clientX: 5000, clientY: 10 });
    expect(item('Close').getAttribute('aria-disabled')).toBeNull();
    expect(Number.parseInt(menu()!.style.left, 10)).toBeLessThan(window.innerWidth);
  });

  it('runs the chosen item with the payload and closes; disabled items do nothing', () => {
    renderTabs();
    openOn('home');
    fireEvent.click(item('Close'));
    expect(selected).not.toHaveBeenCalled();
    expect(menu()).not.toBeNull();
    fireEvent.click(item('Refresh'));
    expect(refresh).toHaveBeenCalledWith({ path: '/dashboard', pinned: true });
    expect(selected).toHaveBeenCalledWith('refresh', { path: '/dashboard', pinned: true });
    expect(menu()).toBeNull();
  });

  it('closes on a click outside, Escape and scrolling, not on a click inside', async () => {
    renderTabs();
    openOn('users');
    fireEvent.mouseDown(item('Close'));
    expect(menu()).not.toBeNull();
    fireEvent.mouseDown(screen.getByTestId('outside'));
    expect(menu()).toBeNull();
    openOn('users');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(menu()).toBeNull();
    openOn('users');
    // A scroll in the frame of the right-click (the browser bringing the target into view) is ignored; a later one closes.
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(menu()).not.toBeNull();
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(menu()).toBeNull();
  });

  it('is usable from the keyboard, skipping disabled items, and gives focus back', () => {
    renderTabs();
    const trigger = screen.getByTestId('home');
    trigger.focus();
    openOn('home');
    expect(document.activeElement).toBe(item('Refresh'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Close others'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Close all'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('asks for the password before an item that requires it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    renderTabs();
    openOn('users');
    fireEvent.click(item('Close all'));
    expect(await screen.findByText('身份验证')).toBeTruthy();
    expect(selected).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('password-check-cancel'));
    await waitFor(() => expect(screen.queryByTestId('password-check-input')).toBeNull());
    expect(selected).not.toHaveBeenCalled();

    openOn('users');
    fireEvent.click(item('Close all'));
    fireEvent.change(await screen.findByTestId('password-check-input'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    await waitFor(() => expect(selected).toHaveBeenCalledWith('closeAll', { path: '/users', pinned: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('nextIndex', () => {
  it('wraps around and skips disabled items', () => {
    const disabled = [false, true, false, false];
    expect(nextIndex('ArrowDown', 0, disabled)).toBe(2);
    expect(nextIndex('ArrowDown', 3, disabled)).toBe(0);
    expect(nextIndex('ArrowUp', 0, disabled)).toBe(3);
    expect(nextIndex('End', 0, disabled)).toBe(3);
    expect(nextIndex('Home', 3, disabled)).toBe(0);
    expect(nextIndex('x', 0, disabled)).toBeNull();
    expect(nextIndex('ArrowDown', -1, [true, true])).toBeNull();
  });
});
