import '../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode, UserInfo } from '@sl/contracts';
import { useAppStore } from '../../shared/stores/app-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { Sidebar } from './sidebar';

const row = (over: Partial<MenuNode>): MenuNode => ({
  menuId: 1, parentId: 0, menuName: 'X', title: 'x', icon: '', path: '', component: '', menuType: 'C', permission: '', sort: 0, visible: '0', ...over,
});
const MENUS = [row({ menuId: 1, menuName: 'Dashboard', title: '数字地图', path: '/dashboard', component: 'dashboard/index' }), row({ menuId: 2, menuName: 'Alarms', title: '告警列表', path: '/bjsz/list', component: 'alarm/list/index', sort: 1 })];

/** Spec §4, issue 28 item 11: the sidebar closes with or without animation; navigation on a phone closes it at once. */
describe('closing the phone sidebar', () => {
  beforeEach(() => {
    useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, MENUS);
    act(() => useAppStore.getState().setDevice('mobile'));
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().reset();
    useAppStore.getState().setDevice('desktop');
  });

  const renderSidebar = () => render(<QueryClientProvider client={new QueryClient()}><MemoryRouter initialEntries={['/dashboard']}><Sidebar /></MemoryRouter></QueryClientProvider>);
  const openDrawer = () => act(() => useAppStore.getState().toggleSidebar());

  it('removes the drawer at once when a menu item is chosen', () => {
    renderSidebar();
    openDrawer();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    fireEvent.click(screen.getByText('告警列表'));
    expect(useAppStore.getState().closedWithoutAnimation).toBe(true);
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(document.querySelector('.ant-drawer')).toBeNull();
  });

  it('lets the drawer slide away when closed otherwise, and opens it again after an instant close', () => {
    renderSidebar();
    openDrawer();
    act(() => useAppStore.getState().closeSidebar());
    expect(useAppStore.getState().closedWithoutAnimation).toBe(false);
    expect(document.querySelector('.ant-drawer')).not.toBeNull();
    openDrawer();
    act(() => useAppStore.getState().closeSidebar({ withoutAnimation: true }));
    expect(document.querySelector('.ant-drawer')).toBeNull();
    openDrawer();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
  });
});
