import { z } from 'zod';
import { emailField, id, optionalText, parentIdField, phoneField, requiredText, sortField, statusField, timeZoneField } from '../api/fields.js';

export interface Dept {
  deptId: number;
  parentId: number;
  deptPath: string;
  deptName: string;
  sort: number;
  leader: string;
  phone: string;
  email: string;
  status: '1' | '2';
  /** IANA zone of its terminals that set none (and of departments below without one); null: from their position. */
  timeZone: string | null;
  createdAt: string;
  children?: Dept[];
}

export const deptInput = z.object({
  parentId: parentIdField,
  deptName: requiredText('deptName', 64),
  sort: sortField,
  leader: optionalText('leader', 64),
  phone: phoneField,
  email: emailField,
  status: statusField.default('2'),
  timeZone: timeZoneField('timeZone').nullable().default(null),
});
export type DeptInput = z.input<typeof deptInput>;

export const deptUpdate = deptInput.extend({ deptId: id('deptId') });

export const deptQuery = z.object({
  deptName: z.string().trim().max(64).optional(),
  status: statusField.optional(),
});
