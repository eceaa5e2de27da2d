import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.js';

const server = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.resolve(server, '../../README.md'), 'utf8');
/** Read by `npm start` itself, not by the server. */
const OUTSIDE_THE_SCHEMA = ['MAX_HEAP_MB'];

/** The variables named in the first column of the README's configuration table. */
function tableVariables(): string[] {
  const section = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  );

describe('the configuration schema', () => {
  it("is the README's configuration table, variable for variable", () => {
    const listed = tableVariables();
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !(CONFIG_VARIABLES as string[]).includes(name) && !OUTSIDE_THE_SCHEMA.includes(name))).toEqual([]);
    // One row per variable: a second, stale row said the console did not draw MAP_TILE_URL (issue 28 item 21).
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });

  it('is the only reader of the environment: no process.env outside config.ts and main.ts', () => {
    const readers = sources(path.join(server, 'src'))
      .filter((file) => readFileSync(file, 'utf8').includes('process.env'))
      .map((file) => path.relative(server, file));
    expect(readers.sort()).toEqual(['src/config.ts', 'src/main.ts']);
  });

  it('stops the start with a message naming a missing provider variable, no stack trace', async () => {
    const env = { PATH: process.env.PATH, DEMO: 'false', DATA_DIR: '/tmp/sl-test-unused', JWT_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'tencent' };
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: server, env, timeout: 60_000 });
    const failed = (await run.then(() => undefined, (err: { code: number; stderr: string }) => err))!;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('TENCENT_SMS_SECRET_ID: is required when SMS_PROVIDER is tencent');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });
});
