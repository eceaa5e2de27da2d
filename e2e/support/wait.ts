import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Resolves once the locator shows an element, looking every 50 ms. Playwright's own waitFor backs off to one look
 * per 500 ms, so a page part that appears a few hundred milliseconds after a navigation is seen up to half a second
 * late: in a loop over many pages that adds up.
 */
export async function shown(locator: Locator, timeout = 30_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout, interval: 50 }).toBe(true);
}
