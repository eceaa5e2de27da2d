import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(SRC, f), 'utf8') }));

/** Issue 27: objects are built once by the root (compose.ts, services.ts, domain-core.ts); routes only use them. */
describe('the composition root', () => {
  it('leaves route files constructing no repository, service or workflow', () => {
    const built = sources
      .filter((s) => s.file.endsWith('-routes.ts'))
      .flatMap((s) => [...s.text.matchAll(/new (\w+(?:Repository|Service|Workflow|Progress|Texts|Limiter))\(/g)].map((m) => `${s.file}: ${m[1]}`));
    expect(built).toEqual([]);
  });

  it('builds the one alarm workflow in one place', () => {
    const sites = sources.filter((s) => s.text.includes('new AlarmWorkflow(')).map((s) => s.file);
    expect(sites).toEqual(['domain-core.ts']);
  });

  it('keeps no module-level cache of objects per app or database', () => {
    const singletons = sources.filter((s) => /^const \w+ = new WeakMap<(Services|Db)\b/m.test(s.text)).map((s) => s.file);
    // db/paging.ts keeps the brief count cache per database handle; it holds numbers, not domain objects.
    expect(singletons).toEqual(['db/paging.ts']);
  });

  // Drizzle writes on the table object, or raw SQL naming the table. The fleet's data lifecycle (partitions, archive,
  // the records of deleted terminals) works on every record table by name (sql.identifier) and is not counted.
  const writers = (table: string, object: string) => {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*(\\w+\\.)?${object}\\s*\\)`);
    const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${table}\\b`, 'i');
    return sources.filter((s) => drizzle.test(s.text) || raw.test(s.text)).map((s) => s.file);
  };

  it('writes each of terminal, terminal_log and control_task from its owner repository only', () => {
    expect(writers('terminal', 'terminals')).toEqual(['devices/terminal/terminal-write-repository.ts']);
    expect(writers('terminal_log', 'terminalLogs')).toEqual(['devices/logs/device-log-repository.ts']);
    expect(writers('control_task', 'controlTasks')).toEqual(['control/download/control-task-repository.ts']);
  });
});
