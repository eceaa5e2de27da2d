import { z } from 'zod';
import { emailField, id, optionalText, phoneField, requiredText, statusField } from '../api/fields.js';
import { pageQuery } from '../api/envelope.js';
import { encryptedPassword } from '../auth/login.js';

export const SEXES = ['0', '1', '2'] as const;

export interface SysUser {
  userId: number;
  username: string;
  nickName: string;
  phone: string;
  email: string;
  sex: (typeof SEXES)[number];
  avatar: string;
  introduction: string;
  deptId: number | null;
  deptName: string;
  status: '1' | '2';
  roleIds: number[];
  roleNames: string[];
  remark: string;
  createdAt: string;
}

const userFields = {
  nickName: requiredText('nickName', 64),
  phone: phoneField,
  email: emailField,
  sex: z.enum(SEXES, { error: 'sex must be 0 (unknown), 1 (male) or 2 (female)' }).default('0'),
  deptId: id('deptId'),
  status: statusField.default('2'),
  roleIds: z.array(id('roleIds'), { error: 'roleIds must be an array of numbers' }).min(1, 'at least one role is required').max(20),
  remark: optionalText('remark', 255),
};

export const usernameField = requiredText('username', 64).regex(/^[A-Za-z0-9_.@-]{2,64}$/, 'username must be 2-64 letters, digits or _ . @ -');

export const userCreate = z.object({ username: usernameField, password: encryptedPassword, ...userFields });
export type UserCreate = z.input<typeof userCreate>;
export const userUpdate = z.object({ userId: id('userId'), ...userFields });
export type UserUpdate = z.input<typeof userUpdate>;

export const userStatusInput = z.object({ userId: id('userId'), status: statusField });
export const userResetPassword = z.object({ userId: id('userId'), password: encryptedPassword });
export const userChangePassword = z.object({ oldPassword: encryptedPassword, newPassword: encryptedPassword });

export const userQuery = pageQuery.extend({
  username: z.string().trim().max(64).optional(),
  nickName: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  status: statusField.optional(),
  deptId: id('deptId').optional(),
});
export type UserQuery = z.input<typeof userQuery>;

export const profileUpdate = z.object({
  nickName: requiredText('nickName', 64),
  phone: phoneField,
  email: emailField,
  sex: userFields.sex,
  introduction: optionalText('introduction', 255),
});

/** Plain password rule, checked after decryption on the server and before encryption in the console. */
export const PASSWORD_RULE = { min: 6, max: 64 } as const;
