import { boolean, char, integer, pgTable, primaryKey, serial, smallint, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const departments = pgTable('sys_dept', {
  deptId: serial('dept_id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  deptPath: varchar('dept_path', { length: 255 }).notNull().default(''),
  deptName: varchar('dept_name', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  leader: varchar('leader', { length: 64 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  email: varchar('email', { length: 128 }).notNull().default(''),
  status: char('status', { length: 1 }).notNull().default('2'),
  /** IANA zone of its terminals that set none (null: from their position, else the installation's). */
  timeZone: varchar('time_zone', { length: 64 }),
  ...timestamps,
});

export const roles = pgTable('sys_role', {
  roleId: serial('role_id').primaryKey(),
  roleName: varchar('role_name', { length: 64 }).notNull(),
  roleKey: varchar('role_key', { length: 64 }).notNull().unique(),
  roleSort: integer('role_sort').notNull().default(0),
  status: char('status', { length: 1 }).notNull().default('2'),
  dataScope: char('data_scope', { length: 1 }).notNull().default('1'),
  admin: boolean('admin').notNull().default(false),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const menus = pgTable('sys_menu', {
  menuId: serial('menu_id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  menuName: varchar('menu_name', { length: 64 }).notNull().unique(),
  title: varchar('title', { length: 64 }).notNull(),
  icon: varchar('icon', { length: 64 }).notNull().default(''),
  path: varchar('path', { length: 128 }).notNull().default(''),
  component: varchar('component', { length: 128 }).notNull().default(''),
  menuType: char('menu_type', { length: 1 }).notNull(),
  permission: varchar('permission', { length: 128 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  visible: char('visible', { length: 1 }).notNull().default('0'),
  ...timestamps,
});

export const roleMenus = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id').notNull().references(() => roles.roleId, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull().references(() => menus.menuId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleDepts = pgTable(
  'sys_role_dept',
  {
    roleId: integer('role_id').notNull().references(() => roles.roleId, { onDelete: 'cascade' }),
    deptId: integer('dept_id').notNull().references(() => departments.deptId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);

export const users = pgTable('sys_user', {
  userId: serial('user_id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  nickName: varchar('nick_name', { length: 64 }).notNull().default(''),
  passwordHash: varchar('password_hash', { length: 128 }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  email: varchar('email', { length: 128 }).notNull().default(''),
  sex: char('sex', { length: 1 }).notNull().default('0'),
  avatar: varchar('avatar', { length: 255 }).notNull().default(''),
  introduction: varchar('introduction', { length: 255 }).notNull().default(''),
  deptId: integer('dept_id').references(() => departments.deptId),
  status: char('status', { length: 1 }).notNull().default('2'),
  uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
  /** Carried by every token; raised by a password change or reset and by disabling, which ends all of the user's sessions. */
  tokenVersion: integer('token_version').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.roleId, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const configs = pgTable('sys_config', {
  configId: serial('config_id').primaryKey(),
  configName: varchar('config_name', { length: 128 }).notNull(),
  configKey: varchar('config_key', { length: 128 }).notNull().unique(),
  configValue: varchar('config_value', { length: 1024 }).notNull().default(''),
  configType: char('config_type', { length: 1 }).notNull().default('N'),
  isFrontend: char('is_frontend', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const enterprises = pgTable('sys_enterprise', {
  enterpriseId: serial('enterprise_id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  contact: varchar('contact', { length: 64 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  region: varchar('region', { length: 128 }).notNull().default(''),
  status: char('status', { length: 1 }).notNull().default('2'),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const dictTypes = pgTable('sys_dict_type', {
  dictId: serial('dict_id').primaryKey(),
  dictName: varchar('dict_name', { length: 128 }).notNull(),
  dictType: varchar('dict_type', { length: 128 }).notNull().unique(),
  status: char('status', { length: 1 }).notNull().default('2'),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...timestamps,
});

export const dictData = pgTable(
  'sys_dict_data',
  {
    dictCode: serial('dict_code').primaryKey(),
    dictType: varchar('dict_type', { length: 128 }).notNull().references(() => dictTypes.dictType, { onDelete: 'cascade', onUpdate: 'cascade' }),
    dictLabel: varchar('dict_label', { length: 128 }).notNull(),
    dictLabelEn: varchar('dict_label_en', { length: 128 }).notNull().default(''),
    dictValue: varchar('dict_value', { length: 128 }).notNull(),
    dictSort: integer('dict_sort').notNull().default(0),
    listClass: varchar('list_class', { length: 32 }).notNull().default('default'),
    isDefault: char('is_default', { length: 1 }).notNull().default('N'),
    status: char('status', { length: 1 }).notNull().default('2'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [unique('sys_dict_data_type_value').on(t.dictType, t.dictValue)],
);

/** Links a messaging-app identity (open id) to a console user after the first QR sign-in. */
export const userOauth = pgTable('sys_user_oauth', {
  openId: varchar('open_id', { length: 128 }).primaryKey(),
  provider: varchar('provider', { length: 32 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  ...timestamps,
});

/**
 * The one row naming this installation: its id prefixes every Redis channel and key (system/installation), so
 * deployments sharing a Redis server stay apart. Written at its first use, not by a migration, so databases
 * cloned from one migrated template each get their own; a copy of a used database keeps it (docs/scale-out.md).
 */
export const installation = pgTable('sys_installation', {
  one: smallint('one').primaryKey().default(1),
  installationId: varchar('installation_id', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
