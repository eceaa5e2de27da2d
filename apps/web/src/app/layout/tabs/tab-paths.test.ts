// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { routeTrail } from '../use-route-trail';
import { isKeptPath, isTabPath, tabTitle } from './tab-paths';

const row = (over: Partial<MenuNode>): MenuNode => ({
  menuId: 1, parentId: 0, menuName: 'X', title: 'x', icon: '', path: '', component: '',
  menuType: 'C', permission: '', sort: 0, visible: '0', ...over,
});

const withList: MenuNode[] = [
  row({ menuId: 4, menuName: 'Terminal', title: '终端管理', path: '/terminal', component: 'Layout', menuType: 'M', children: [
    row({ menuId: 41, menuName: 'TerminalList', title: '终端列表', path: 'list', component: 'terminal/list/index' }),
  ] }),
];
const withoutList: MenuNode[] = [row({ menuId: 1, menuName: 'Dashboard', title: '数字地图', path: '/dashboard', component: 'dashboard/index' })];

/** Issue 28 item 15: the terminal detail gets a tab and a breadcrumb like every page. */
describe('the terminal detail as a page', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));

  it('has a tab, kept alive, titled with the terminal, for whoever may open the list', () => {
    expect(isTabPath('/terminal/detail/12', withList)).toBe(true);
    expect(isKeptPath('/terminal/detail/12', withList)).toBe(true);
    expect(tabTitle('/terminal/detail/12', withList, i18n.t)).toBe('终端详情 12');
    expect(isTabPath('/terminal/detail/12', withoutList)).toBe(false);
    expect(isTabPath('/terminal/detail/x', withList)).toBe(false);
  });

  it('sits under the terminal list in the breadcrumb, in both languages', async () => {
    expect(routeTrail('/terminal/detail/12', withList, i18n.t)).toEqual([
      { title: '终端管理', path: undefined }, { title: '终端列表', path: '/terminal/list' }, { title: '终端详情 12' },
    ]);
    await i18n.changeLanguage('en-US');
    expect(routeTrail('/terminal/detail/7', withList, i18n.t).at(-1)).toEqual({ title: 'Terminal 7' });
    expect(routeTrail('/terminal/detail/7', withoutList, i18n.t)).toEqual([]);
  });
});

const withRegister: MenuNode[] = [
  row({ menuId: 9, menuName: 'Asset', title: '灯具资产', path: '/asset', component: 'Layout', menuType: 'M', children: [
    row({ menuId: 91, menuName: 'LampAsset', title: '灯具档案', path: 'lamp', component: 'asset/lamp/index' }),
  ] }),
];

/** Issue 30: the phone view of a pole (the scanner, or a pole opened by its code) is a page with a tab under the register. */
describe('the pole phone view as a page', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));

  it('has a tab titled with the pole under the lamp register, in both languages, for whoever may open the register', async () => {
    expect(isTabPath('/asset/pole', withRegister)).toBe(true);
    expect(isTabPath('/asset/pole/P-0008', withRegister)).toBe(true);
    expect(isTabPath('/asset/pole/P-0008', withList)).toBe(false);
    expect(isTabPath('/asset/pole/P-0008/x', withRegister)).toBe(false);
    expect(routeTrail('/asset/pole/P-0008', withRegister, i18n.t)).toEqual([
      { title: '灯具资产', path: undefined }, { title: '灯具档案', path: '/asset/lamp' }, { title: '灯杆 P-0008' },
    ]);
    expect(tabTitle('/asset/pole', withRegister, i18n.t)).toBe('扫码或输入灯杆编号');
    await i18n.changeLanguage('en-US');
    expect(tabTitle('/asset/pole/A%2001', withRegister, i18n.t)).toBe('Pole A 01');
  });
});
