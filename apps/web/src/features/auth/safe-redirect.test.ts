import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@sl/contracts';
import { homeAfterLogin, safeRedirect } from './safe-redirect';

const node = (menuId: number, menuName: string, path: string, component: string, menuType: MenuNode['menuType'], children?: MenuNode[]): MenuNode =>
  ({ menuId, parentId: 0, menuName, title: menuName, icon: '', path, component, menuType, permission: '', sort: menuId, visible: '0', children });
/** The seeded repairer's menu: the map, the alarm list and the work orders. */
const CREW_MENU = [
  node(1, 'Dashboard', '/dashboard', 'dashboard/index', 'C'),
  node(2, 'Alarm', '/bjsz', 'Layout', 'M', [node(3, 'AlarmList', 'list', 'alarm/list/index', 'C')]),
  node(4, 'Dispatch', '/dispatch', 'Layout', 'M', [node(5, 'WorkOrder', 'workorder', 'dispatch/workorder/index', 'C')]),
];

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/system/sysuser?page=2')).toBe('/system/sysuser?page=2');
    expect(safeRedirect('/bjsz/list')).toBe('/bjsz/list');
  });
  it('rejects other origins and odd values', () => {
    for (const bad of ['//evil.com/x', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '', null, undefined, 'relative']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
  it('never goes back to the login page', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
  it('sends the root to the dashboard', () => {
    expect(homeAfterLogin(null)).toBe('/dashboard');
    expect(homeAfterLogin('/profile/index')).toBe('/profile/index');
  });
  it('starts a maintenance person on their work orders, a dispatcher or administrator on the map (issue 28 item 3)', () => {
    const crew = { permissions: ['alarm:alarm:query', 'dispatch:workorder:query'], menus: CREW_MENU };
    expect(homeAfterLogin(null, crew)).toBe('/dispatch/workorder');
    expect(homeAfterLogin('/bjsz/list', crew)).toBe('/bjsz/list');
    expect(homeAfterLogin(null, { ...crew, permissions: [...crew.permissions, 'alarm:alarm:dispatch'] })).toBe('/dashboard');
    expect(homeAfterLogin(null, { permissions: ['*:*:*'], menus: CREW_MENU })).toBe('/dashboard');
    // Without the work order page in the menu (a visitor), the map.
    expect(homeAfterLogin(null, { permissions: ['alarm:alarm:query'], menus: CREW_MENU.slice(0, 2) })).toBe('/dashboard');
  });
});
