// Prints the compressed JavaScript each budgeted route loads and fails when one grows past its budget.
// A route's load = the entry's static imports plus the route page's chunk and its static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Budgets in KB of gzip-compressed JavaScript, keyed by the page module that opens the route. */
const budgets = [{ route: '/login', page: 'src/features/auth/components/login-page.tsx', kb: 300 }];

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
let failed = false;
for (const { route, page, kb } of budgets) {
  if (!manifest[page]) throw new Error(`${page} is not a chunk of the build: update scripts/check-bundle-budget.mjs`);
  const chunks = closure(page, closure(entry));
  const bytes = [...chunks].reduce((sum, k) => sum + gzipSync(readFileSync(path.join(dist, manifest[k].file)), { level: 9 }).length, 0);
  const size = bytes / 1024;
  const over = size > kb;
  failed ||= over;
  console.log(`${route}: ${size.toFixed(1)} KB of compressed JavaScript in ${chunks.size} chunks (budget ${kb} KB)${over ? '  OVER BUDGET' : ''}`);
}
process.exit(failed ? 1 : 0);
