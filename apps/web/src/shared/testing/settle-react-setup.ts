// First: it wraps React's scheduler before react-dom (imported by @testing-library/react) loads.
import { liveRoots, pendingReactTasks } from './react-work-tracker';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';

/**
 * `findBy…` and `waitFor` give up after 1 s by default: on two cores shared with the server tests and lint, antd's
 * first modal or a re-render after a fetch can take longer. A limit, not a speed check: a test still fails when
 * what it waits for never comes.
 */
configure({ asyncUtilTimeout: 10_000 });

/** Captured now: a test that leaves fake timers on must not stop the teardown from waiting. */
const nextTurn = globalThis.setImmediate;
const turn = () => new Promise<void>((resolve) => nextTurn(() => resolve()));
/** A limit, not a speed check: unmounting and draining take milliseconds, seconds on two loaded cores. */
const SETTLE_LIMIT_MS = 50_000;

/**
 * Component tests only. React's scheduler runs queued work on `setImmediate`, which outlives jsdom: work still
 * queued when a file ends runs after the environment is torn down and throws "window is not defined", an unhandled
 * error that fails the whole run although every test passed. Roots RTL did not render (antd's static message,
 * notification and modal holders) stay mounted after `cleanup()`, and their timers and motions keep updating them.
 *
 * So, before jsdom goes: unmount every root still mounted, inside act (its effects run now, its timers are
 * cleared), then let the scheduler run what was queued before, until no root is left and nothing is queued. No
 * fixed wait: it ends when React is idle, however loaded the machine.
 */
afterAll(async () => {
  cleanup();
  const until = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const roots = liveRoots();
    if (roots.length) await act(async () => roots.forEach((root) => root.unmount()));
    await turn();
    if (!liveRoots().length && !pendingReactTasks()) return;
    if (Date.now() > until) throw new Error(`React did not settle within ${SETTLE_LIMIT_MS / 1000} s of the file's end: ${liveRoots().length} roots mounted, ${pendingReactTasks()} scheduler tasks queued`);
  }
}, SETTLE_LIMIT_MS + 10_000);
