import { randomBytes } from 'node:crypto';
import { emailField, formatMessage, phoneField, requiredText, statusField, usernameField, PASSWORD_RULE, type Locale, type MessageKey, type MessageParams } from '@sl/contracts';
import { z } from 'zod';
import { describeValidation } from '../../http/validation-message.js';
import type { Delegation } from '../access/delegation.js';
import type { Principal } from '../access/principal.js';
import type { UserAdminRepository, UserListRow } from './user-admin-repository.js';
import { deptFinder } from './dept-name-paths.js';
import { BUILT_IN_ADMIN, type NewPasswords } from './user-rules.js';
import type { ImportCells } from './user-workbook.js';

export interface ImportRowError {
  row: number;
  messages: string[];
}

/** `imported` counts the rows accepted: the users created, updated and found unchanged. */
export interface ImportResult {
  imported: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportRowError[];
}

export const MAX_IMPORT_ROWS = 5000;

/** The export's status labels, either of their halves, or the codes themselves. */
const STATUS_WORDS: Record<string, '1' | '2'> = { '': '2', 正常: '2', normal: '2', '正常 normal': '2', 停用: '1', disabled: '1', '停用 disabled': '1' };

const rowSchema = z.object({
  username: usernameField,
  nickName: requiredText('nickName', 64),
  password: z.union([z.literal(''), z.string().min(PASSWORD_RULE.min, `password must be at least ${PASSWORD_RULE.min} characters`).max(PASSWORD_RULE.max)]),
  phone: phoneField,
  email: emailField,
  dept: requiredText('dept', 255),
  roles: z.string().transform((s) => [...new Set(s.split(/[,，;；]/).map((r) => r.trim()).filter(Boolean))]).pipe(z.array(z.string()).min(1, 'at least one role is required')),
  status: z.preprocess((v) => (typeof v === 'string' ? (STATUS_WORDS[v.toLowerCase().replace(/\s+/g, ' ')] ?? v) : v), statusField),
});
type RowData = z.output<typeof rowSchema>;

export interface ImportContext {
  repo: UserAdminRepository;
  delegation: Delegation;
  /** The departments the caller sees: rows name them by name or path. */
  depts: Array<{ deptId: number; parentId: number; deptName: string }>;
  passwords: Pick<NewPasswords, 'hashes' | 'policy'>;
  /** Told which accounts changed, as after an edit (the account-state cache). */
  accounts: { forget(userIds: number[]): void };
}

/** What a valid row will do: create a user, or change an existing one (`before`), or nothing. */
interface Plan {
  row: number;
  data: RowData;
  deptId: number;
  roleIds: number[];
  before?: UserListRow;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
const changes = ({ data, deptId, roleIds, before }: Plan & { before: UserListRow }) => {
  const fields = { nickName: data.nickName, phone: data.phone, email: data.email, status: data.status, deptId };
  const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => before[k as keyof typeof fields] !== v));
  const roles = sameSet(roleIds, before.roles.map((r) => r.roleId)) ? undefined : roleIds;
  return { fields: changed as Partial<typeof fields>, roles };
};

/**
 * Validates every row before writing any, then writes all rows in one transaction. A row whose user
 * name exists updates that user (in the caller's scope) with the fields that differ; the others are
 * created, with the row's password or, when it has none (an export has none), an unusable random one
 * that an administrator resets. Refused: repeats in the file, names taken outside the caller's scope,
 * unknown or ambiguous departments and roles, roles the caller may not assign (the delegation rule),
 * and changes to accounts the caller may not manage.
 */
