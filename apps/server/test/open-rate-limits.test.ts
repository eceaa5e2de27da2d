import { afterAll, beforeAll, expect, it } from 'vitest';
import { ThrottleRepository } from '../src/auth/throttle-repository.js';
import type { Database } from '../src/db/client.js';
import { RateLimiter } from '../src/open/auth/rate-limiter.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

/** The open API's rate limits are counted in the database: two instances (two limiters on one database) share them. */
describeEachEngine('open API rate limits counted in the database', (engine) => {
  let database: Database;
  let now = Date.UTC(2026, 0, 1, 0, 0, 15);
  const clock = () => now;
  beforeAll(async () => (database = await openTestDatabase(engine)));
  afterAll(() => database?.close());

  it('lets a key make its calls of a minute, refuses the next with the seconds left, and starts afresh a minute after its first call', async () => {
    const limiter = new RateLimiter(new ThrottleRepository(database.db), clock);
    for (let i = 0; i < 3; i++) expect(await limiter.take('client:1', 3)).toBe(0);
    now += 20_000;
    expect(await limiter.take('client:1', 3)).toBe(40);
    expect(await limiter.take('client:2', 3)).toBe(0); // another key has its own count
    now += 40_000;
    expect(await limiter.take('client:1', 3)).toBe(0);
  });

  it('counts a burst split over two instances once: 3 of 40 concurrent calls pass', async () => {
    const [a, b] = [new RateLimiter(new ThrottleRepository(database.db), clock), new RateLimiter(new ThrottleRepository(database.db), clock)];
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('client:burst', 3)));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(waits.filter((w) => w === 60)).toHaveLength(37);
  });
});
