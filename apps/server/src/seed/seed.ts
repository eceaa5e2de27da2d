import { randomBytes } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_POLICY_KEYS, type Locale } from '@sl/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { configs, departments, roleMenus, roles, userRoles, users } from '../db/schema/index.js';
import { PasswordHashService } from '../auth/password-hash-service.js';
import { seedMenus, subtreeNames } from './seed-menus.js';
import { seedDictionaries } from './seed-dictionaries.js';
import { seedRoleButtons } from './seed-role-buttons.js';
import { DEMO_REPAIRERS, seedDemoRepairers } from './seed-demo-repairers.js';
import { ORGANISATION_TEXTS } from './seed-texts.js';

export const DEMO_ADMIN_PASSWORD = '123456';
/** The accounts a demo-mode first start creates with DEMO_ADMIN_PASSWORD. */
export const DEMO_ACCOUNTS = ['admin', 'operator', 'visitor', ...DEMO_REPAIRERS.map((r) => r.username)] as const;
/** The demo maintenance user's phone; with the default SMS provider its texts go only to the SMS log. */
export const DEMO_REPAIRER_PHONE = DEMO_REPAIRERS[0].phone;
/** Keeps instances that start together on one PostgreSQL server from seeding twice. */
const SEED_LOCK = 7_425_002;

export interface SeedResult {
  /** Set on the first start only: the administrator's initial password and where it came from. */
  admin?: { username: string; password: string; source: 'ADMIN_PASSWORD' | 'demo' | 'generated' };
}

/** The seeded tree; names in the installation's language (SEED_LANGUAGE). */
const departmentRows = (locale: Locale) => {
  const name = ORGANISATION_TEXTS[locale].departments;
  return [
    { deptId: 1, parentId: 0, deptPath: '/0/1', deptName: name[1], sort: 0, leader: 'admin' },
    { deptId: 2, parentId: 1, deptPath: '/0/1/2', deptName: name[2], sort: 10, leader: '' },
    { deptId: 3, parentId: 1, deptPath: '/0/1/3', deptName: name[3], sort: 20, leader: '' },
    { deptId: 4, parentId: 1, deptPath: '/0/1/4', deptName: name[4], sort: 30, leader: '' },
    { deptId: 5, parentId: 2, deptPath: '/0/1/2/5', deptName: name[5], sort: 10, leader: '' },
  ];
};

const configRows = (locale: Locale) => {
  const name = ORGANISATION_TEXTS[locale].configs;
  return [
    { configName: name['sys.app.name'], configKey: 'sys.app.name', configValue: '路灯监控管理系统', configType: 'Y', isFrontend: '1' },
    { configName: name['sys.app.name.en'], configKey: 'sys.app.name.en', configValue: 'Street Light Monitoring System', configType: 'Y', isFrontend: '1' },
    { configName: name['sys.index.pageSize'], configKey: 'sys.index.pageSize', configValue: '20', configType: 'Y', isFrontend: '1' },
  ];
};

/** The password policy's settings (built in: they can be changed, not deleted); added to older databases at start. */
const passwordPolicyRows = (locale: Locale) =>
  (Object.keys(PASSWORD_POLICY_KEYS) as Array<keyof typeof PASSWORD_POLICY_KEYS>).map((k) => {
    const [configName, remark] = ORGANISATION_TEXTS[locale].passwordPolicy[k];
    return { configName, configKey: PASSWORD_POLICY_KEYS[k], configValue: String(DEFAULT_PASSWORD_POLICY[k]), remark, configType: 'Y', isFrontend: '0' };
  });

