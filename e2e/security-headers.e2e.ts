import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';

/** Every policy violation the page reports, as Chromium prints it and as the page's own event sees it. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  return violations;
}

describe('the built console under its Content-Security-Policy in Chromium', () => {
  const session = useProductSession();
  let page: Page;
  beforeEach(() => ({ page } = session));

  it('signs in, opens its pushes, shows the users and profile pages and downloads a file with no violation', async () => {
    const violations = await recordViolations(page);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    const login = await page.goto('/login');
    expect(login!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(login!.headers()['x-frame-options']).toBe('DENY');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => sockets.some((url) => url.includes('/api/v1/ws/')), { timeout: 15_000 }).toBe(true);

    await page.goto('/system/sysuser');
    await page.getByTestId('btn-import').click();
    // The template's answer first: when no download follows, the failure says what the server answered.
    const template = page.waitForResponse((r) => r.url().includes('/importTemplate'));
    const download = page.waitForEvent('download');
    await page.getByTestId('btn-import-template').click();
    expect((await template).status()).toBe(200);
    expect((await download).suggestedFilename()).toBe('users-template.xlsx');

    await page.goto('/profile/index');
    await page.getByTestId('sidebar').waitFor();
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info').waitFor();
    expect(violations).toEqual([]);
  });
});
