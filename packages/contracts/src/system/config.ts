import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, requiredText } from '../api/fields.js';

const configKeyField = requiredText('configKey', 128).regex(/^[A-Za-z0-9._]+$/, 'configKey must hold only letters, digits, . and _');
/** `'Y'` built in (the server relies on it; it cannot be deleted), `'N'` added by an administrator. */
const configTypeField = z.enum(['Y', 'N'], { error: 'configType must be "Y" (built in) or "N"' });

export interface SysConfig {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  /** `'1'` readable by every signed-in user through `/configKey/{key}`. */
  isFrontend: '0' | '1';
  remark: string;
  createdAt: string;
  updatedAt: string;
}

export const configInput = z.object({
  configName: requiredText('configName', 128),
  configKey: configKeyField,
  configValue: optionalText('configValue', 1024),
  configType: configTypeField.default('N'),
  isFrontend: z.enum(['0', '1'], { error: 'isFrontend must be "0" or "1"' }).default('0'),
  remark: optionalText('remark', 255),
});
export type ConfigInput = z.input<typeof configInput>;
export const configUpdate = configInput.extend({ configId: id('configId') });

export const configQuery = pageQuery.extend({
  configName: z.string().trim().max(128).optional(),
  configKey: z.string().trim().max(128).optional(),
  configType: configTypeField.optional(),
});

export const configKeyParam = z.object({ key: configKeyField });
export interface ConfigValue {
  configKey: string;
  configValue: string;
}
