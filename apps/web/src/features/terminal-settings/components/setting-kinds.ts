import { COMMAND_PARAMS, ELECTRICITY_PARAMS, type DeviceFamily, type SettingKind } from '@sl/contracts';
import { z } from 'zod';

export interface SettingField {
  name: string;
  unit?: string;
  kind: 'number' | 'switch' | 'mode' | 'text';
  schema: z.ZodType;
  /** The key in the task params where the terminal's current value is read. */
  min?: number;
  max?: number;
  step?: number;
}

export interface SettingKindSpec {
  kind: SettingKind;
  permission: string;
  fields: SettingField[];
  /** Switching a cabinet's loop asks for the password first. */
  switches?: boolean;
  url: (family: DeviceFamily) => string;
  /** The body sent, from the form values. */
  body: (terminalId: number, values: Record<string, unknown>) => object;
  /** The value of a field in a task's params (the current value column). */
  read?: (params: Record<string, unknown>, field: string) => unknown;
}

const send = 'terminal:set:send';
const control = 'terminal:terminal:control';
const shapeOf = <K extends keyof typeof COMMAND_PARAMS>(cmd: K) => (COMMAND_PARAMS[cmd] as unknown as z.ZodObject<Record<string, z.ZodType>>).shape;
const set = (path: string) => (f: DeviceFamily) => `/api/v1/${f}/send/set/${path}`;
const compact = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''));
const flat = (terminalId: number, v: Record<string, unknown>) => ({ terminalId, ...compact(v) });
const num = (name: string, schema: z.ZodType, unit: string, min: number, max: number, step = 1): SettingField => ({ name, unit, kind: 'number', schema, min, max, step });

const alarm = shapeOf('alarm.set');
const leakage = shapeOf('leakage.set');
const over = shapeOf('overCurrent.set');
const relay = shapeOf('relay.set');
const lock = shapeOf('lock.set');
const manauto = shapeOf('manauto.set');

/** Electricity parameters (`param.set`) with their units. */
const ELC_UNITS: Record<(typeof ELECTRICITY_PARAMS)[number], [unit: string, min: number, max: number, step: number]> = {
  ctRatio: ['', 1, 10_000, 1],
  ptRatio: ['', 1, 10_000, 1],
  ratedVoltage: ['V', 0, 1000, 1],
  ratedCurrent: ['A', 0, 10_000, 0.1],
  ratedPowerKw: ['kW', 0, 10_000, 0.1],
  meterAddress: ['', 0, 0, 0],
};

export const SETTING_SPECS: SettingKindSpec[] = [
  {
    kind: 'alarm', permission: send, url: set('alarm'), body: flat,
    fields: [num('voltageHigh', alarm.voltageHigh, 'V', 0, 1000), num('voltageLow', alarm.voltageLow, 'V', 0, 1000), num('currentHigh', alarm.currentHigh, 'A', 0, 10_000, 0.1), num('currentLow', alarm.currentLow, 'A', 0, 10_000, 0.1)],
  },
  {
    kind: 'elc', permission: control, url: (f) => `/api/v1/${f}/test/param/set`,
    body: (terminalId, v) => ({ terminalId, params: compact(v) }),
    read: (params, field) => params[field],
    fields: ELECTRICITY_PARAMS.map((name) => {
      const [unit, min, max, step] = ELC_UNITS[name];
      return name === 'meterAddress'
        ? { name, kind: 'text' as const, schema: z.string().regex(/^[0-9A-Fa-f]{0,16}$/, 'meterAddress must be up to 16 hex digits').optional() }
        : num(name, z.number().min(min).max(max).optional(), unit, min, max, step);
    }),
  },
  { kind: 'elec', permission: control, url: (f) => `/api/v1/${f}/test/param/query`, body: (terminalId) => ({ terminalId, names: [...ELECTRICITY_PARAMS] }), fields: [] },
  { kind: 'leakage', permission: send, url: set('leakage'), body: flat, fields: [num('thresholdMa', leakage.thresholdMa, 'mA', 0, 10_000)] },
  { kind: 'lock', permission: send, url: set('lock'), body: (terminalId, v) => ({ terminalId, locked: v.locked === true }), fields: [{ name: 'locked', kind: 'switch', schema: lock.locked }] },
  { kind: 'manauto', permission: send, switches: true, url: set('manauto'), body: flat, fields: [{ name: 'mode', kind: 'mode', schema: manauto.mode }] },
  { kind: 'over/current', permission: send, url: set('over/current'), body: flat, fields: [num('thresholdA', over.thresholdA, 'A', 0, 10_000, 0.1), num('loop', over.loop, '', 1, 16)] },
  {
    kind: 'relay', permission: send, switches: true, url: set('relay'), body: (terminalId, v) => ({ terminalId, loop: v.loop, on: v.on === true }),
    fields: [num('loop', relay.loop, '', 1, 16), { name: 'on', kind: 'switch', schema: relay.on }],
  },
];
