import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText } from '../api/fields.js';

const dateField = (field: string) => z.string({ error: `${field} must be a date` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date YYYY-MM-DD`);
/** Pole numbers as painted on the pole and printed in its QR code: letters, digits, - _ / . */
export const poleNoField = z.string({ error: 'poleNo is required' }).trim().min(1, 'poleNo is required').max(32, 'poleNo must be at most 32 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*$/, 'poleNo must hold only letters, digits, - _ . /');

/**
 * One lamp (a single-lamp controller's luminaire) or one cabinet circuit (a cabinet's loop feeding `lampCount` lamps)
 * on a pole. `terminalId` links the controller whose readings judge it; `loop` is set for a cabinet circuit.
 */
export const lampAssetInput = z.object({
  poleNo: poleNoField,
  lampTypeId: id('lampTypeId'),
  terminalId: id('terminalId').nullable().default(null),
  loop: z.number({ error: 'loop must be a number' }).int().min(1, 'loop must be at least 1').max(16, 'loop must be at most 16').nullable().default(null),
  lampCount: z.number({ error: 'lampCount must be a number' }).int().min(1, 'lampCount must be at least 1').max(500, 'lampCount must be at most 500').default(1),
  deptId: id('deptId').nullable().default(null),
  installDate: dateField('installDate').nullable().default(null),
  warrantyEnd: dateField('warrantyEnd').nullable().default(null),
  supplier: optionalText('supplier', 64),
  photos: z.array(z.string().max(255)).max(10).default([]),
  remark: optionalText('remark', 255),
}).refine((a) => !a.installDate || !a.warrantyEnd || a.warrantyEnd >= a.installDate, { message: 'warrantyEnd must not be before installDate', path: ['warrantyEnd'] });
export type LampAssetInput = z.input<typeof lampAssetInput>;
export type LampAssetValues = z.output<typeof lampAssetInput>;
export const lampAssetUpdate = z.intersection(lampAssetInput, z.object({ assetId: id('assetId') }));
export type LampAssetUpdate = z.input<typeof lampAssetUpdate>;

export interface LampAsset extends LampAssetValues {
  assetId: number;
  typeName: string;
  ratedPowerW: number;
  ratedLifeH: number;
  terminalSn: string | null;
  terminalName: string | null;
  deptName: string | null;
  lng: number | null;
  lat: number | null;
  /** Burning hours from the latest reading's counter (single lamps), else since installation at 11 h a night. */
  burnHours: number | null;
  repairs: number;
  lastRepairAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const lampAssetQuery = pageQuery.extend({
  poleNo: z.string().trim().max(32).optional(),
  lampTypeId: id('lampTypeId').optional(),
  deptId: id('deptId').optional(),
  supplier: z.string().trim().max(64).optional(),
  /** 'expired' warranty ended, 'active' still covered. */
  warranty: z.enum(['expired', 'active']).optional(),
});
export type LampAssetQuery = z.infer<typeof lampAssetQuery>;

/** The phone view's record of a pole: its lamps with their type, open alarms and latest score. */
export interface PoleRecord {
  poleNo: string;
  lamps: LampAsset[];
  openAlarms: Array<{ alarmId: number; kind: string; raisedAt: string; message: string }>;
  risk: { score: number; reasons: string[] } | null;
}
