import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_ENV, TEMPLATE_ENV } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Once per run, before any browser test: builds the server bundle the products run (when its sources are newer)
 * and the data-folder template each product copies, so no start pays for the migrations and the seed again.
 * Test files are started after this, so they inherit TEMPLATE_ENV.
 */
export function setup() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const template = mkdtempSync(path.join(tmpdir(), 'sl-e2e-template-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed-template.ts'], {
    cwd: root,
    env: { ...process.env, ...PRODUCT_ENV, DATA_DIR: template },
    stdio: 'inherit',
  });
  process.env[TEMPLATE_ENV] = template;
  return () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
