import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { profileUpdate, SysUser } from '@sl/contracts';
import type { z } from 'zod';
import { hashPassword } from '../../auth/auth-service.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { imageExtension } from '../../storage/image-type.js';
import type { UserRepository } from './user-repository.js';
import type { UserAdminRepository } from './user-admin-repository.js';
import { toSysUser } from './user-admin-service.js';
import { plainPassword } from './user-rules.js';

/** The signed-in user's own account: profile, password and avatar. */
export class ProfileService {
  constructor(
    private readonly admin: UserAdminRepository,
    private readonly users: UserRepository,
    private readonly cipher: PasswordCipher,
    private readonly files: FileStore,
  ) {}

  async get(userId: number): Promise<SysUser> {
    const row = await this.admin.findUnscoped(userId);
    if (!row) throw unauthorized('The account no longer exists');
    return toSysUser(row);
  }

  async update(userId: number, values: z.output<typeof profileUpdate>): Promise<SysUser> {
    await this.admin.update(userId, values);
    return this.get(userId);
  }

  async changePassword(userId: number, oldEncrypted: string, newEncrypted: string): Promise<void> {
    const oldPlain = this.cipher.decrypt(oldEncrypted);
    const newPlain = plainPassword(this.cipher, newEncrypted);
    const user = await this.users.findById(userId);
    if (!user || !(await bcrypt.compare(oldPlain, user.passwordHash))) throw badRequest('The old password is wrong');
    if (oldPlain === newPlain) throw badRequest('The new password must differ from the old one');
    await this.admin.update(userId, { passwordHash: await hashPassword(newPlain) });
  }

  async setAvatar(userId: number, data: Buffer): Promise<string> {
    const ext = imageExtension(data);
    if (!ext) throw badRequest('The avatar must be a PNG, JPEG, GIF or WebP image');
    const url = await this.files.save('avatar', `${userId}-${randomUUID()}.${ext}`, data);
    await this.admin.update(userId, { avatar: url });
    return url;
  }
}
