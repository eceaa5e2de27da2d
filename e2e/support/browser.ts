import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { tabShown } from './in-app.js';

/**
 * Chromium's headless shell when installed (Debian's chromium-headless-shell, what Playwright's own headless mode
 * runs): the same Blink and V8 without the full browser's UI layer, about 15 % less CPU per page in our runs
 * (docs/testing.md). The full browser otherwise, or CHROMIUM_PATH.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Every context it opens asks for reduced motion, as a user may (WCAG 2.3.3): the console then opens and closes
 * dialogs, menus and charts without transitions, each of which Chromium composites frame by frame in software
 * (a sign-in and five dialogs: 6.1 instead of 8.4 CPU-s). A context that passes `reducedMotion` gets its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * Chromium with a profile of its own (a throwaway folder, removed when it closes): unlike the incognito contexts of
 * `launchBrowser`, its HTTP cache and V8's code cache outlive a page, so the second test of a file loads the
 * console's hashed, immutable scripts from the cache and the third runs them without compiling them again
 * (a sign-in and a list page: 1.6 instead of 2.0 CPU-s, docs/testing.md). The caller clears what a user leaves
 * behind between tests (`clearUserData`).
 */
export function launchProfile(options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', { executablePath: CHROMIUM, args: ARGS, reducedMotion: 'reduce', ...options });
}

/**
 * What one user's visit leaves in `page`'s profile, for the next test to start as a new visitor would: its cookies,
 * permissions and the origin's storage (local and session storage, IndexedDB, caches, service workers). The
 * HTTP cache stays: it holds only the product's public files.
 */
export async function clearUserData(page: Page, origin: string) {
  const context = page.context();
  await context.clearCookies();
  await context.clearPermissions();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,session_storage,indexeddb,websql,cache_storage,service_workers,file_systems' });
  await cdp.detach();
}

export async function signIn(page: Page, username = 'admin', password = '123456') {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in on the sign-in page asked for `path` (its `redirect`, as a bookmark of a signed-out user does) and waits
 * until that page's tab shows. A test about another page starts there rather than on the administrator's landing
 * page, the digital map, whose WebGL map and charts cost Chromium 2–2.5 CPU-s more than a list page per sign-in.
 */
export async function signInTo(page: Page, path: string, username = 'admin', password = '123456') {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, username, password);
  await tabShown(page, path);
}

/** Whether text contains Chinese characters. */
export const hasCjk = (text: string) => /[\u4e00-\u9fff]/.test(text);

/** Calls the API from the signed-in page with its Admin-Token. */
export async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )Admin-Token=([^;]+)/)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, url, body },
  );
}

export interface MenuNode { menuId: number; permission: string; children?: MenuNode[] }
/** Menu ids of the items holding these permissions and of every folder and page above them. */
export function menusFor(tree: MenuNode[], wanted: string[]): number[] {
  const ids: number[] = [];
  const walk = (n: MenuNode): boolean => {
    const below = (n.children ?? []).map(walk).some(Boolean);
    const hit = wanted.includes(n.permission) || below;
    if (hit) ids.push(n.menuId);
    return hit;
  };
  tree.forEach(walk);
  return ids;
}
