import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, roles, userRoles, users } from '../db/schema/index.js';
import type { Bilingual } from './seed-texts.js';

/**
 * One maintenance user with a phone in every department of the demo's tree, so an alarm of any demo terminal can be
 * dispatched (the assignee must have a phone in the alarm's department or a parent) and the text reaches that phone.
 * `repairer` is the demo account named at sign-in; the others share its password.
 */
export const DEMO_REPAIRERS = [
  { username: 'repairer', deptId: 2, phone: '13800138000' },
  { username: 'repairer1', deptId: 1, phone: '13800138010' },
  { username: 'repairer3', deptId: 3, phone: '13800138030' },
  { username: 'repairer4', deptId: 4, phone: '13800138040' },
  { username: 'repairer5', deptId: 5, phone: '13800138050' },
] as const;

const NICK_NAMES: Bilingual<Record<(typeof DEMO_REPAIRERS)[number]['username'], string>> = {
  'zh-CN': { repairer: '演示维修员', repairer1: '中心维修员', repairer3: '运维二部维修员', repairer4: '监控中心维修员', repairer5: '城东班组维修员' },
  'en-US': { repairer: 'Demo repairer', repairer1: 'Centre repairer', repairer3: 'Operations Two repairer', repairer4: 'Monitoring Centre repairer', repairer5: 'East District Team repairer' },
};

/**
 * Demo mode, every start: adds the demo repairers that are missing (by user name) with the seeded `repairer` role,
 * so installations seeded before them get them too. Left alone: the users that exist, departments that are gone,
 * and everything when an administrator removed the repairer role. Returns how many were added.
 */
export async function seedDemoRepairers(db: Db, passwordHash: () => Promise<string>, locale: Locale = DEFAULT_LOCALE): Promise<number> {
  const [role] = await db.select({ roleId: roles.roleId }).from(roles).where(eq(roles.roleKey, 'repairer'));
  if (!role) return 0;
  const present = new Set((await db.select({ name: users.username }).from(users).where(inArray(users.username, DEMO_REPAIRERS.map((r) => r.username)))).map((r) => r.name));
  const depts = new Set((await db.select({ id: departments.deptId }).from(departments).where(inArray(departments.deptId, DEMO_REPAIRERS.map((r) => r.deptId)))).map((r) => r.id));
  const missing = DEMO_REPAIRERS.filter((r) => !present.has(r.username) && depts.has(r.deptId));
  if (missing.length === 0) return 0;
  const hash = await passwordHash();
  const added = await db
    .insert(users)
    .values(missing.map((r) => ({ ...r, nickName: NICK_NAMES[locale][r.username], passwordHash: hash })))
    .onConflictDoNothing({ target: users.username })
    .returning({ userId: users.userId });
  if (added.length) await db.insert(userRoles).values(added.map(({ userId }) => ({ userId, roleId: role.roleId })));
  return added.length;
}
