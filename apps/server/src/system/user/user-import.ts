import { emailField, formatMessage, idParams, phoneField, requiredText, statusField, usernameField, PASSWORD_RULE, type Locale, type MessageKey, type MessageParams } from '@sl/contracts';
import { z } from 'zod';
import { describeValidation } from '../../http/validation-message.js';
import type { Delegation } from '../access/delegation.js';
import type { Principal } from '../access/principal.js';
import type { UserAdminRepository } from './user-admin-repository.js';
import type { ImportCells } from './user-workbook.js';
import type { NewPasswords } from './user-rules.js';

export interface ImportRowError {
  row: number;
  messages: string[];
}

export const MAX_IMPORT_ROWS = 5000;

const rowSchema = z.object({
  username: usernameField,
  nickName: requiredText('nickName', 64),
  password: z.string().min(PASSWORD_RULE.min, `password must be at least ${PASSWORD_RULE.min} characters`).max(PASSWORD_RULE.max),
  phone: phoneField,
  email: emailField,
  deptId: z.coerce.number({ error: 'deptId must be a number' }).int('deptId must be a whole number').positive('deptId is required'),
  roleKeys: z.string().transform((s) => [...new Set(s.split(/[,，\s]+/).filter(Boolean))]).pipe(z.array(z.string()).min(1, 'at least one role key is required')),
  status: z.preprocess((v) => (v === '' ? '2' : v), statusField),
});

/**
 * Validates every row before writing any: duplicates in the file, taken usernames, departments
 * outside the caller's scope, unknown roles, roles the caller may not assign (the delegation rule).
 * Returns the row errors, or imports all rows in one transaction.
 */
export async function importUsers(
  repo: UserAdminRepository,
  delegation: Delegation,
  p: Principal,
  visibleDeptIds: Set<number>,
  rows: Array<{ row: number; cells: ImportCells }>,
  locale: Locale,
  passwords: Pick<NewPasswords, 'hashes' | 'policy'>,
): Promise<{ imported: number; errors: ImportRowError[] }> {
  const errors: ImportRowError[] = [];
  const parsed = rows.map(({ row, cells }) => ({ row, result: rowSchema.safeParse(cells) }));
  const valid = parsed.flatMap(({ row, result }) => (result.success ? [{ row, data: result.data }] : []));
  const add = (row: number, message: string) => {
    const entry = errors.find((e) => e.row === row) ?? errors[errors.push({ row, messages: [] }) - 1];
    entry.messages.push(message);
  };
  // Each row's problems in the reader's language, as a request body's would be (http/validation-message.ts).
  const say = (key: MessageKey, params?: MessageParams) => formatMessage(key, locale, params);
  for (const { row, result } of parsed) {
    if (result.success) continue;
    for (const issue of result.error.issues) {
      add(row, describeValidation('body', [{ instancePath: `/${issue.path.join('/')}`, message: issue.message, keyword: issue.code, params: issue as never }], locale));
    }
  }

  const taken = new Set(await repo.usernamesTaken(valid.map((v) => v.data.username)));
  const roles = new Map((await repo.rolesByKeys([...new Set(valid.flatMap((v) => v.data.roleKeys))])).map((r) => [r.roleKey, r]));
  const seen = new Map<string, number>();
  const policy = await passwords.policy.current();
  for (const { row, data } of valid) {
    const weak = await passwords.policy.problem(data.password, data.username, policy);
    if (weak) add(row, formatMessage(weak.key, locale, weak.params));
    const first = seen.get(data.username);
    if (first !== undefined) add(row, say('system.importUsernameRepeats', { name: data.username, row: first }));
    else seen.set(data.username, row);
    if (taken.has(data.username)) add(row, say('system.usernameTaken', { name: data.username }));
    if (!visibleDeptIds.has(data.deptId)) add(row, say('system.deptNotFound', idParams([data.deptId])));
    for (const key of data.roleKeys) {
      const role = roles.get(key);
      if (!role) add(row, say('system.importRoleUnknown', { key }));
    }
  }
  const assignable = valid.filter(({ data }) => data.roleKeys.every((key) => roles.has(key)));
  const problems = await delegation.assignmentProblems(
    p,
    assignable.map(({ data }) => ({ deptId: data.deptId, roleIds: data.roleKeys.map((key) => roles.get(key)!.roleId) })),
  );
  assignable.forEach(({ row }, i) => {
    const problem = problems[i];
    if (problem) add(row, formatMessage(problem.key, locale, problem.params));
  });
  if (errors.length > 0) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };

  const prepared = await Promise.all(
    valid.map(async ({ data }) => ({ data, passwordHash: await passwords.hashes.hash(data.password), roleIds: data.roleKeys.map((k) => roles.get(k)!.roleId) })),
  );
  await repo.transaction(async (tx) => {
    for (const { data, passwordHash, roleIds } of prepared) {
      const { password: _p, roleKeys: _r, ...values } = data;
      await tx.insert({ ...values, passwordHash }, roleIds);
    }
  });
  return { imported: prepared.length, errors: [] };
}
