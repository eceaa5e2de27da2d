import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@sl/contracts';
import { homePage } from './home-page';

const node = (menuId: number, menuName: string, path: string, component: string, menuType: MenuNode['menuType'], children?: MenuNode[]): MenuNode =>
  ({ menuId, parentId: 0, menuName, title: menuName, icon: '', path, component, menuType, permission: '', sort: menuId, visible: '0', children });
/** The seeded repairer's menu: the map, the alarm list and the work orders. */
const CREW_MENU = [
  node(1, 'Dashboard', '/dashboard', 'dashboard/index', 'C'),
  node(2, 'Alarm', '/bjsz', 'Layout', 'M', [node(3, 'AlarmList', 'list', 'alarm/list/index', 'C')]),
  node(4, 'Dispatch', '/dispatch', 'Layout', 'M', [node(5, 'WorkOrder', 'workorder', 'dispatch/workorder/index', 'C')]),
];
const crew = { permissions: ['alarm:alarm:query', 'dispatch:workorder:query'], menus: CREW_MENU };

/** Issue 28 item 3: the repairer's phone lands on their work orders, not the map. */
describe("the console's first page", () => {
  it('is the work order page for a maintenance person', () => {
    expect(homePage(crew)).toBe('/dispatch/workorder');
  });

  it('is the map for a dispatcher, an administrator, and anyone without the work order page', () => {
    expect(homePage({ ...crew, permissions: [...crew.permissions, 'alarm:alarm:dispatch'] })).toBe('/dashboard');
    expect(homePage({ permissions: ['*:*:*'], menus: CREW_MENU })).toBe('/dashboard');
    expect(homePage({ permissions: ['alarm:alarm:query'], menus: CREW_MENU.slice(0, 2) })).toBe('/dashboard');
    expect(homePage({ permissions: [], menus: [] })).toBe('/dashboard');
  });
});
