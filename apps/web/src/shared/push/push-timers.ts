type TimerId = ReturnType<typeof setTimeout>;

/** The timer functions the push client uses; injectable for tests. */
export interface PushTimers {
  setTimeout: (fn: () => void, ms: number) => TimerId;
  clearTimeout: (id: TimerId) => void;
}

/** The global timers, looked up at call time so that fake timers installed later still apply. */
export const globalTimers: PushTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id),
};

/** A single-shot timer slot: arming it again replaces the pending callback. */
export function timerSlot(timers: PushTimers) {
  let id: TimerId | undefined;
  return {
    get pending() {
      return id !== undefined;
    },
    arm(fn: () => void, ms: number) {
      this.clear();
      id = timers.setTimeout(() => {
        id = undefined;
        fn();
      }, ms);
    },
    clear() {
      if (id !== undefined) timers.clearTimeout(id);
      id = undefined;
    },
  };
}
