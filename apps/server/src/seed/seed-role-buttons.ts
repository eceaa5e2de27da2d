import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus, roleMenus, roles } from '../db/schema/index.js';

/**
 * Buttons the seeded demo roles need beyond their menus' own: every form's save button needs the spec's
 * `btn:save` (SaveButton), and each of these roles saves at least its own profile, the operator its pages' forms too.
 */
export const SEEDED_ROLE_BUTTONS: Record<string, string[]> = {
  editor: ['SaveButton'],
  visitor: ['SaveButton'],
  // A repairer scans a pole on site and reads its lamp record (the phone view, docs/assets.md).
  repairer: ['SaveButton', 'Asset', 'LampAsset', 'LampAssetQuery'],
};

/**
 * Grants the seeded roles (by role key) the buttons above when they lack them; runs at every start, so installations
 * seeded before the grant get it too. Roles an administrator created are never touched.
 */
export async function seedRoleButtons(db: Db): Promise<number> {
  const keys = Object.keys(SEEDED_ROLE_BUTTONS);
  const seeded = await db.select({ roleId: roles.roleId, roleKey: roles.roleKey }).from(roles).where(inArray(roles.roleKey, keys));
  if (seeded.length === 0) return 0;
  const buttons = new Map(
    (await db.select({ id: menus.menuId, name: menus.menuName }).from(menus).where(inArray(menus.menuName, [...new Set(Object.values(SEEDED_ROLE_BUTTONS).flat())]))).map((m) => [m.name, m.id]),
  );
  const rows = seeded.flatMap(({ roleId, roleKey }) =>
    SEEDED_ROLE_BUTTONS[roleKey].flatMap((name) => (buttons.has(name) ? [{ roleId, menuId: buttons.get(name)! }] : [])),
  );
  if (rows.length === 0) return 0;
  const added = await db.insert(roleMenus).values(rows).onConflictDoNothing().returning({ roleId: roleMenus.roleId });
  return added.length;
}

