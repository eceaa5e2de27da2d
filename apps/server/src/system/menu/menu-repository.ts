import { asc, eq, inArray, ne } from 'drizzle-orm';
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
}
