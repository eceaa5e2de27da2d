import { defineConfig } from 'vitest/config';

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
          setupFiles: ['src/shared/testing/all-locales-setup.ts'],
          // antd's first render in jsdom takes seconds on a loaded 2-core machine; a limit, not a speed check.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web-components',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/shared/testing/all-locales-setup.ts', 'src/shared/testing/detached-styles-setup.ts', 'src/shared/testing/settle-react-setup.ts'],
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
