import { z } from 'zod';

/**
 * How an energy report cuts its rows: by place (department → area → cabinet → terminal), by period, or by `policy`: the
 * control policy (a plan's) or strategy each lamp ran that day (docs/reports.md).
 */
export const REPORT_GROUPS = ['department', 'area', 'cabinet', 'terminal', 'day', 'week', 'month', 'year', 'policy'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** The groups that are places; the others are periods. */
export const PLACE_GROUPS = ['department', 'area', 'cabinet', 'terminal'] as const satisfies readonly ReportGroup[];
/** The longest range one report covers: a year and a day (leap years). */
export const REPORT_MAX_DAYS = 366;

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${field} must be a real date`);

const idsText = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, 'ids must be numbers separated by commas')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .optional();

/** Days of [from, to] inclusive, local days of the rollup time zone; neither given: the 30 days before today. */
const range = z.object({ from: day('from').optional(), to: day('to').optional() });
type Range = { from?: string; to?: string };
const together = (v: Range) => (v.from === undefined) === (v.to === undefined);
const inOrder = (v: Range) => !v.from || !v.to || v.from <= v.to;
const notTooLong = (v: Range) => !v.from || !v.to || (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < REPORT_MAX_DAYS;
/**
 * Area names in the one `areas` parameter: joined by commas, a comma or backslash inside a name written after a backslash
 * (the area "A,B" is `A\,B`), since an area's name is free text.
 */
export const joinAreaNames = (names: string[]): string => names.map((n) => n.replace(/[\\,]/g, (c) => `\\${c}`)).join(',');

/** The names of an `areas` parameter (joinAreaNames); blank names are dropped. */
export const splitAreaNames = (text: string): string[] =>
  (text.match(/(?:\\.|[^,\\])+/g) ?? []).map((n) => n.replace(/\\(.)/g, '$1').trim()).filter(Boolean);

/** How many days a report asked without days covers, ending yesterday. */
export const REPORT_DEFAULT_DAYS = 30;

/**
 * The lamps a report covers: `deptIds`, `areas` (with `noArea`: and the lamps in no area), `boxIds` (0: on no cabinet) and
 * `terminalIds` narrow the lamps (a chosen set, or a drill-down's place), each within the caller's data scope.
 */
const reportScope = range.extend({
  deptIds: idsText,
  boxIds: idsText,
  terminalIds: idsText,
  /** Area names, joined as joinAreaNames does. */
  areas: z.string().max(2000).optional().transform((s) => (s ? splitAreaNames(s) : undefined)),
  /** The lamps in no area (the report's "(no area)" row); an area's name is free text, so no name can stand for none. */
  noArea: z.enum(['true', 'false'], { error: 'noArea must be true or false' }).optional().transform((v) => v === 'true'),
});

/** The days' checks of every report query. */
const inRange = <S extends z.ZodType<Range>>(s: S) =>
  s
    .refine(together, { message: 'from and to are given together or not at all', path: ['to'] })
    .refine(inOrder, { message: 'from must not be after to', path: ['to'] })
    .refine(notTooLong, { message: `a report covers at most ${REPORT_MAX_DAYS} days`, path: ['to'] });

/** An energy or savings report: the days [from, to] of the scope's lamps, cut by `groupBy`. */
export const energyReportQuery = inRange(
  reportScope.extend({
    groupBy: z.enum(REPORT_GROUPS, { error: `groupBy must be one of ${REPORT_GROUPS.join(', ')}` }).default('department'),
    /** Also answer the same days a year earlier, row by row. */
    lastYear: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  }),
);
/** A report query as asked (days optional) and as run (days filled in by the server). */
export type EnergyReportAsked = z.output<typeof energyReportQuery>;
export type EnergyReportQuery = EnergyReportAsked & { from: string; to: string };

/** The operations report: the same days and lamps, its place rows (`rows`) cut by a place level only (no periods). */
export const operationsReportQuery = inRange(
  reportScope.extend({ groupBy: z.enum(PLACE_GROUPS, { error: `groupBy must be one of ${PLACE_GROUPS.join(', ')}` }).default('department') }),
);
export type OperationsReportAsked = z.output<typeof operationsReportQuery>;
export type OperationsReportQuery = OperationsReportAsked & { from: string; to: string };
export type PlaceGroup = (typeof PLACE_GROUPS)[number];
