import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { MessageKey } from '@sl/contracts';
import { badRequest, text } from '../http/errors.js';

/** A surrogate half without its partner: JSON can carry one (`"\ud800"`), UTF-8 text and jsonb cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface UnstorableText {
  /** Where the string is, dotted (`photos.0`, `meta.title`); empty for a bare string. */
  field: string;
  problem: MessageKey;
}

const problemOf = (s: string): MessageKey | undefined =>
  s.includes('\u0000') ? 'validation.nulCharacter' : LONE_SURROGATE.test(s) ? 'validation.loneSurrogate' : undefined;

/** A path segment as it may be shown in a message: the odd characters of a bad key escaped. */
const shown = (key: string) => (problemOf(key) ? JSON.stringify(key).slice(1, -1) : key);

/** A place in the value: its key and the place holding it, so a path is spelled out only for the string found. */
interface Place {
  key: string;
  parent?: Place;
}
const spelled = (place: Place | undefined): string => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(shown(p.key));
  return keys.reverse().join('.');
};

/**
 * The first string (value or key, at any depth) that PostgreSQL cannot store as text: one holding a NUL
 * or a lone surrogate. Walked without recursion and in linear time, so a deeply nested body costs no more
 * than a flat one of its size.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const stack: Array<{ value: unknown; place?: Place }> = [{ value }];
  while (stack.length) {
    const { value: v, place } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = problemOf(v);
      if (problem) return { field: spelled(place), problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], place: { key: String(i), parent: place } });
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (const [key] of entries) {
        const problem = problemOf(key);
        if (problem) return { field: spelled({ key, parent: place }), problem };
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], place: { key: entries[i][0], parent: place } });
    }
  }
  return undefined;
}

/**
 * Every request's path parameters, query and JSON body are refused with 400 naming the field when a string
 * in them holds a NUL or a lone surrogate, before any schema or handler sees them: one check for every
 * route, instead of the database refusing the text later with a 500.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const found = findUnstorableText(value);
      if (found) throw badRequest(text(found.problem, { field: found.field || part }));
    }
  });
});
