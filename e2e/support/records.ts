import type { Page } from 'playwright-core';
import { encryptPassword } from '../../apps/web/src/shared/crypto/encrypt-password.js';
import { api } from './browser.js';

interface MenuRow {
  menuId: number;
  menuName: string;
  children?: MenuRow[];
}

const flatten = (rows: MenuRow[]): MenuRow[] => rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);

/** The ids of the named menus and everything beneath them, or (`exact`) of the named menus alone. */
export async function menuSubtreeIds(page: Page, names: string[], exact = false): Promise<number[]> {
  const tree = (await api<MenuRow[]>(page, 'GET', '/api/v1/menu')).data;
  return flatten(tree).filter((m) => names.includes(m.menuName)).flatMap((m) => (exact ? [m.menuId] : flatten([m]).map((x) => x.menuId)));
}

/** Creates, as the signed-in administrator, a role limited to its own department with the named menus, and a user of it in `deptId`. */
export async function createScopedUser(page: Page, opts: { username: string; password: string; deptId: number; menus: string[]; exact?: boolean }): Promise<void> {
  const menuIds = await menuSubtreeIds(page, opts.menus, opts.exact);
  const role = await api<{ roleId: number }>(page, 'POST', '/api/v1/addRole', { roleName: `${opts.username} role`, roleKey: `${opts.username}_role`, roleSort: 9, status: '2', menuIds });
  if (role.code !== 200) throw new Error(`role: ${role.msg}`);
  const scope = await api(page, 'PUT', '/api/v1/roledatascope', { roleId: role.data.roleId, dataScope: '3', deptIds: [opts.deptId] });
  if (scope.code !== 200) throw new Error(`data scope: ${scope.msg}`);
  const key = (await api<{ passwordKey: string }>(page, 'GET', '/api/v1/app-config')).data.passwordKey;
  const user = await api(page, 'POST', '/api/v1/sysUser', {
    username: opts.username, nickName: opts.username, password: encryptPassword(opts.password, key), deptId: opts.deptId, roleIds: [role.data.roleId],
  });
  if (user.code !== 200) throw new Error(`user: ${user.msg}`);
}

/** Types into an antd search Select and picks the first option holding the text. */
export async function searchPick(page: Page, testId: string, keyword: string, optionText = keyword) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(keyword);
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.locator('.ant-select-item-option', { hasText: optionText }).first().click();
}
