import { LAYOUT_COMPONENT, type MenuNode, type menuInput } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.js';
import type { MenuRepository, MenuRow } from './menu-repository.js';
import { buildMenuTree, toMenuNode } from './menu-tree.js';

type MenuValues = z.output<typeof menuInput>;

export class MenuService {
  constructor(private readonly repo: MenuRepository) {}

  async tree(filter: { title?: string; visible?: string }): Promise<MenuNode[]> {
    const rows = await this.repo.all(filter);
    return filter.title || filter.visible ? rows.map(toMenuNode) : buildMenuTree(rows);
  }

  async get(menuId: number): Promise<MenuNode> {
    return toMenuNode(await this.existing(menuId));
  }

  async create(input: MenuValues): Promise<MenuNode> {
    await this.check(input);
    return toMenuNode(await this.repo.insert(normalise(input)));
  }

  async update(menuId: number, input: MenuValues): Promise<void> {
    await this.existing(menuId);
    await this.check(input, menuId);
    await this.repo.update(menuId, normalise(input));
  }

  async remove(menuId: number): Promise<void> {
    await this.existing(menuId);
    const children = await this.repo.childCount(menuId);
    if (children > 0) throw badRequest(`The menu has ${children} child item(s); delete them first`);
    await this.repo.delete(menuId);
  }

  private async existing(menuId: number): Promise<MenuRow> {
    const row = await this.repo.findById(menuId);
    if (!row) throw notFound(`Menu ${menuId} does not exist`);
    return row;
  }

  private async check(input: MenuValues, selfId?: number): Promise<void> {
    const same = await this.repo.findByName(input.menuName);
    if (same && same.menuId !== selfId) throw badRequest(`The menu name "${input.menuName}" is already in use`);
    if (!input.parentId) return;
    if (input.parentId === selfId) throw badRequest('A menu cannot be its own parent');
    const parent = await this.repo.findById(input.parentId);
    if (!parent) throw badRequest(`Parent menu ${input.parentId} does not exist`);
    if (parent.menuType === 'F') throw badRequest('A button cannot hold other menu items');
  }
}

const normalise = (m: MenuValues) => ({ ...m, component: m.menuType === 'M' ? LAYOUT_COMPONENT : m.menuType === 'F' ? '' : m.component });
