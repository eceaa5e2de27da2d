import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, requiredText } from '../api/fields.js';

const num = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a number` }).min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`);
const int = (field: string, min: number, max: number) => num(field, min, max).int(`${field} must be an integer`);

/** A point of a constant-light-output curve: from `hours` of burning on, the driver runs at `levelPct` of the commanded level. */
export const cloPoint = z.object({ hours: int('hours', 0, 1_000_000), levelPct: num('levelPct', 50, 150) });
export type CloPoint = z.infer<typeof cloPoint>;

/** Driver kinds of the catalogue (TALQ LampType / driver): dimming interface. */
export const DRIVER_TYPES = ['dali', 'dali2', '0-10v', 'pwm', 'nema', 'zhaga', 'none'] as const;

/**
 * A catalogue entry: the luminaire as bought. The fault thresholds (tolerance, absolute limits, debounce, cycling)
 * apply to every lamp of the type unless a department overrides them (lamp-fault-override).
 */
export const lampTypeInput = z.object({
  manufacturer: requiredText('manufacturer', 64),
  model: requiredText('model', 64),
  ratedPowerW: num('ratedPowerW', 1, 5000),
  tolerancePct: num('tolerancePct', 1, 50).default(10),
  ratedLifeH: int('ratedLifeH', 1000, 500_000),
  driverType: z.enum(DRIVER_TYPES, { error: `driverType must be one of ${DRIVER_TYPES.join(', ')}` }).default('dali'),
  cloCurve: z.array(cloPoint).max(20).default([]).refine((c) => c.every((p, i) => i === 0 || p.hours > c[i - 1].hours), 'cloCurve hours must rise'),
  maintenanceFactor: num('maintenanceFactor', 0.1, 1).default(0.8),
  /** Below this power (W) at any lit level: absoluteLampPowerTooLow; null: 5 % of the rated power. */
  absoluteMinW: num('absoluteMinW', 0, 5000).nullable().default(null),
  /** Above this power (W) at any level: absoluteLampPowerTooHigh; null: the rated power plus twice the tolerance. */
  absoluteMaxW: num('absoluteMaxW', 1, 10_000).nullable().default(null),
  debounceS: int('debounceS', 0, 86_400).default(300),
  cyclingPerHour: int('cyclingPerHour', 1, 120).default(6),
  remark: optionalText('remark', 255),
});
export type LampTypeInput = z.input<typeof lampTypeInput>;
export type LampTypeValues = z.output<typeof lampTypeInput>;
export const lampTypeUpdate = lampTypeInput.extend({ lampTypeId: id('lampTypeId') });
export type LampTypeUpdate = z.input<typeof lampTypeUpdate>;

export interface LampType extends LampTypeValues {
  lampTypeId: number;
  /** Lamps of this type in the register. */
  lamps: number;
  createdAt: string;
  updatedAt: string;
}

export const lampTypeQuery = pageQuery.extend({
  manufacturer: z.string().trim().max(64).optional(),
  model: z.string().trim().max(64).optional(),
  driverType: z.enum(DRIVER_TYPES).optional(),
});
export type LampTypeQuery = z.infer<typeof lampTypeQuery>;

/** A department's own fault thresholds for one lamp type: null fields keep the type's. */
export const lampFaultOverrideInput = z.object({
  deptId: id('deptId'),
  lampTypeId: id('lampTypeId'),
  tolerancePct: num('tolerancePct', 1, 50).nullable().default(null),
  debounceS: int('debounceS', 0, 86_400).nullable().default(null),
  cyclingPerHour: int('cyclingPerHour', 1, 120).nullable().default(null),
});
export type LampFaultOverrideInput = z.input<typeof lampFaultOverrideInput>;
export interface LampFaultOverride extends z.output<typeof lampFaultOverrideInput> {
  deptName: string;
  typeName: string;
}
