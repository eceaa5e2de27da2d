import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, phoneField, requiredText, statusField } from '../api/fields.js';

export interface Enterprise {
  enterpriseId: number;
  name: string;
  code: string;
  contact: string;
  phone: string;
  address: string;
  region: string;
  status: '1' | '2';
  remark: string;
  createdAt: string;
  updatedAt: string;
}

/** One entry of `GET /api/v1/enterpriseAll`, for selects. */
export type EnterpriseOption = Pick<Enterprise, 'enterpriseId' | 'name' | 'code'>;

export const enterpriseInput = z.object({
  name: requiredText('name', 128),
  code: requiredText('code', 64).regex(/^[A-Za-z0-9_-]+$/, 'code must hold only letters, digits, - and _'),
  contact: optionalText('contact', 64),
  phone: phoneField,
  address: optionalText('address', 255),
  region: optionalText('region', 128),
  status: statusField.default('2'),
  remark: optionalText('remark', 255),
});
export type EnterpriseInput = z.input<typeof enterpriseInput>;

export const enterpriseUpdate = enterpriseInput.extend({ enterpriseId: id('enterpriseId') });
export type EnterpriseUpdate = z.input<typeof enterpriseUpdate>;

export const enterpriseQuery = pageQuery.extend({
  name: z.string().trim().max(128).optional(),
  code: z.string().trim().max(64).optional(),
  region: z.string().trim().max(128).optional(),
  status: statusField.optional(),
});
export type EnterpriseQuery = z.input<typeof enterpriseQuery>;
