import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first within each project, by the times of the last full run (scripts/test-durations.json, written
 * by `npm run test:slowest -- --save`), so two workers end together instead of one running a long file alone at the
 * end. vitest's own order needs its cache, which a fresh clone lacks, and then goes by file size: the accessibility
 * walks are short files that run for minutes. Files not in the list (new ones) go first, largest first.
 */
class LongestFirst extends BaseSequencer {
  private readonly seconds: Record<string, number> = JSON.parse(readFileSync(path.join(import.meta.dirname, 'scripts/test-durations.json'), 'utf8'));
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const grouped = await super.sort(files);
    const rank = (f: TestSpecification) => this.seconds[path.relative(import.meta.dirname, f.moduleId)] ?? Number.POSITIVE_INFINITY;
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    const group = (f: TestSpecification) => `${f.project.config.sequence.groupOrder}:${f.project.name}`;
    return grouped
      .map((f, i) => ({ f, i }))
      .sort((a, b) => (group(a.f) === group(b.f) ? rank(b.f) - rank(a.f) || size(b.f) - size(a.f) : a.i - b.i))
      .map(({ f }) => f);
  }
}

/**
 * One run, every project: `npm test` executes all of them. The browser project runs alone after the others
 * (sequence.groupOrder), which share the workers: most server files wait on PostgreSQL, brokers and timers, so
 * more files than cores keep both cores busy (vitest's default on 2 cores is one file at a time).
 */
/**
 * What a test waits for (a page after a click, a row after a request) can take seconds on two busy cores:
 * expect.poll gives up after 15 s, not vitest's 1 s. A limit, not a speed check.
 */
const expectPoll = { poll: { timeout: 15_000, interval: 100 } };

export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // Builds the template databases (migrated, seeded) on both engines that each test database clones.
          globalSetup: ['test/support/global-setup.ts'],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: expectPoll,
        },
      },
      // jsdom only where a test renders or reads the DOM: every .tsx test, and .ts tests that say so in a
      // `@vitest-environment jsdom` docblock.
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A worker imports antd, React and the locales once for all its files instead of once per file (two thirds
          // of these projects' CPU); each file still starts with a fresh language and storage (fresh-file-setup).
          isolate: false,
          setupFiles: ['src/shared/testing/all-locales-setup.ts', 'src/shared/testing/fresh-file-setup.ts'],
          // antd's first render in jsdom takes seconds on a loaded 2-core machine; a limit, not a speed check.
          testTimeout: 30_000,
        },
      },
      {
        // The console's static confirm (shared/request/feedback.ts) loads antd/es/modal on first use. In the browser
        // that is the Modal of the one antd the app bundles; here 'antd' is antd/lib, so antd/es/modal would be a
        // second antd, transformed module by module on the first click (over 10 s on two loaded cores).
        resolve: { alias: [{ find: /^antd\/es\/modal$/, replacement: 'antd/lib/modal' }] },
        test: {
          name: 'web-components',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/shared/testing/all-locales-setup.ts', 'src/shared/testing/fresh-file-setup.ts', 'src/shared/testing/detached-styles-setup.ts', 'src/shared/testing/settle-react-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          // Builds the server bundle and the seeded data folder every product starts from.
          globalSetup: ['support/global-setup.ts'],
          sequence: { groupOrder: 1 },
          include: ['**/*.e2e.ts'],
          // Limits, not speed checks: a test that takes 20 s alone has taken over 60 s beside typecheck, lint and
          // another browser file on two cores.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: expectPoll,
          // Two browser files at once (E2E_WORKERS): a browser test mostly waits (timers, command time-outs, the
          // network), so two products with their browsers fill the two cores that one leaves half idle.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
  },
});
