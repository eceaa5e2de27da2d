import path from 'node:path';
import type { Page } from 'playwright-core';

const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * A screenshot for docs/screenshots, taken only when UPDATE_SCREENSHOTS=1 (`UPDATE_SCREENSHOTS=1 npx vitest run --project
 * e2e e2e/alarms.e2e.ts` refreshes that file's pictures): a test run leaves the checkout as it found it and does
 * not spend the CPU on encoding pictures nobody reads.
 */
export async function docShot(page: Pick<Page, 'screenshot'>, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS === '1') await page.screenshot({ path: path.join(DOCS, name) });
}
