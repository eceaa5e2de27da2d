import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

// An error thrown with a string literal reaches the operator in English whatever their language.
const LITERAL = /\b(badRequest|notFound|forbidden|unauthorized|tooManyRequests)\(\s*['"`]|new AppError\([^,]+,\s*['"`]/;

describe('server messages', () => {
  it('are thrown as catalogue keys, never as literal text', () => {
    const offenders = sources(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(src, file)}:${i + 1}` }))
        .filter(({ line }) => LITERAL.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
