import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { bigId, id, optionalText, requiredText } from '../api/fields.js';
import { programStep } from '../device/commands.js';
import { familyField, queryText } from '../device/terminal-fields.js';
import { DEVICE_FAMILIES } from '../enums.js';

/**
 * Spec §3 open mode: 1 today, 2 every day. Both run the program on every day of the plan that
 * uses it (a plan's dates say which days; a one-day plan is "today"); the mode is a label.
 */
export const OpenMode = { today: 1, everyDay: 2 } as const;
export const openModeField = z.literal([1, 2], { error: 'openMode must be 1 (today) or 2 (every day)' });

/** At most this many steps in one program (the protocol's plan.bind limit). */
export const MAX_POLICY_STEPS = 64;

/** A control program: the steps a terminal runs, every day or on their weekdays. */
export const policySteps = z
  .array(programStep, { error: 'steps must be an array of program steps' })
  .min(1, 'steps must not be empty')
  .max(MAX_POLICY_STEPS, `steps must hold at most ${MAX_POLICY_STEPS} steps`);

/**
 * A control policy: a named program for one device family and model, owned by a department.
 * Ids come from one sequence shared with dispatch leaflets (`/policy/getData` serves both).
 */
export const policyBody = z.object({
  name: requiredText('name', 64),
  family: familyField,
  model: z.literal([1, 2], { error: 'model must be 1 (centralised) or 2 (single-lamp)' }),
  openMode: openModeField.default(2),
  steps: policySteps,
  templateId: id('templateId').nullable().default(null),
  deptId: id('deptId').nullable().default(null),
  remark: optionalText('remark', 255),
});
export const policyUpdate = policyBody.extend({ id: bigId('id') });
export type PolicyBody = z.output<typeof policyBody>;

export const policyRow = policyBody.extend({
  id: z.number().int(),
  kind: z.literal('policy'),
  deptName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PolicyRow = z.infer<typeof policyRow>;

export const policyQuery = pageQuery.extend({
  name: queryText('name', 64),
  family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }).optional(),
  model: z.coerce.number().pipe(z.literal([1, 2], { error: 'model must be 1 or 2' })).optional(),
});
export type PolicyQuery = z.infer<typeof policyQuery>;

/** A reusable program per family (`/policy/template/{op}/{family}`); a policy may start from one. */
export const templateBody = z.object({
  name: requiredText('name', 64),
  model: z.literal([1, 2], { error: 'model must be 1 (centralised) or 2 (single-lamp)' }),
  steps: policySteps,
  remark: optionalText('remark', 255),
});
export const templateUpdate = templateBody.extend({ id: id('id') });
export const templateRow = templateBody.extend({
  id: z.number().int(),
  family: familyField,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateQuery = pageQuery.extend({ name: queryText('name', 64) });