export async function importUsers(ctx: ImportContext, p: Principal, rows: Array<{ row: number; cells: ImportCells }>, locale: Locale): Promise<ImportResult> {
  const { repo, delegation, passwords } = ctx;
  const errors: ImportRowError[] = [];
  const add = (row: number, message: string) => {
    const entry = errors.find((e) => e.row === row) ?? errors[errors.push({ row, messages: [] }) - 1];
    entry.messages.push(message);
  };
  // Each row's problems in the reader's language, as a request body's would be (http/validation-message.ts).
  const say = (key: MessageKey, params?: MessageParams) => formatMessage(key, locale, params);
  const parsed = rows.map(({ row, cells }) => ({ row, result: rowSchema.safeParse(cells) }));
  for (const { row, result } of parsed) {
    if (result.success) continue;
    for (const issue of result.error.issues) {
      add(row, describeValidation('body', [{ instancePath: `/${issue.path.join('/')}`, message: issue.message, keyword: issue.code, params: issue as never }], locale));
    }
  }
  const valid = parsed.flatMap(({ row, result }) => (result.success ? [{ row, data: result.data }] : []));

  const existing = new Map((await repo.findByUsernames(valid.map((v) => v.data.username))).map((u) => [u.username, u]));
  const visible = new Set(await repo.visibleIds(p, [...existing.values()].map((u) => u.userId)));
  const roleRows = await repo.rolesByNamesOrKeys([...new Set(valid.flatMap((v) => v.data.roles))]);
  const findDept = deptFinder(ctx.depts);
  const seen = new Map<string, number>();
  const policy = await passwords.policy.current();
  const plans: Plan[] = [];
  for (const { row, data } of valid) {
    const first = seen.get(data.username);
    if (first !== undefined) add(row, say('system.importUsernameRepeats', { name: data.username, row: first }));
    else seen.set(data.username, row);
    const before = existing.get(data.username);
    if (before && !visible.has(before.userId)) add(row, say('system.usernameTaken', { name: data.username }));
    if (!before && data.password) {
      const weak = await passwords.policy.problem(data.password, data.username, policy);
      if (weak) add(row, say(weak.key, weak.params));
    }
    const dept = findDept(data.dept);
    if ('problem' in dept) add(row, say(dept.problem.key, dept.problem.params));
    const roleIds: number[] = [];
    for (const value of data.roles) {
      const byName = roleRows.filter((r) => r.roleName === value);
      const match = byName.length > 0 ? byName : roleRows.filter((r) => r.roleKey === value);
      if (match.length === 1) roleIds.push(match[0].roleId);
      else if (match.length > 1) add(row, say('system.importRoleAmbiguous', { name: value, n: match.length }));
      else add(row, say('system.importRoleUnknown', { key: value }));
    }
    if ('deptId' in dept && roleIds.length === data.roles.length) plans.push({ row, data, deptId: dept.deptId, roleIds: [...new Set(roleIds)], before });
  }

  const changing = plans.filter((plan) => !plan.before || Object.keys(changes({ ...plan, before: plan.before }).fields).length > 0 || changes({ ...plan, before: plan.before }).roles);
  const problems = await delegation.assignmentProblems(
    p,
    changing.map(({ deptId, roleIds, before }) => ({
      userId: before?.userId,
      deptId,
      roleIds,
      previous: before ? { deptId: before.deptId, roleIds: before.roles.map((r) => r.roleId) } : undefined,
    })),
  );
  changing.forEach(({ row }, i) => {
    const problem = problems[i];
    if (problem) add(row, say(problem.key, problem.params));
  });
  const updates = changing.filter((plan): plan is Plan & { before: UserListRow } => plan.before !== undefined);
  const mayManage = await managed(ctx, p, updates.map((u) => u.before.userId));
  for (const plan of updates) {
    if (!mayManage.has(plan.before.userId)) add(plan.row, say('system.adminAccountLocked'));
    if (plan.data.status === plan.before.status) continue;
    if (plan.before.userId === p.userId) add(plan.row, say('system.ownStatus'));
    else if (plan.before.username === BUILT_IN_ADMIN) add(plan.row, say('system.adminUndisableable'));
  }
  if (errors.length > 0) return { imported: 0, created: 0, updated: 0, unchanged: 0, errors: errors.sort((a, b) => a.row - b.row) };

  const creates = await Promise.all(
    changing
      .filter((plan) => !plan.before)
      .map(async (plan) => ({ plan, passwordHash: await passwords.hashes.hash(plan.data.password || randomBytes(32).toString('base64url')) })),
  );
  await repo.transaction(async (tx) => {
    for (const { plan, passwordHash } of creates) {
      const { data, deptId, roleIds } = plan;
      await tx.insert({ username: data.username, nickName: data.nickName, phone: data.phone, email: data.email, status: data.status, deptId, passwordHash }, roleIds);
    }
    for (const plan of updates) {
      const { fields, roles } = changes(plan);
      if (Object.keys(fields).length > 0) await tx.update(plan.before.userId, fields);
      if (roles) await tx.setRoles(plan.before.userId, roles);
    }
  });
  ctx.accounts.forget(updates.map((u) => u.before.userId));
  return { imported: plans.length, created: creates.length, updated: updates.length, unchanged: plans.length - changing.length, errors: [] };
}

/** The ids among `userIds` whose accounts the caller may change (only the administrator changes an administrator's). */
async function managed(ctx: ImportContext, p: Principal, userIds: number[]): Promise<Set<number>> {
  const allowed = new Set<number>();
  for (const id of userIds) {
    await ctx.delegation.assertMayManageAccounts(p, [id]).then(() => allowed.add(id), () => undefined);
  }
  return allowed;
}
