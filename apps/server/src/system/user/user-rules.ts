import { PASSWORD_RULE, idParams } from '@sl/contracts';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Principal } from '../access/principal.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import type { PasswordHashService } from '../../auth/password-hash-service.js';
import type { PasswordPolicyService } from '../../auth/password-policy-service.js';
import type { UserAdminRepository } from './user-admin-repository.js';

/** The built-in administrator account: it can be edited but never disabled or deleted. */
export const BUILT_IN_ADMIN = 'admin';

export function plainPassword(cipher: PasswordCipher, encrypted: string): string {
  const plain = cipher.decrypt(encrypted);
  checkPasswordRule(plain);
  return plain;
}

/** What turns a new password sent by the console into a hash. */
export interface NewPasswords {
  cipher: PasswordCipher;
  hashes: PasswordHashService;
  policy: PasswordPolicyService;
}

/** The hash of `username`'s new password, once it decrypts and passes the length rule and the password policy (else 400 naming the rule). */
export async function newPasswordHash(passwords: NewPasswords, encrypted: string, username: string): Promise<string> {
  const plain = plainPassword(passwords.cipher, encrypted);
  await passwords.policy.assertAcceptable(plain, username);
  return passwords.hashes.hash(plain);
}

export function checkPasswordRule(plain: string): void {
  if (plain.length < PASSWORD_RULE.min || plain.length > PASSWORD_RULE.max) {
    throw badRequest(text('system.passwordLength', { min: PASSWORD_RULE.min, max: PASSWORD_RULE.max }));
  }
}

/** Every id must name a user in the caller's data scope. */
export async function assertVisible(repo: UserAdminRepository, p: Principal, ids: number[]): Promise<void> {
  const visible = new Set(await repo.visibleIds(p, ids));
  const missing = ids.filter((id) => !visible.has(id));
  if (missing.length) throw notFound(text('system.userNotFound', idParams(missing)));
}

/** The role ids without repeats, when every one names a role; who may assign them is the delegation rule's. */
export async function checkRoles(repo: UserAdminRepository, roleIds: number[]): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  const found = await repo.rolesByIds(unique);
  if (found.length !== unique.length) throw badRequest(text('system.unknownRole'));
  return unique;
}

/** The department must exist and lie in the caller's data scope. */
export function checkDept(visibleDeptIds: Set<number>, deptId: number): void {
  if (!visibleDeptIds.has(deptId)) throw badRequest(text('system.deptNotFound', { id: deptId }));
}
