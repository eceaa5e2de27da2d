import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation, useRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '@sl/contracts';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useSettings } from '../../../shared/stores/settings-store';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { useTabs } from './tabs-store';
import { useTabSync } from './use-tab-sync';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();
  return <button data-name={name} data-path={pathname} onClick={() => setCount(count + 1)}>{count}</button>;
}

/** Like the menu routes: one splat route that matches pages with useRoutes. */
const MenuPages = () => useRoutes([{ path: '/dashboard', element: <Counter name="dash" /> }, { path: '/a', element: <Counter name="a" /> }]);

function Layout() {
  useTabSync();
  return <KeepAliveOutlet />;
}

const page: MenuNode = { menuId: 1, parentId: 0, menuName: 'A', title: 'A', icon: '', path: '/a', component: 'a/index', menuType: 'C', permission: '', sort: 0, visible: '0' };

describe('KeepAliveOutlet', () => {
  let root: Root;
  let host: HTMLDivElement;
  let router: ReturnType<typeof createMemoryRouter>;
  const button = (name: string) => host.querySelector<HTMLButtonElement>(`[data-name="${name}"]`);
  const go = (path: string) => act(() => router.navigate(path));
  const click = (name: string) => act(() => button(name)!.click());

  beforeEach(async () => {
    useSessionStore.setState({ menus: [page] });
    useTabs.getState().resetFor(null);
    useSettings.getState().update({ tagsView: true });
    router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: '/profile/index', element: <Counter name="profile" /> }, { path: '*', element: <MenuPages /> }] }],
      { initialEntries: ['/dashboard'] },
    );
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    await act(() => root.render(<RouterProvider router={router} />));
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('keeps a hidden tab mounted with its state and its own location', async () => {
    await click('dash');
    await click('dash');
    await go('/a');
    expect(button('dash')?.textContent).toBe('2');
    expect(button('dash')?.dataset.path).toBe('/dashboard');
    expect(button('dash')?.style.display).toBe('none');
    await go('/dashboard');
    expect(button('dash')?.textContent).toBe('2');
    expect(button('dash')?.style.display).toBe('');
  });

  it('does not keep the personal centre', async () => {
    await go('/profile/index');
    await click('profile');
    await go('/a');
    expect(button('profile')).toBeNull();
    await go('/profile/index');
    expect(button('profile')?.textContent).toBe('0');
  });

  it('mounts a refreshed tab afresh and drops a closed one', async () => {
    await click('dash');
    await go('/a');
    await click('a');
    await act(() => useTabs.getState().refresh('/dashboard'));
    expect(button('dash')).toBeNull();
    await go('/dashboard');
    expect(button('dash')?.textContent).toBe('0');
    await act(() => void useTabs.getState().close('/a'));
    expect(button('a')).toBeNull();
  });

  it('keeps nothing while the tab bar is switched off', async () => {
    await act(() => useSettings.getState().update({ tagsView: false }));
    await click('dash');
    await go('/a');
    expect(button('dash')).toBeNull();
    await go('/dashboard');
    expect(button('dash')?.textContent).toBe('0');
  });
});
