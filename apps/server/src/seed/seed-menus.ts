import { LAYOUT_COMPONENT, MENU_CATALOGUE, type MenuSeed } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { menus } from '../db/schema/index.js';

const menuType = (m: MenuSeed) => (m.component ? 'C' : m.path ? 'M' : 'F');

/** Adds the catalogue's menus that are missing (matched by name), so upgrades bring new pages. Returns name → id. */
export async function seedMenus(db: Db): Promise<Map<string, number>> {
  const existing = await db.select({ id: menus.menuId, name: menus.menuName }).from(menus);
  const ids = new Map(existing.map((m) => [m.name, m.id]));
  let level: Array<{ seed: MenuSeed; parentName?: string; index: number }> = MENU_CATALOGUE.map((seed, index) => ({ seed, index }));
  while (level.length > 0) {
    const missing = level.filter(({ seed }) => !ids.has(seed.name));
    if (missing.length > 0) {
      const rows = await db
        .insert(menus)
        .values(missing.map(({ seed, parentName, index }) => toRow(seed, parentName ? ids.get(parentName)! : 0, index)))
        .onConflictDoNothing({ target: menus.menuName })
        .returning({ id: menus.menuId, name: menus.menuName });
      for (const r of rows) ids.set(r.name, r.id);
    }
    level = level.flatMap(({ seed }) => (seed.children ?? []).map((child, index) => ({ seed: child, parentName: seed.name, index })));
  }
  return ids;
}

function toRow(m: MenuSeed, parentId: number, index: number) {
  const type = menuType(m);
  return {
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
  };
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
