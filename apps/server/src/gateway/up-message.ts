import { Ajv, type ValidateFunction } from 'ajv';
import { MAX_PAYLOAD_BYTES, UP_SCHEMAS, cabinetHeartbeat, lampHeartbeat, parseTopic, type ParsedTopic, type UpKind } from '@sl/contracts';
import { z } from 'zod';
import type { RejectReason } from './device-transport.js';

export type UpMessage = { [K in UpKind]: { kind: K; msg: z.infer<(typeof UP_SCHEMAS)[K]> } }[UpKind];

export type Decoded = { ok: true; topic: ParsedTopic; up: UpMessage } | { ok: false; reason: RejectReason; detail: object };

/**
 * The heartbeat schemas of the contract compiled to plain checks (their JSON Schema, by ajv), one per model:
 * zod builds a new object and a result record for every field it reads, which was a third of the gateway's
 * allocations per heartbeat and most of its garbage collection (docs/performance.md, "Ingest"). Unknown
 * properties are removed in place, as zod leaves them out. What they refuse goes to zod, which gives the reasons.
 */
const ajv = new Ajv({ removeAdditional: 'all', strict: true, allowUnionTypes: true });
const compiled = (schema: z.ZodType): ValidateFunction => ajv.compile(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-7' }));
const HEARTBEAT_CHECKS: Record<number, ValidateFunction> = { 1: compiled(cabinetHeartbeat), 2: compiled(lampHeartbeat) };

function quickHeartbeat(json: unknown): UpMessage | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const check: ValidateFunction | undefined = HEARTBEAT_CHECKS[(json as { model?: unknown }).model as number];
  return check?.(json) ? ({ kind: 'heartbeat', msg: json } as UpMessage) : undefined;
}

/** Topic, size, JSON and schema checks of one up message, in that order. */
export function decodeUp(topic: string, payload: Buffer): Decoded {
  const t = parseTopic(topic);
  if (!t || t.direction !== 'up' || !Object.hasOwn(UP_SCHEMAS, t.kind)) return { ok: false, reason: 'badTopic', detail: { topic } };
  if (payload.length > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'tooLarge', detail: { topic, bytes: payload.length } };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'badJson', detail: { topic } };
  }
  const kind = t.kind as UpKind;
  const quick = kind === 'heartbeat' ? quickHeartbeat(json) : undefined;
  if (quick) return { ok: true, topic: t, up: quick };
  const parsed = UP_SCHEMAS[kind].safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
    return { ok: false, reason: 'badSchema', detail: { topic, issues } };
  }
  return { ok: true, topic: t, up: { kind, msg: parsed.data } as UpMessage };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store the value as jsonb: no string (key or value) holds `\u0000` or a lone
 * surrogate, which JSON.parse accepts and the database refuses (a reply's free-form `data`, protocol §4).
 */
export function jsonbStorable(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(jsonbStorable);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => jsonbStorable(k) && jsonbStorable(v));
  return true;
}
