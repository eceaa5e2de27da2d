import { randomUUID } from 'node:crypto';
import type { profileUpdate, SysUser } from '@sl/contracts';
import type { z } from 'zod';
import type { AccountStates } from '../../auth/account-state.js';
import type { AuthService, ClientContext } from '../../auth/auth-service.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import type { PasswordHashService } from '../../auth/password-hash-service.js';
import type { PasswordPolicyService } from '../../auth/password-policy-service.js';
import type { IssuedToken, TokenService } from '../../auth/token-service.js';
import { badRequest, text, tooManyRequests, unauthorized } from '../../http/errors.js';
import { OneAtATime } from '../../http/one-at-a-time.js';
import { UPLOADS_PREFIX, type FileStore } from '../../storage/file-store.js';
import { imageExtension } from '../../storage/image-type.js';
import type { UserRepository } from './user-repository.js';
import type { UserAdminRepository } from './user-admin-repository.js';
import { toSysUser } from './user-admin-service.js';
import { plainPassword } from './user-rules.js';

export interface ProfileDeps {
  admin: UserAdminRepository;
  users: UserRepository;
  cipher: PasswordCipher;
  passwords: PasswordHashService;
  passwordPolicy: PasswordPolicyService;
  files: FileStore;
  auth: AuthService;
  tokens: TokenService;
  accounts: AccountStates;
}

const AVATAR_FOLDER = 'avatar';

/** The signed-in user's own account: profile, password and avatar. */
export class ProfileService {
  private readonly avatarUploads = new OneAtATime<number>(() => tooManyRequests(text('system.avatarBusy')));

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
    const { cipher, users, auth, accounts, tokens, passwords, passwordPolicy } = this.deps;
    const oldPlain = cipher.decrypt(oldEncrypted);
    const newPlain = plainPassword(cipher, newEncrypted);
    const user = await users.findById(userId);
    if (!user) throw unauthorized(text('common.accountGone'));
    await auth.confirmPassword(user, oldPlain, ctx, text('auth.wrongOldPassword'));
    if (oldPlain === newPlain) throw badRequest(text('system.samePassword'));
    await passwordPolicy.assertAcceptable(newPlain, user.username);
    await this.admin.update(userId, { passwordHash: await passwords.hash(newPlain) });
    accounts.forget([userId]);
    const changed = await users.findById(userId);
    if (!changed) throw unauthorized(text('common.accountGone'));
    return tokens.issue(changed);
  }

  /**
   * Stores a new avatar and deletes the file it replaces, so that a user's uploads never pile up on
   * disk. One upload per user runs at a time (429 for another meanwhile); `read` reads the upload.
   */
  setAvatar(userId: number, read: () => Promise<Buffer>): Promise<string> {
    return this.avatarUploads.run(userId, async () => {
      const data = await read();
      const ext = imageExtension(data);
      if (!ext) throw badRequest(text('system.avatarType'));
      const { files } = this.deps;
      const url = await files.save(AVATAR_FOLDER, `${userId}-${randomUUID()}.${ext}`, data);
      const old = await this.admin.replaceAvatar(userId, url).catch(async (err: unknown) => {
        await files.remove(url);
        throw err;
      });
      if (old === undefined) {
        await files.remove(url);
        throw unauthorized(text('common.accountGone'));
      }
      // Only a file this user uploaded as an avatar is ever deleted, whatever the column holds.
      if (old !== url && old.startsWith(`${UPLOADS_PREFIX}${AVATAR_FOLDER}/${userId}-`)) await files.remove(old);
      return url;
    });
  }
}
