import { LAYOUT_COMPONENT, type MenuNode, type menuInput } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Delegation } from '../access/delegation.js';
import type { Principal } from '../access/principal.js';
import type { MenuRepository, MenuRow } from './menu-repository.js';
import { buildMenuTree, toMenuNode } from './menu-tree.js';

type MenuValues = z.output<typeof menuInput>;

export class MenuService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly delegation: Delegation,
  ) {}

  async tree(filter: { title?: string; visible?: string }): Promise<MenuNode[]> {
    const rows = await this.repo.all(filter);
    return filter.title || filter.visible ? rows.map(toMenuNode) : buildMenuTree(rows);
  }

  async get(menuId: number): Promise<MenuNode> {
    return toMenuNode(await this.existing(menuId));
  }

  async create(p: Principal, input: MenuValues): Promise<MenuNode> {
    await this.delegation.assertMayWriteMenu(p, { permission: input.permission });
    await this.check(input);
    return toMenuNode(await this.repo.insert(normalise(input)));
  }

  async update(p: Principal, menuId: number, input: MenuValues): Promise<void> {
    const current = await this.existing(menuId);
    await this.delegation.assertMayWriteMenu(p, { menuId, before: current.permission, permission: input.permission });
    await this.check(input, menuId);
    await this.repo.update(menuId, normalise(input));
  }

  async remove(menuId: number): Promise<void> {
    await this.existing(menuId);
    const children = await this.repo.childCount(menuId);
    if (children > 0) throw badRequest(text('system.menuHasChildren', { n: children }));
    await this.repo.delete(menuId);
  }

  private async existing(menuId: number): Promise<MenuRow> {
    const row = await this.repo.findById(menuId);
    if (!row) throw notFound(text('system.menuNotFound', { id: menuId }));
    return row;
  }

  private async check(input: MenuValues, selfId?: number): Promise<void> {
    const same = await this.repo.findByName(input.menuName);
    if (same && same.menuId !== selfId) throw badRequest(text('system.menuNameTaken', { name: input.menuName }));
    if (!input.parentId) return;
    if (input.parentId === selfId) throw badRequest(text('system.menuOwnParent'));
    const parent = await this.repo.findById(input.parentId);
    if (!parent) throw badRequest(text('system.menuParentNotFound', { id: input.parentId }));
    if (parent.menuType === 'F') throw badRequest(text('system.menuButtonParent'));
  }
}

const normalise = (m: MenuValues) => ({ ...m, component: m.menuType === 'M' ? LAYOUT_COMPONENT : m.menuType === 'F' ? '' : m.component });
