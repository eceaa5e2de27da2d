import { eq } from 'drizzle-orm';
import { LAYOUT_COMPONENT } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { menus } from '../db/schema/index.js';
import { MENU_CATALOGUE, type MenuSeed } from './menu-catalogue.js';

const menuType = (m: MenuSeed) => (m.component ? 'C' : m.path ? 'M' : 'F');

/** Adds the catalogue's menus that are missing (matched by name), so upgrades bring new pages. Returns name → id. */
export async function seedMenus(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const walk = async (items: MenuSeed[], parentId: number) => {
    for (const [index, m] of items.entries()) {
      const type = menuType(m);
      await db
        .insert(menus)
        .values({
          parentId,
          menuName: m.name,
          title: m.title,
          icon: m.icon ?? '',
          path: m.path ?? '',
          component: type === 'M' ? LAYOUT_COMPONENT : (m.component ?? ''),
          menuType: type,
          permission: m.permission ?? '',
          sort: (index + 1) * 10,
          visible: m.visible ?? '0',
        })
        .onConflictDoNothing({ target: menus.menuName });
      const [row] = await db.select({ id: menus.menuId }).from(menus).where(eq(menus.menuName, m.name));
      ids.set(m.name, row.id);
      if (m.children) await walk(m.children, row.id);
    }
  };
  await walk(MENU_CATALOGUE, 0);
  return ids;
}

/** Names of a catalogue entry and everything below it. */
export function subtreeNames(rootNames: string[]): string[] {
  const out: string[] = [];
  const visit = (m: MenuSeed, inside: boolean) => {
    const take = inside || rootNames.includes(m.name);
    if (take) out.push(m.name);
    m.children?.forEach((c) => visit(c, take));
  };
  MENU_CATALOGUE.forEach((m) => visit(m, false));
  return out;
}
