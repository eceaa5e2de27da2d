import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Template databases global-setup.ts builds once per run, and test databases clone, so no test file pays for the
 * migrations and the seed again. Set for the test files it starts; absent (a bench, a bare tsx run) the test
 * databases are migrated from empty as before.
 */
export const PGLITE_TEMPLATES_ENV = 'SL_TEST_PGLITE_TEMPLATES';
export const POSTGRES_TEMPLATES_ENV = 'SL_TEST_POSTGRES_TEMPLATES';

/** migrated: the schema, nothing in it; seeded: then seeded with the default test config (test-config.ts). */
export type TemplateKind = 'migrated' | 'seeded';
/** Where a test database starts: empty (every migration runs), or a clone of a template. */
export type DatabaseStart = 'empty' | TemplateKind;

export const pgliteTemplateFile = (dir: string, kind: TemplateKind) => path.join(dir, `${kind}.tar`);
export const postgresTemplateName = (prefix: string, kind: TemplateKind) => `${prefix}_${kind}`;

const blobs = new Map<TemplateKind, Blob>();

/** The PGlite data folder to clone (`loadDataDir`), read once per worker (the server project runs its files without isolation). */
export function pgliteTemplate(kind: TemplateKind): Blob | undefined {
  const dir = process.env[PGLITE_TEMPLATES_ENV];
  if (!dir) return undefined;
  let blob = blobs.get(kind);
  if (!blob) blobs.set(kind, (blob = new Blob([readFileSync(pgliteTemplateFile(dir, kind))])));
  return blob;
}

/** The PostgreSQL database to clone (`create database … template`). */
export function postgresTemplate(kind: TemplateKind): string | undefined {
  const prefix = process.env[POSTGRES_TEMPLATES_ENV];
  return prefix ? postgresTemplateName(prefix, kind) : undefined;
}
