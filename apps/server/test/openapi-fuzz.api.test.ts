import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMessage } from '@sl/contracts';
import { describeEachEngine, describeOnOneEngine } from './support/each-engine.js';
import { exampleOf, inputJsonSchema, type JsonSchema } from './support/example-body.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import type { RouteEntry } from '../src/app.js';

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

/**
 * Text the database cannot store (a NUL; a lone surrogate, which JSON carries but UTF-8 and jsonb cannot) and an
 * integer past int4. A URL carries UTF-8 bytes, so the surrogate's bytes there are not UTF-8 and never decode to
 * one: in a path or query it must only not be a 500.
 */
const ODD = [
  { name: 'NUL', value: 'a\u0000b', inUrl: 'a%00b', text: true, strictInUrl: true },
  { name: 'lone surrogate', value: 'a\ud800b', inUrl: 'a%ED%A0%80b', text: true, strictInUrl: false },
  { name: '2^31', value: 2 ** 31, inUrl: String(2 ** 31), text: false, strictInUrl: false },
] as const;
type Odd = (typeof ODD)[number];

/** One place in a request value an odd value can go: the field it is in, and the whole value with it planted there. */
interface Spot {
  field: string;
  /** A free-form object (stored as JSON): the odd value goes in as a value and, when text, as a key. */
  kind: 'text' | 'number' | 'any' | 'record' | 'key';
  build: (odd: unknown) => unknown;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** Every string, number and free-form object inside a schema, optional fields included, each planted in an otherwise minimal valid value. */
function spots(s: JsonSchema | undefined, field: string, depth = 0): Spot[] {
  if (!s || depth > 5 || s.const !== undefined || s.enum) return [];
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return spots(branches.find((b) => typeOf(b) !== 'null') ?? branches[0], field, depth + 1);
  if (s.allOf?.length) return s.allOf.flatMap((part) => spots(part, field, depth + 1).map((sp) => ({ ...sp, build: (odd: unknown) => ({ ...(exampleOf(s) as object), ...(sp.build(odd) as object) }) })));
  const at = (key: string) => (field ? `${field}.${key}` : key);
  switch (typeOf(s)) {
    case 'object': {
      if (!s.properties || !Object.keys(s.properties).length) {
        return [
          { field, kind: 'record', build: (odd) => ({ k: odd }) },
          { field, kind: 'key', build: (odd) => ({ [String(odd)]: 1 }) },
        ];
      }
      return Object.entries(s.properties).flatMap(([key, property]) =>
        spots(property, at(key), depth + 1).map((sp) => ({ ...sp, build: (odd: unknown) => ({ ...(exampleOf(s) as object), [key]: sp.build(odd) }) })),
      );
    }
    case 'array':
      return spots(s.items, at('0'), depth + 1).map((sp) => ({ ...sp, build: (odd: unknown) => [sp.build(odd)] }));
    case 'string':
      return [{ field, kind: 'text', build: (odd) => odd }];
    case 'integer':
    case 'number':
      return [{ field, kind: 'number', build: (odd) => odd }];
    case 'boolean':
      return [];
    default:
      return [{ field, kind: 'any', build: (odd) => odd }];
  }
}
const fits = (spot: Spot, odd: Odd) => (spot.kind === 'text' || spot.kind === 'key' ? odd.text : spot.kind === 'number' ? !odd.text : true);

interface OddProbe {
  kind: string;
  field: string;
  url: string;
  payload?: string;
  /** Text the database cannot store must be refused with 400 naming the field; a big integer may be valid (an int8 column). */
  strict: boolean;
}

/** Each odd value in each path parameter, query field and body field (to any depth) of one route, the rest minimal and valid. */
function oddProbes(route: RouteEntry): OddProbe[] {
  const schema = route.schema ?? {};
  const fill = (odd?: { name: string; inUrl: string }) => route.url.replace(/:(\w+)\??/g, (_, name: string) => (odd?.name === name ? odd.inUrl : '1'));
  const out: OddProbe[] = [];
  for (const name of route.fields.params) {
    for (const odd of ODD) out.push({ kind: `path ${name}: ${odd.name}`, field: name, url: fill({ name, inUrl: odd.inUrl }), strict: odd.strictInUrl });
  }
  const query = inputJsonSchema(schema.querystring);
  const baseQuery = (exampleOf(query ?? {}) ?? {}) as Record<string, unknown>;
  for (const [name, property] of Object.entries(query?.properties ?? {})) {
    for (const spot of spots(property, name).filter((sp) => sp.kind !== 'key' && sp.kind !== 'record')) {
      for (const odd of ODD.filter((o) => fits(spot, o))) {
        const values = Object.entries(baseQuery).filter(([k]) => k !== name).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
        out.push({ kind: `query ${name}: ${odd.name}`, field: name, url: `${fill()}?${[...values, `${name}=${odd.inUrl}`].join('&')}`, strict: odd.strictInUrl });
      }
    }
  }
  for (const spot of spots(inputJsonSchema(schema.body), '')) {
    for (const odd of ODD.filter((o) => fits(spot, o))) {
      out.push({ kind: `body ${spot.field || '(root)'}${spot.kind === 'key' ? ' (a key)' : ''}: ${odd.name}`, field: spot.field, url: fill(), payload: JSON.stringify(spot.build(odd.value)), strict: odd.text });
    }
  }
  return out;
}

describeEachEngine('odd values in every field of every operation', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
  });
  afterAll(() => t?.close());

  it('refuses NUL and lone surrogates with 400 naming the field, and answers integers past int4 without a 500', { timeout: 600_000 }, async () => {
    // The database's own refusal, answered 400 as a last line (plugins/errors.ts), must never be what answers.
    const lastLine = new Set((['validation.unstorableText', 'validation.invalidValue', 'validation.numberOutOfRange'] as const).map((key) => formatMessage(key, 'en-US')));
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !SKIP.test(r.url));
    const failures: string[] = [];
    const counts = { requests: 0, fiveHundreds: 0 };
    for (const route of routes) {
      for (const probe of oddProbes(route)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: probe.url,
          headers: { ...bearer(token), ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }) },
          payload: probe.payload,
        });
        counts.requests++;
        const body = (() => {
          try {
            return res.json() as { code?: number; msg?: string };
          } catch {
            return {};
          }
        })();
        const where = `${route.method} ${route.url} (${probe.kind})`;
        if (res.statusCode >= 500 || body.code === 500) {
          counts.fiveHundreds++;
          failures.push(`${where}: 500 ${body.msg ?? ''}`);
        } else if (lastLine.has(body.msg ?? '')) {
          failures.push(`${where}: refused by the database, not by the request checks ("${body.msg}")`);
        } else if (probe.strict && !(body.code === 400 && body.msg?.includes(probe.field.split('.')[0]))) {
          failures.push(`${where}: answered ${res.statusCode}/${body.code} "${body.msg ?? ''}" instead of 400 naming ${probe.field}`);
        }
      }
    }
    console.log(`odd-value fuzz (${engine}): ${counts.requests} requests over ${routes.length} operations, ${counts.fiveHundreds} × 500`);
    expect(counts.requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // No probe ended the session or changed the caller's rights, so every answer above was reached.
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/getinfo', headers: bearer(token) });
    expect(info.json()).toMatchObject({ code: 200, data: { permissions: ['*:*:*'] } });
  });

  it('refuses the reported cases that need no token', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ad\u0000min', password: t.encrypt('123456') } });
    expect(login.json()).toMatchObject({ code: 400, msg: expect.stringContaining('username') });
    const bind = await t.app.inject({ method: 'POST', url: '/api/wx/pc/binduser', payload: { accessToken: 'a', openId: 'b', userId: 2 ** 31, password: t.encrypt('123456') } });
    expect(bind.json()).toMatchObject({ code: 400, msg: expect.stringContaining('userId') });
  });
});
