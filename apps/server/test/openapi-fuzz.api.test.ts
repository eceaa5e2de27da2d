import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnOneEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** Routes that end the caller's session: fuzzing them would turn every later request into a 401. */
const SKIP = /logout|refreshtoken/;
const HUGE = 'x'.repeat(200_000);

/** A value of the wrong type for the schema. */
const wrongType = (s: Schema | undefined): unknown => {
  const type = Array.isArray(s?.type) ? s!.type[0] : s?.type;
  if (type === 'string') return { not: 'a string' };
  if (type === 'integer' || type === 'number') return 'not a number';
  if (type === 'boolean') return 'maybe';
  if (type === 'array') return 'not an array';
  return 12345;
};
/** A value far past any sensible bound for the schema. */
const hugeValue = (s: Schema | undefined): unknown => {
  const type = Array.isArray(s?.type) ? s!.type[0] : s?.type;
  if (type === 'integer' || type === 'number') return 1e308;
  if (type === 'array') return Array.from({ length: 20_000 }, () => wrongType(s?.items) ?? 1);
  return HUGE;
};
const mapProps = (s: Schema | undefined, f: (p: Schema) => unknown) => Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, p]) => [k, f(p)]));

interface Probe {
  kind: string;
  url: string;
  payload?: string;
  /** Must be refused with 400 and a message (else only "no 500"). */
  strict: boolean;
}

/** A few bad requests per operation: malformed JSON, wrong types, missing fields, huge values, bad path and query values. */
function probes(path: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const fill = (value: (p: Parameter) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(params.find((p) => p.name === name) ?? { name, in: 'path' }));
  const url = fill(() => '1');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const query = params.filter((p) => p.in === 'query');
  const qs = (f: (p: Parameter) => unknown) => `${url}?${query.map((p) => `${p.name}=${encodeURIComponent(String(f(p)))}`).join('&')}`;
  const out: Probe[] = [];
  if (path.includes('{')) {
    out.push({ kind: 'path: not a number', url: fill(() => 'abc'), strict: false });
    out.push({ kind: 'path: huge', url: fill(() => '9'.repeat(40)), strict: false });
  }
  if (query.length) {
    out.push({ kind: 'query: wrong types', url: qs((p) => JSON.stringify(wrongType(p.schema))), strict: false });
    out.push({ kind: 'query: huge', url: qs(() => '9'.repeat(5000)), strict: false });
  }
  if (method !== 'get' && method !== 'delete' && body) {
    out.push({ kind: 'body: malformed JSON', url, payload: '{"unterminated": ', strict: true });
    if (body.properties && Object.keys(body.properties).length) {
      out.push({ kind: 'body: wrong types', url, payload: JSON.stringify(mapProps(body, wrongType)), strict: true });
      out.push({ kind: 'body: huge values', url, payload: JSON.stringify(mapProps(body, hugeValue)), strict: false });
    }
    if (body.required?.length) out.push({ kind: 'body: missing fields', url, payload: '{}', strict: true });
    if (body.type === 'array') out.push({ kind: 'body: not an array', url, payload: '{"a":1}', strict: true });
  }
  return out;
}

describeOnOneEngine('generated fuzz over the OpenAPI document', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
  });
  afterAll(() => t?.close());

  it('answers bad types, missing fields, huge values and malformed JSON without a 500, and with 400 and a message where the input is plainly wrong', { timeout: 600_000 }, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let requests = 0;
    let fiveHundreds = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (SKIP.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        for (const probe of probes(path, method, op)) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: probe.url,
            headers: { ...bearer(token), ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: probe.payload,
          });
          requests++;
          const body = (() => {
            try {
              return res.json() as { code?: number; msg?: string };
            } catch {
              return {};
            }
          })();
          const where = `${method.toUpperCase()} ${path} (${probe.kind})`;
          if (res.statusCode >= 500 || body.code === 500) {
            fiveHundreds++;
            failures.push(`${where}: 500 ${body.msg ?? ''}`);
          } else if (probe.strict && !(body.code === 400 && typeof body.msg === 'string' && body.msg.length > 0)) {
            failures.push(`${where}: answered ${res.statusCode}/${body.code} "${body.msg ?? ''}" instead of 400 with a message`);
          }
        }
      }
    }
    console.log(`OpenAPI fuzz (${engine}): ${requests} requests over ${Object.keys(doc.paths).length} paths, ${fiveHundreds} × 500`);
    expect(requests).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
