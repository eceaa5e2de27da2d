import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startProduct, type RunningProduct } from './server.js';

export interface ProductSession {
  product: RunningProduct;
  browser: Browser;
  /** A fresh browser context and page per test (cookies never leak between tests). */
  context: BrowserContext;
  page: Page;
}

/** The product and Chromium, started at once (Chromium starts while the server loads); neither is left running when the other fails. */
export async function startProductAndBrowser(env: Record<string, string> = {}): Promise<Pick<ProductSession, 'product' | 'browser'>> {
  const [product, browser] = await Promise.allSettled([startProduct(env), launchBrowser()]);
  if (product.status === 'fulfilled' && browser.status === 'fulfilled') return { product: product.value, browser: browser.value };
  if (browser.status === 'fulfilled') await browser.value.close();
  if (product.status === 'fulfilled') await product.value.stop();
  throw product.status === 'rejected' ? product.reason : (browser as PromiseRejectedResult).reason;
}

/** Starts the product and Chromium for the enclosing describe (or file, called outside any describe). */
export function useProduct(env: Record<string, string> = {}): Pick<ProductSession, 'product' | 'browser'> {
  const s = {} as Pick<ProductSession, 'product' | 'browser'>;
  beforeAll(async () => {
    ({ product: s.product, browser: s.browser } = await startProductAndBrowser(env));
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.product?.stop();
  });
  return s;
}

/** Starts the product and Chromium for the enclosing describe (or file), and a clean page for each test. */
export function useProductSession(contextOptions: BrowserContextOptions = {}, env: Record<string, string> = {}): ProductSession {
  const s = useProduct(env) as ProductSession;
  beforeEach(async () => {
    s.context = await s.browser.newContext({ baseURL: s.product.baseUrl, viewport: { width: 1440, height: 900 }, ...contextOptions });
    s.page = await s.context.newPage();
  });
  afterEach(() => s.context?.close());
  return s;
}
