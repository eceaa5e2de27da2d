import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '@sl/contracts';
import { formatTime } from '../../shared/time/format-time';

/** `YYYY-MM-DD HH:mm:ss`, ticking on the second boundary every CLOCK_TICK_MS (spec §2). */
export function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Aligned to the tick boundary so the seconds change when the wall clock's do.
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, CLOCK_TICK_MS - (Date.now() % CLOCK_TICK_MS));
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return (
    <time className="app-clock" data-testid="clock" dateTime={new Date(now).toISOString()}>
      {formatTime(now)}
    </time>
  );
}
