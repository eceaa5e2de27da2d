import { useEffect, useRef } from 'react';
import type { CommandResultPush } from '@sl/contracts';
import { http } from '../request';

/** How long a followed task may go without its push before the screen asks the server for it. */
export const OUTCOME_CATCH_UP_MS = 5000;
/** The most task ids one catch-up asks for (the endpoint's limit). */
const MAX_IDS = 500;

/**
 * Outcomes are pushed on `50rdcsm`, but a push sent while the socket was down (a dropped link waits
 * PUSH_RECONNECT_MS before it reconnects) is lost: every OUTCOME_CATCH_UP_MS the tasks `overdue()`
 * names are looked up, and those that have settled are applied as if their push had arrived.
 */
export function useOutcomeCatchUp(overdue: () => number[], apply: (push: CommandResultPush) => void) {
  const latest = useRef({ overdue, apply });
  latest.current = { overdue, apply };
  useEffect(() => {
    const timer = setInterval(() => {
      const ids = latest.current.overdue().slice(0, MAX_IDS);
      if (!ids.length) return;
      http
        .get<CommandResultPush[]>('/api/v1/task/outcomes', { ids: ids.join(',') }, { silent: true })
        .then((outcomes) => outcomes.forEach((o) => latest.current.apply(o)))
        .catch(() => undefined); // the next round asks again
    }, OUTCOME_CATCH_UP_MS);
    return () => clearInterval(timer);
  }, []);
}
