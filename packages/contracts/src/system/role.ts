import { z } from 'zod';
import { id, optionalText, requiredText, sortField, statusField } from '../api/fields.js';
import { pageQuery } from '../api/envelope.js';

export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export const dataScopeField = z.enum(DATA_SCOPES, { error: 'dataScope must be 1 (all), 2 (custom), 3 (own department), 4 (own and below) or 5 (self)' });

export interface Role {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  status: '1' | '2';
  dataScope: (typeof DATA_SCOPES)[number];
  admin: boolean;
  remark: string;
  menuIds: number[];
  deptIds: number[];
  createdAt: string;
}

/** `GET /api/v1/roleOptions`: what a role picker shows, for any signed-in user; never what the role grants. */
export type RoleOption = Pick<Role, 'roleId' | 'roleName' | 'roleKey' | 'status'>;

const idArray = (field: string) => z.array(id(field), { error: `${field} must be an array of numbers` }).max(5000).default([]);

export const roleInput = z.object({
  roleName: requiredText('roleName', 64),
  roleKey: requiredText('roleKey', 64).regex(/^[A-Za-z][\w-]*$/, 'roleKey must start with a letter and hold only letters, digits, - and _'),
  roleSort: sortField,
  status: statusField.default('2'),
  remark: optionalText('remark', 255),
  menuIds: idArray('menuIds'),
});
export type RoleInput = z.input<typeof roleInput>;

/** `PUT /api/v1/role`: a full edit, or only `{roleId, status}` to switch the role on or off. */
export const roleUpdate = z.union([
  roleInput.extend({ roleId: id('roleId') }),
  z.object({ roleId: id('roleId'), status: statusField }).strict(),
]);

export const roleDataScopeInput = z.object({ roleId: id('roleId'), dataScope: dataScopeField, deptIds: idArray('deptIds') });

export const roleQuery = pageQuery.extend({
  roleName: z.string().trim().max(64).optional(),
  roleKey: z.string().trim().max(64).optional(),
  status: statusField.optional(),
});
