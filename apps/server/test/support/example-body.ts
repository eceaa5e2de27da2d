import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  pattern?: string;
  exclusiveMinimum?: number;
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

/** Values tried, in order, for a string field with a pattern (serial numbers, user names, times of day). */
const PATTERN_SAMPLES = ['x', 'probe_1', 'T0001', '12:00', '2026-01-01', 'a@b.co', '13800000000'];

/** The smallest value a JSON schema accepts: required fields only, lowest numbers, shortest strings. */
export function exampleOf(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return exampleOf(branches.find((b) => b.const !== undefined) ?? branches.find((b) => b.type !== 'null') ?? branches[0]);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((p) => exampleOf(p) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, exampleOf(s.properties?.[k] ?? {})]));
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => exampleOf(s.items ?? {}));
    case 'string':
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.pattern) return PATTERN_SAMPLES.find((v) => new RegExp(s.pattern!).test(v)) ?? 'x';
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The JSON schema of what a route's zod schema accepts (its input), or undefined when the route has none. */
export const inputJsonSchema = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** A minimal valid value for a route's zod body schema, or undefined when the route has none. */
export function exampleBody(schema: unknown): Record<string, unknown> | undefined {
  const json = inputJsonSchema(schema);
  if (!json) return undefined;
  const value = exampleOf(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
