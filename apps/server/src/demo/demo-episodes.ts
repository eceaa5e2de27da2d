import type { DemoUnit, Episode } from './demo-readings.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What happened to one terminal in its past week: now and then a few offline hours, and for some a
 * fault: a lamp out one night until the crew replaced it, a cabinet door opened or a voltage sag.
 * Nothing starts in the last two hours, so every episode is over before the live data begins.
 */
export function demoEpisodes(u: DemoUnit, from: number, to: number, rng: () => number): Episode[] {
  const episodes: Episode[] = [];
  const startIn = (latestEnd: number, length: number) => from + rng() * Math.max(0, latestEnd - from - length);
  const add = (kind: Episode['kind'], length: number) => {
    const start = startIn(to - 2 * HOUR, length);
    const episode = { kind, from: Math.round(start / MINUTE) * MINUTE, to: Math.round((start + length) / MINUTE) * MINUTE };
    if (!episodes.some((e) => e.from < episode.to && episode.from < e.to)) episodes.push(episode);
  };
  const gaps = rng() < 0.45 ? (rng() < 0.25 ? 2 : 1) : 0;
  for (let i = 0; i < gaps; i++) add('offline', (20 + rng() * 130) * MINUTE);
  const fault = rng();
  if (u.model === 2 && fault < 0.25) add('lampFailure', (8 + rng() * 20) * HOUR);
  if (u.model === 1 && fault < 0.3) add('doorOpen', (10 + rng() * 30) * MINUTE);
  if (u.model === 1 && fault > 0.75) add('voltageLow', (30 + rng() * 60) * MINUTE);
  return episodes.sort((a, b) => a.from - b.from);
}
