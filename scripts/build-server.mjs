// Bundles the server (with the workspace packages it imports) into apps/server/dist/main.js, so that
// production and `npm start` run it with node alone: no npm or tsx process beside it (docs/capacity.md).
// Packages from node_modules stay external. Rebuilt only when a source is newer than the bundle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'apps/server/dist/main.js');
const sources = ['apps/server/src', 'packages/contracts/src', 'apps/simulator/src'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const builtAt = existsSync(outfile) ? statSync(outfile).mtimeMs : 0;
if (process.argv.includes('--force') || Math.max(...sources.map((s) => newest(path.join(root, s)))) > builtAt) {
  const deps = (pkg) => Object.keys(JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8')).dependencies ?? {});
  const external = [...new Set([...deps('apps/server'), ...deps('apps/simulator'), ...deps('packages/contracts')])].filter((d) => !d.startsWith('@sl/'));
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((d) => `${d}/*`)],
    // Bundled CommonJS dependencies (if any) may call require().
    banner: { js: "import { createRequire as __slRequire } from 'node:module'; const require = __slRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  console.log(`Built ${path.relative(root, outfile)}`);
}
