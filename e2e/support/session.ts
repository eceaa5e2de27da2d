import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { clearUserData, launchBrowser, launchProfile } from './browser.js';
import { startProduct, type RunningProduct } from './server.js';

export interface ProductSession {
  product: RunningProduct;
  browser: Browser;
}

/** The product and Chromium, started at once (Chromium starts while the server loads); neither is left running when the other fails. */
export async function startProductAndBrowser(env: Record<string, string> = {}): Promise<ProductSession> {
  const [product, browser] = await Promise.allSettled([startProduct(env), launchBrowser()]);
  if (product.status === 'fulfilled' && browser.status === 'fulfilled') return { product: product.value, browser: browser.value };
  if (browser.status === 'fulfilled') await browser.value.close();
  if (product.status === 'fulfilled') await product.value.stop();
  throw product.status === 'rejected' ? product.reason : (browser as PromiseRejectedResult).reason;
}

/** Starts the product and Chromium for the enclosing describe (or file, called outside any describe). */
export function useProduct(env: Record<string, string> = {}): ProductSession {
  const s = {} as ProductSession;
  beforeAll(async () => {
    ({ product: s.product, browser: s.browser } = await startProductAndBrowser(env));
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.product?.stop();
  });
  return s;
}

export interface PageSession {
  product: RunningProduct;
  /** One Chromium profile for the file; each test starts in it without cookies, storage or other tabs. */
  context: BrowserContext;
  /** A fresh page per test. */
  page: Page;
}

/**
 * Starts the product and a Chromium profile for the enclosing describe (or file), and a clean page for each test:
 * no cookies, permissions or stored data, no tab of the test before (`clearUserData`); only the HTTP and code
 * caches of the product's public files carry over, as they would for a user who signed out.
 */
export function useProductSession(contextOptions: BrowserContextOptions = {}, env: Record<string, string> = {}): PageSession {
  const s = {} as PageSession;
  beforeAll(async () => {
    s.product = await startProduct(env);
    s.context = await launchProfile({ baseURL: s.product.baseUrl, viewport: { width: 1440, height: 900 }, ...contextOptions });
  });
  afterAll(async () => {
    await s.context?.close();
    await s.product?.stop();
  });
  beforeEach(async () => {
    const left = s.context.pages();
    s.page = await s.context.newPage();
    for (const p of left) await p.close();
    await clearUserData(s.page, s.product.baseUrl);
  });
  return s;
}
