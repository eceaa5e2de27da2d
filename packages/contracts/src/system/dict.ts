import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, requiredText, sortField, statusField } from '../api/fields.js';

/** Tag colours of a dictionary value, as the console's tags render them. */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger', 'processing'] as const;
export type ListClass = (typeof LIST_CLASSES)[number];

export const dictTypeField = requiredText('dictType', 128).regex(/^[a-z0-9_]+$/, 'dictType must hold only lowercase letters, digits and _');

export interface DictType {
  dictId: number;
  dictName: string;
  dictType: string;
  status: '1' | '2';
  remark: string;
  createdAt: string;
}

export interface DictData {
  dictCode: number;
  dictType: string;
  dictLabel: string;
  dictLabelEn: string;
  dictValue: string;
  dictSort: number;
  listClass: ListClass;
  isDefault: 'Y' | 'N';
  status: '1' | '2';
  remark: string;
  createdAt: string;
}

/** One entry of `GET /api/v1/dict/databytype/{type}`: what selects and tags need. */
export type DictOption = Pick<DictData, 'dictLabel' | 'dictLabelEn' | 'dictValue' | 'listClass' | 'isDefault'>;

export const dictTypeInput = z.object({
  dictName: requiredText('dictName', 128),
  dictType: dictTypeField,
  status: statusField.default('2'),
  remark: optionalText('remark', 255),
});
export type DictTypeInput = z.input<typeof dictTypeInput>;
export const dictTypeUpdate = dictTypeInput.extend({ dictId: id('dictId') });

export const dictTypeQuery = pageQuery.extend({
  dictName: z.string().trim().max(128).optional(),
  dictType: z.string().trim().max(128).optional(),
  status: statusField.optional(),
});

export const dictDataInput = z.object({
  dictType: dictTypeField,
  dictLabel: requiredText('dictLabel', 128),
  dictLabelEn: optionalText('dictLabelEn', 128),
  dictValue: requiredText('dictValue', 128),
  dictSort: sortField,
  listClass: z.enum(LIST_CLASSES, { error: `listClass must be one of ${LIST_CLASSES.join(', ')}` }).default('default'),
  isDefault: z.enum(['Y', 'N'], { error: 'isDefault must be "Y" or "N"' }).default('N'),
  status: statusField.default('2'),
  remark: optionalText('remark', 255),
});
export type DictDataInput = z.input<typeof dictDataInput>;
export const dictDataUpdate = dictDataInput.extend({ dictCode: id('dictCode') });

export const dictDataQuery = pageQuery.extend({
  dictType: z.string().trim().max(128).optional(),
  dictLabel: z.string().trim().max(128).optional(),
  status: statusField.optional(),
});

export const dictTypeParam = z.object({ type: dictTypeField });
export const dictExportQuery = z.object({ dictType: dictTypeField.optional() });
