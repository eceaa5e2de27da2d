/**
 * A whole-hour zone (Etc/GMT±N) where it is between 11:30 and 12:30 at `now`: "today" there neither began
 * moments ago nor ends during a test, whatever the hour of the run.
 */
export function zoneAtNoon(now = Date.now()): string {
  const utcHours = (now % 86_400_000) / 3_600_000;
  const offset = Math.round(12 - utcHours); // -12 … +12
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`; // Etc/GMT-8 is UTC+8
}