/** Brings the menu and dictionaries up to date on every start; creates the organisation and administrator on the first. */
export async function seedDatabase(db: Db, config: Config): Promise<SeedResult> {
  const locale = config.SEED_LANGUAGE;
  const text = ORGANISATION_TEXTS[locale];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const menuIds = await seedMenus(tx as unknown as Db);
    await seedDictionaries(tx as unknown as Db);
    const [{ users: existing }] = await tx.select({ users: count() }).from(users);
    if (existing > 0) {
      await addMissingConfigs(tx as unknown as Db, passwordPolicyRows(locale));
      await seedRoleButtons(tx as unknown as Db);
      if (config.DEMO) await seedDemoRepairers(tx as unknown as Db, () => new PasswordHashService(config.PASSWORD_HASH_COST).hash(DEMO_ADMIN_PASSWORD), locale);
      return {};
    }

    await tx.insert(departments).values(departmentRows(locale));
    await tx.execute(`select setval(pg_get_serial_sequence('sys_dept', 'dept_id'), (select max(dept_id) from sys_dept))`);
    await tx.insert(configs).values([...configRows(locale), ...passwordPolicyRows(locale)]);
    const [adminRole] = await tx
      .insert(roles)
      .values({ roleName: text.roles.admin[0], roleKey: 'admin', roleSort: 1, dataScope: '1', admin: true, remark: text.roles.admin[1] })
      .returning();

    const password = config.ADMIN_PASSWORD ?? (config.DEMO ? DEMO_ADMIN_PASSWORD : randomBytes(9).toString('base64url'));
    const source = config.ADMIN_PASSWORD ? 'ADMIN_PASSWORD' : config.DEMO ? 'demo' : 'generated';
    const hashes = new PasswordHashService(config.PASSWORD_HASH_COST);
    const [admin] = await tx
      .insert(users)
      .values({ username: 'admin', nickName: text.users.admin[0], passwordHash: await hashes.hash(password), deptId: 1, introduction: text.users.admin[1] })
      .returning();
    await tx.insert(userRoles).values({ userId: admin.userId, roleId: adminRole.roleId });

    if (config.DEMO) await seedDemoAccounts(tx as unknown as Db, menuIds, hashes, locale);
    if (config.DEMO) await seedDemoRepairers(tx as unknown as Db, () => hashes.hash(DEMO_ADMIN_PASSWORD), locale);
    await seedRoleButtons(tx as unknown as Db);
    return { admin: { username: 'admin', password, source } };
  });
}

/** Settings that came with a later version, for a database seeded before it. */
async function addMissingConfigs(db: Db, rows: Array<typeof configs.$inferInsert>) {
  const present = await db.select({ key: configs.configKey }).from(configs).where(inArray(configs.configKey, rows.map((r) => r.configKey)));
  const missing = rows.filter((r) => !present.some((p) => p.key === r.configKey));
  if (missing.length) await db.insert(configs).values(missing).onConflictDoNothing({ target: configs.configKey });
}

/** The demo's accounts share DEMO_ADMIN_PASSWORD, which the password policy refuses: the seed writes it, in demo mode only. */
async function seedDemoAccounts(db: Db, menuIds: Map<string, number>, hashes: PasswordHashService, locale: Locale) {
  const text = ORGANISATION_TEXTS[locale];
  const grant = (names: string[]) => names.map((n) => menuIds.get(n)).filter((id): id is number => id !== undefined);
  const [operator, visitor, repairer] = await db
    .insert(roles)
    .values([
      { roleName: text.roles.editor[0], roleKey: 'editor', roleSort: 2, dataScope: '4', remark: text.roles.editor[1] },
      { roleName: text.roles.visitor[0], roleKey: 'visitor', roleSort: 3, dataScope: '5', remark: text.roles.visitor[1] },
      { roleName: text.roles.repairer[0], roleKey: 'repairer', roleSort: 4, dataScope: '4', remark: text.roles.repairer[1] },
    ])
    .returning();
  const operatorMenus = grant(subtreeNames(['Dashboard', 'Terminal', 'Alarm', 'Notice']));
  const visitorMenus = grant(['Dashboard']);
  const repairerMenus = grant(['Dashboard', 'Alarm', 'AlarmList', 'AlarmListQuery', 'Dispatch', 'WorkOrder', 'WorkOrderQuery']);
  await db.insert(roleMenus).values([
    ...operatorMenus.map((menuId) => ({ roleId: operator.roleId, menuId })),
    ...visitorMenus.map((menuId) => ({ roleId: visitor.roleId, menuId })),
    ...repairerMenus.map((menuId) => ({ roleId: repairer.roleId, menuId })),
  ]);
  const hash = await hashes.hash(DEMO_ADMIN_PASSWORD);
  // The repairers (one with a phone in every department) are seedDemoRepairers'.
  const [op, vis] = await db
    .insert(users)
    .values([
      { username: 'operator', nickName: text.users.operator, passwordHash: hash, deptId: 2 },
      { username: 'visitor', nickName: text.users.visitor, passwordHash: hash, deptId: 4 },
    ])
    .returning();
  await db.insert(userRoles).values([
    { userId: op.userId, roleId: operator.roleId },
    { userId: vis.userId, roleId: visitor.roleId },
  ]);
}
