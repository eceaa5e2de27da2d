import { expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

it('lets a client make its calls of a minute, refuses the next with the seconds left, and starts afresh the next minute', () => {
  let now = Date.UTC(2026, 0, 1, 0, 0, 15);
  const limiter = new RateLimiter(() => now);
  for (let i = 0; i < 3; i++) expect(limiter.take(1, 3)).toBe(0);
  expect(limiter.take(1, 3)).toBe(45);
  expect(limiter.take(2, 3)).toBe(0); // another client has its own count
  now += 45_000;
  expect(limiter.take(1, 3)).toBe(0);
});
