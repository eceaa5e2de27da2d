import { createRequire } from 'node:module';
import type { Root } from 'react-dom/client';

/**
 * Component tests only (jsdom), loaded before anything imports react-dom (settle-react-setup.ts imports it first).
 * Keeps count of what React still has to do, so a file's teardown can wait for it instead of for a fixed time:
 *
 * - every React root the file creates, RTL's and the others (antd's static message, notification and modal holders,
 *   anything rendered with @rc-component/util's `render`), until it is unmounted;
 * - every task React queued in its scheduler (a render, a commit's passive effects) that has not run yet. The
 *   scheduler runs them on Node's `setImmediate`, which outlives jsdom: one that runs after the environment is torn
 *   down reads `window.event` and throws "window is not defined".
 *
 * react-dom keeps the scheduler's functions it was loaded with, so the scheduler is wrapped before react-dom loads;
 * if react-dom is already loaded, this throws rather than counting nothing.
 */
interface SchedulerTask {
  callback: unknown;
}
interface Tracker {
  roots: Set<Root>;
  tasks: Set<SchedulerTask>;
}

const require = createRequire(import.meta.url);
const KEY = Symbol.for('sl.web.react-work-tracker');
const holder = process as unknown as Record<symbol, Tracker | undefined>;

function install(): Tracker {
  const reactDomLoaded = Object.keys(require.cache).some((file) => /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\./.test(file));
  if (reactDomLoaded) throw new Error('react-work-tracker must load before react-dom: import it first in the first setup file that imports React DOM');
  const fromReactDom = createRequire(require.resolve('react-dom/package.json'));
  const tracker: Tracker = { roots: new Set(), tasks: new Set() };

  const scheduler = fromReactDom('scheduler') as { unstable_scheduleCallback: (...args: unknown[]) => SchedulerTask };
  const schedule = scheduler.unstable_scheduleCallback;
  scheduler.unstable_scheduleCallback = (...args: unknown[]) => {
    const task = schedule(...args);
    // The scheduler clears a task's callback when the task has run or is cancelled.
    if (!task || !('callback' in task)) throw new Error('react-work-tracker: the scheduler no longer returns its task; update how pending work is counted');
    tracker.tasks.add(task);
    return task;
  };

  const client = fromReactDom('react-dom/client') as { createRoot: (...args: unknown[]) => Root };
  const createRoot = client.createRoot;
  client.createRoot = (...args: unknown[]) => {
    const root = createRoot(...args);
    const unmount = root.unmount.bind(root);
    root.unmount = () => {
      tracker.roots.delete(root);
      unmount();
    };
    tracker.roots.add(root);
    return root;
  };
  return tracker;
}

const tracker = (holder[KEY] ??= install());

/** The React roots created and not unmounted yet. */
export const liveRoots = (): Root[] => [...tracker.roots];

/** How many tasks React queued in its scheduler that have not run (or been cancelled) yet. */
export function pendingReactTasks(): number {
  for (const task of tracker.tasks) if (task.callback === null) tracker.tasks.delete(task);
  return tracker.tasks.size;
}
