import type { Page, Request } from 'playwright-core';

const isApiCall = (r: Request) => r.resourceType() === 'fetch' || r.resourceType() === 'xhr';

/**
 * Counts the page's API calls in flight. `waitForLoadState('networkidle')` only describes a page load; after an
 * in-app route change it has long been reached, so a walk waits on this instead.
 */
export function apiCalls(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const change = (add: boolean) => (r: Request) => {
    if (!isApiCall(r)) return;
    if (add) inFlight.add(r);
    else inFlight.delete(r);
    lastChange = Date.now();
  };
  page.on('request', change(true));
  page.on('requestfinished', change(false));
  page.on('requestfailed', change(false));
  return {
    /** Resolves once no API call has been in flight for `quietMs` (what a page shows after its data arrived). */
    settled: (quietMs = 300) =>
      until(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, () => `API calls still in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`),
  };
}

/** Resolves once the tab of `path` is the active one: the console shows that page. */
export const tabShown = (page: Page, path: string) => page.locator(`[data-testid="tab"][data-path="${path}"][data-active="true"]`).waitFor();

/**
 * Shows a console page by a route change inside the app, as a sidebar click does, instead of a page load (2–3.6
 * CPU-seconds each in Chromium), then closes the tab the previous page left, so a walk over every page keeps no
 * more than the pinned tab's page mounted beside the one it reads. Asked for the page it shows, it reloads it.
 */
export async function openInApp(page: Page, path: string) {
  // Wait until the app shows where it is: a route change made while a sign-in still redirects would be overridden.
  const shownPath = () => page.evaluate(() => (document.querySelector(`[data-testid="tab"][data-active="true"][data-path="${CSS.escape(location.pathname)}"]`) ? location.pathname : null));
  await until(async () => (await shownPath()) !== null, async () => `the app shows no tab for ${await page.evaluate(() => location.pathname)}`);
  const previous = (await shownPath())!;
  if (previous === path) {
    // Asked for the page it shows: read it afresh, as the page load this replaces did.
    await page.reload();
    await tabShown(page, path);
    return;
  }
  // react-router's browser history follows popstate, reading the location it finds.
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await tabShown(page, path);
  const heading = page.locator('main h1').filter({ visible: true });
  await until(async () => (await heading.count()) === 1, async () => `${path} shows ${await heading.count()} level-one headings`);
  const close = page.locator(`[data-testid="tab"][data-path="${previous}"] [data-testid="tab-close"]`);
  if ((await close.count()) > 0) await close.click();
}

/**
 * Resolves once `done` holds, looking every 50 ms; after 60 s it fails with `why()`. A plain loop rather than
 * `expect.poll`, which concurrent tests may only call through their own `expect`.
 */
async function until(done: () => boolean | Promise<boolean>, why: () => string | Promise<string>, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(await why());
    await new Promise((r) => setTimeout(r, 50));
  }
}
