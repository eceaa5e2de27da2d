import type { FastifySchema } from 'fastify';

interface ZodLike {
  shape?: Record<string, unknown>;
  options?: ZodLike[];
  def?: { innerType?: ZodLike; in?: ZodLike; left?: ZodLike; right?: ZodLike };
}

/** The top-level keys a zod schema accepts, through optional, default, pipe, union and intersection wrappers. */
export function zodKeys(schema: unknown, depth = 0): string[] {
  const z = schema as ZodLike | undefined;
  if (!z || depth > 8) return [];
  if (z.shape && typeof z.shape === 'object') return Object.keys(z.shape);
  if (Array.isArray(z.options)) return [...new Set(z.options.flatMap((o) => zodKeys(o, depth + 1)))];
  const inner = z.def?.innerType ?? z.def?.in;
  if (inner) return zodKeys(inner, depth + 1);
  if (z.def?.left || z.def?.right) return [...new Set([...zodKeys(z.def.left, depth + 1), ...zodKeys(z.def.right, depth + 1)])];
  return [];
}

/** Field names of a route's params, query and body: what the route table exposes to the access tests. */
export const schemaFields = (schema: FastifySchema | undefined) => ({
  params: zodKeys(schema?.params),
  query: zodKeys(schema?.querystring),
  body: zodKeys(schema?.body),
});
