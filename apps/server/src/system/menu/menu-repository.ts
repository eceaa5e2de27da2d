import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import { contains } from '../../db/paging.js';
import type { Db } from '../../db/client.js';
import { menus, roleMenus } from '../../db/schema/index.js';

export type MenuRow = typeof menus.$inferSelect;

export class MenuRepository {
  constructor(private readonly db: Db) {}

  /** Folders and pages (no buttons), for every menu or only those granted to the roles. */
  async routableMenus(roleIds: number[] | 'all'): Promise<MenuRow[]> {
    const routable = ne(menus.menuType, 'F');
    if (roleIds === 'all') return this.db.select().from(menus).where(routable).orderBy(asc(menus.sort), asc(menus.menuId));
    if (roleIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ menu: menus })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.menuId, roleMenus.menuId))
      .where(inArray(roleMenus.roleId, roleIds));
    return rows.map((r) => r.menu).filter((m) => m.menuType !== 'F');
  }

  /** Every row, buttons included, for the menu administration page and the role editor's tree. */
  all(filter: { title?: string; visible?: string } = {}): Promise<MenuRow[]> {
    const where = and(filter.title ? ilike(menus.title, contains(filter.title)) : undefined, filter.visible ? eq(menus.visible, filter.visible) : undefined);
    return this.db.select().from(menus).where(where).orderBy(asc(menus.sort), asc(menus.menuId));
  }

  async findById(menuId: number): Promise<MenuRow | undefined> {
    return (await this.db.select().from(menus).where(eq(menus.menuId, menuId)))[0];
  }

  async findByName(menuName: string): Promise<MenuRow | undefined> {
    return (await this.db.select().from(menus).where(eq(menus.menuName, menuName)))[0];
  }

  async insert(values: MenuValues): Promise<MenuRow> {
    return (await this.db.insert(menus).values(values).returning())[0];
  }

  async update(menuId: number, values: MenuValues): Promise<void> {
    await this.db.update(menus).set({ ...values, updatedAt: new Date() }).where(eq(menus.menuId, menuId));
  }

  async childCount(menuId: number): Promise<number> {
    return (await this.db.select({ n: count() }).from(menus).where(eq(menus.parentId, menuId)))[0].n;
  }

  async delete(menuId: number): Promise<void> {
    await this.db.delete(menus).where(eq(menus.menuId, menuId));
  }
}

export type MenuValues = Omit<typeof menus.$inferInsert, 'menuId' | 'createdAt' | 'updatedAt'>;
