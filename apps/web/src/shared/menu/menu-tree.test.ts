// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@sl/contracts';
import { findMenuEntry, flattenMenu, joinMenuPath, menuTitle, pageEntries } from './menu-tree';

const row = (over: Partial<MenuNode>): MenuNode => ({
  menuId: 1, parentId: 0, menuName: 'X', title: 'x', icon: '', path: '', component: '',
  menuType: 'C', permission: '', sort: 0, visible: '0', ...over,
});

const tree: MenuNode[] = [
  row({ menuId: 2, menuName: 'System', title: '系统管理', path: '/system', component: 'Layout', menuType: 'M', sort: 2, children: [
    row({ menuId: 21, menuName: 'SysUser', title: '用户管理', path: 'sysuser', component: 'system/sysuser/index', children: [
      row({ menuId: 211, menuName: 'AddUser', menuType: 'F', permission: 'system:sysuser:add' }),
    ] }),
  ] }),
  row({ menuId: 1, menuName: 'Dashboard', title: '数字地图', path: '/dashboard', component: 'dashboard/index', sort: 1 }),
  row({ menuId: 3, menuName: 'Alarm', title: '告警管理', path: '/bjsz', component: 'Layout', menuType: 'M', sort: 3, children: [
    row({ menuId: 31, menuName: 'AlarmList', title: '告警列表', path: 'list', component: 'alarm/list/index', visible: '1' }),
  ] }),
];

describe('menu tree', () => {
  it('joins relative paths and keeps absolute ones', () => {
    expect(joinMenuPath('/system', 'sysuser')).toBe('/system/sysuser');
    expect(joinMenuPath('/system/', 'sysuser')).toBe('/system/sysuser');
    expect(joinMenuPath('/', '/dashboard')).toBe('/dashboard');
    expect(joinMenuPath('/', 'dashboard')).toBe('/dashboard');
  });

  it('flattens in sort order without buttons', () => {
    expect(flattenMenu(tree).map((e) => e.fullPath)).toEqual(['/dashboard', '/system', '/system/sysuser', '/bjsz', '/bjsz/list']);
  });

  it('lists only pages as routes, hidden ones included', () => {
    expect(pageEntries(tree).map((e) => e.node.component)).toEqual(['dashboard/index', 'system/sysuser/index', 'alarm/list/index']);
  });

  it('finds the trail of a path', () => {
    expect(findMenuEntry(tree, '/bjsz/list/')?.trail.map((n) => n.menuName)).toEqual(['Alarm', 'AlarmList']);
    expect(findMenuEntry(tree, '/nowhere')).toBeUndefined();
  });

  it('translates known menu names and falls back to the title', () => {
    expect(menuTitle({ menuName: 'SysUser', title: '用户管理' })).toBe('用户管理');
    expect(menuTitle({ menuName: 'Unknown', title: '原标题' })).toBe('原标题');
  });

  it('shows a title an administrator edited as typed, in every language', async () => {
    const { changeLocale } = await import('../i18n');
    await changeLocale('en-US');
    expect(menuTitle({ menuName: 'SysUser', title: '用户管理' })).toBe('Users');
    expect(menuTitle({ menuName: 'SysUser', title: '账号管理' })).toBe('账号管理');
    await changeLocale('zh-CN');
    expect(menuTitle({ menuName: 'SysUser', title: '账号管理' })).toBe('账号管理');
  });

  it('translates every seeded menu row (its seeded title is the Chinese label) and names no two pages alike', async () => {
    // The server seeds this catalogue; reading it here keeps the two title lists from drifting apart.
    const { MENU_CATALOGUE } = await import('@sl/contracts');
    const { i18n } = await import('../i18n');
    type Seed = (typeof MENU_CATALOGUE)[number];
    const walk = (rows: Seed[]): Seed[] => rows.flatMap((r) => [r, ...walk(r.children ?? [])]);
    const pages = walk(MENU_CATALOGUE).filter((r) => r.path !== undefined);
    for (const r of pages) expect(i18n.t(`menu.${r.name}`, { lng: 'zh-CN' }), r.name).toBe(r.title);
    for (const lng of ['zh-CN', 'en-US']) {
      const labels = pages.map((r) => i18n.t(`menu.${r.name}`, { lng }));
      expect(labels.filter((l, i) => labels.indexOf(l) !== i), lng).toEqual([]);
    }
  });
});

describe('menuTitle for buttons', () => {
  it('translates the seeded generic buttons and keeps a custom title that only shares the suffix', async () => {
    const { changeLocale } = await import('../i18n');
    await changeLocale('en-US');
    expect(menuTitle(row({ menuName: 'SysUserAdd', title: '新增', menuType: 'F' }))).toBe('Add');
    expect(menuTitle(row({ menuName: 'ReportsAdd', title: '新增报表', menuType: 'F' }))).toBe('新增报表');
    await changeLocale('zh-CN');
    expect(menuTitle(row({ menuName: 'ReportsAdd', title: '新增报表', menuType: 'F' }))).toBe('新增报表');
    expect(menuTitle(row({ menuName: 'SysUserAdd', title: '新增', menuType: 'F' }))).toBe('新增');
  });
});
