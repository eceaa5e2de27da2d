import { randomUUID } from 'node:crypto';
import type { profileUpdate, SysUser } from '@sl/contracts';
import type { z } from 'zod';
import type { AccountStates } from '../../auth/account-state.js';
import { hashPassword, type AuthService, type ClientContext } from '../../auth/auth-service.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import type { IssuedToken, TokenService } from '../../auth/token-service.js';
import { badRequest, text, unauthorized } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { imageExtension } from '../../storage/image-type.js';
import type { UserRepository } from './user-repository.js';
import type { UserAdminRepository } from './user-admin-repository.js';
import { toSysUser } from './user-admin-service.js';
import { plainPassword } from './user-rules.js';

export interface ProfileDeps {
  admin: UserAdminRepository;
  users: UserRepository;
  cipher: PasswordCipher;
  files: FileStore;
  auth: AuthService;
  tokens: TokenService;
  accounts: AccountStates;
}

/** The signed-in user's own account: profile, password and avatar. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  private get admin() {
    return this.deps.admin;
  }

  async get(userId: number): Promise<SysUser> {
    const row = await this.admin.findUnscoped(userId);
    if (!row) throw unauthorized(text('common.accountGone'));
    return toSysUser(row);
  }

  async update(userId: number, values: z.output<typeof profileUpdate>): Promise<SysUser> {
    await this.admin.update(userId, values);
    return this.get(userId);
  }

  /**
   * Checks the old password (throttled like sign-in), stores the new one and ends every session of
   * the user; the caller carries on with the fresh token returned.
   */
  async changePassword(userId: number, oldEncrypted: string, newEncrypted: string, ctx: ClientContext): Promise<IssuedToken> {
    const { cipher, users, auth, accounts, tokens } = this.deps;
    const oldPlain = cipher.decrypt(oldEncrypted);
    const newPlain = plainPassword(cipher, newEncrypted);
    const user = await users.findById(userId);
    if (!user) throw unauthorized(text('common.accountGone'));
    await auth.confirmPassword(user, oldPlain, ctx, text('auth.wrongOldPassword'));
    if (oldPlain === newPlain) throw badRequest(text('system.samePassword'));
    await this.admin.update(userId, { passwordHash: await hashPassword(newPlain) });
    accounts.forget([userId]);
    const changed = await users.findById(userId);
    if (!changed) throw unauthorized(text('common.accountGone'));
    return tokens.issue(changed);
  }

  async setAvatar(userId: number, data: Buffer): Promise<string> {
    const ext = imageExtension(data);
    if (!ext) throw badRequest(text('system.avatarType'));
    const url = await this.deps.files.save('avatar', `${userId}-${randomUUID()}.${ext}`, data);
    await this.admin.update(userId, { avatar: url });
    return url;
  }
}
