// Runs every vitest project once and ends with the plain summary line `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-results');
const report = path.join(outDir, 'vitest.json');
mkdirSync(outDir, { recursive: true });

const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });

let summary = '0 passed, 1 failed';
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  // A file that failed to load has no failed assertion but must still count as a failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed')).length;
  const failed = r.numFailedTests + brokenFiles;
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary = `${r.numPassedTests} passed, ${Math.max(failed, run.status === 0 ? 0 : 1)} failed` + (skipped ? `, ${skipped} skipped` : '');
}
writeFileSync(path.join(outDir, 'summary.txt'), summary + '\n');
console.log(summary);
process.exit(run.status ?? 1);
