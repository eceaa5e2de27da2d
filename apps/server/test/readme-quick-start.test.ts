import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe("the README's Quick start", () => {
  it('runs top to bottom: the command that never returns (npm start) comes last', () => {
    const block = /## Quick start\s+```bash\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const commands = block!.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).flatMap((l) => l.split('&&').map((c) => c.trim()));
    expect(commands).toContain('npm install');
    expect(commands.at(-1)).toBe('npm start');
    expect(commands.filter((c) => c === 'npm start')).toHaveLength(1);
  });
});
