import type { TariffPeriod } from '@sl/contracts';

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

export interface Tariff {
  currency: string;
  periods: TariffPeriod[];
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The price per kWh at a minute of the local day (periods cover the day; electricity sets are checked on save). */
export function priceAt(periods: TariffPeriod[], minuteOfDay: number): number {
  const m = ((minuteOfDay % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return periods.find((p) => minuteOf(p.from) <= m && m < (p.to === '24:00' ? DAY_MINUTES : minuteOf(p.to)))?.price ?? 0;
}

/**
 * Energy and cost of level spans ([start ms, end ms, level %]) for one lamp of `powerW`, priced minute by
 * minute at the tariff of the local clock. `midnight` is the local midnight the clock counts from (a
 * night that crosses a daylight-saving change is priced up to an hour off for its part after the change).
 */
export function spansCost(spans: Array<[number, number, number]>, powerW: number, tariff: Tariff, midnight: number): { kwh: number; cost: number } {
  let kwh = 0;
  let cost = 0;
  for (const [a, b, level] of spans) {
    if (level <= 0) continue;
    for (let t = a; t < b; t += MINUTE) {
      const e = (powerW / 1000) * (level / 100) * (Math.min(MINUTE, b - t) / 3_600_000);
      kwh += e;
      cost += e * priceAt(tariff.periods, Math.floor((t - midnight) / MINUTE));
    }
  }
  return { kwh, cost };
}
