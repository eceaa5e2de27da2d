// Prints the slowest test files and the time per project from the last `npm test` (.test-results/vitest.json).
// `npm run test:slowest` prints 20 files; `-- --top 10` fewer; `-- --save` also records every file's time in
// scripts/test-durations.json, the order a fresh clone's run starts its files in (vitest.config.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = path.join(root, '.test-results/vitest.json');
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 20;

// The folder each vitest project runs in (vitest.config.ts); the longest match names a file's project.
const PROJECTS = [
  ['packages/contracts/', 'contracts'],
  ['apps/server/', 'server'],
  ['apps/web/', 'web'],
  ['apps/simulator/', 'simulator'],
  ['e2e/', 'e2e'],
];

if (!existsSync(report)) {
  console.log(`No ${path.relative(root, report)}: run npm test first.`);
  process.exit(0);
}
const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
const files = testResults.map((f) => {
  const rel = path.relative(root, f.name);
  const project = PROJECTS.find(([dir]) => rel.startsWith(dir))?.[1] ?? 'other';
  const ms = (f.endTime ?? f.startTime) - f.startTime;
  return { rel, project, ms, start: f.startTime, end: f.endTime ?? f.startTime, tests: f.assertionResults?.length ?? 0 };
});

const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
console.log(`Slowest ${Math.min(top, files.length)} of ${files.length} test files:`);
for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`${s(f.ms)}  ${f.project.padEnd(9)} ${f.rel} (${f.tests} tests)`);

console.log('Per project (files, tests, summed file time, wall time from first start to last end):');
const byProject = new Map();
for (const f of files) byProject.set(f.project, [...(byProject.get(f.project) ?? []), f]);
for (const [project, list] of byProject) {
  const sum = list.reduce((n, f) => n + f.ms, 0);
  const wall = Math.max(...list.map((f) => f.end)) - Math.min(...list.map((f) => f.start));
  const tests = list.reduce((n, f) => n + f.tests, 0);
  console.log(`  ${project.padEnd(9)} ${String(list.length).padStart(4)} files ${String(tests).padStart(5)} tests  sum ${s(sum)}  wall ${s(wall)}`);
}

if (process.argv.includes('--save')) {
  const durations = Object.fromEntries([...files].sort((a, b) => a.rel.localeCompare(b.rel)).map((f) => [f.rel, Math.round(f.ms / 100) / 10]));
  writeFileSync(path.join(root, 'scripts/test-durations.json'), JSON.stringify(durations, null, 1) + '\n');
  console.log(`Saved ${files.length} file times to scripts/test-durations.json`);
}
