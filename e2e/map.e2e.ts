import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeMapFleet, MapState } from '@sl/contracts';
import { Fleet } from '@sl/simulator';
import { pick } from './support/antd.js';
import { api, signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';

// testids: fleet-map (data-state loading|ready, data-points, data-rendered, data-focus-id, data-focus-state),
// summary-total|online|offline|alarm|lit (data-value), map-search, search-hit, lamp-popup (data-terminal-id),
// action-on|off|dim|auto, lamp-task (data-action, data-state pending|succeeded|failed|timedOut), lamp-alarms.

/** The map's bulk call from the signed-in page, decoded. */
async function fleetOf(page: Page) {
  const bytes = await page.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )Admin-Token=([^;]+)/)?.[1] ?? '');
    const res = await fetch('/api/v1/map/points', { headers: { authorization: `Bearer ${token}` } });
    return [...new Uint8Array(await res.arrayBuffer())];
  });
  return decodeMapFleet(Uint8Array.from(bytes));
}
const mapEl = (page: Page) => page.locator('[data-testid=fleet-map]');
const mapReady = (page: Page) => page.waitForSelector('[data-testid=fleet-map][data-state=ready]', { timeout: 30_000 });

describe('the digital map in Chromium', () => {
  const session = useProductSession();
  let page: Page;
  let sim: Fleet | undefined;
  afterAll(() => sim?.stop());
  beforeEach(async () => {
    ({ page } = session);
    await page.goto('/login');
  });

  it('shows the whole demo fleet as markers or clusters, with its counters; filters redraw both; narrow screens fold the panels', async () => {
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await mapReady(page);
    const fleet = await fleetOf(page);
    const placed = [...fleet.lng].filter((v) => !Number.isNaN(v)).length;
    expect(placed).toBe(30);
    expect(await mapEl(page).getAttribute('data-points')).toBe(String(placed));
    // The view fits the fleet: every terminal is drawn, alone or counted in a cluster.
    expect(await mapEl(page).getAttribute('data-rendered')).toBe(String(placed));
    expect(await page.getByTestId('summary-total').getAttribute('data-value')).toBe(String(fleet.ids.length));
    expect(await page.locator('[data-testid=fleet-map] canvas').count()).toBe(1);
    expect(await page.getByTestId('chart-online').count()).toBe(1);

    // Filters redraw the map and the counters: cabinets only.
    const cabinets = [...fleet.model].filter((m, i) => m === 1 && !Number.isNaN(fleet.lng[i])).length;
    expect(cabinets).toBeGreaterThan(0);
    await pick(page, 'filter-model', '集中控制器');
    await expect.poll(() => mapEl(page).getAttribute('data-points')).toBe(String(cabinets));
    await expect.poll(() => page.getByTestId('summary-total').getAttribute('data-value')).toBe(String([...fleet.model].filter((m) => m === 1).length));

    // On a narrow screen the panels beside the map fold away.
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.locator('[data-testid=map-side] .ant-collapse').waitFor();
    expect(await page.locator('[data-testid=map-side] .ant-collapse-item-active').count()).toBe(0);
  });

  it('a fault raised in the simulator turns the lamp to the alarm colour; the popup switches the lamp off', async () => {
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    const sn = `MAPE2E${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const position = { lng: 121.5102, lat: 31.2465 };
    const added = await api<{ terminalId: number; secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn, name: `地图测试灯 ${sn}`, family: 'rdcsm', model: 2, deptId: 2, ...position });
    expect(added.code).toBe(200);
    const id = added.data.terminalId;
    sim = new Fleet([{ family: 'rdcsm', sn, secret: added.data.secret, model: 2, loops: 1, phases: 1, heartbeatS: 60, ...position }], { url: session.product.mqttUrl });
    await sim.start();
    await sim.waitConnected();
    const lamp = sim.terminal(sn)!;

    // The fleet is read once per visit: the new terminal appears on the next one.
    await page.reload();
    await mapReady(page);
    await page.getByTestId('map-search').locator('input').fill(sn);
    await page.getByTestId('search-hit').first().click();
    await page.waitForSelector(`[data-testid=fleet-map][data-focus-id="${id}"][data-focus-state]`, { timeout: 15_000 });
    await expect.poll(() => mapEl(page).getAttribute('data-focus-state'), { timeout: 15_000 }).not.toBe(String(MapState.offline));

    const raised = Date.now();
    lamp.injectFault('lampFailure');
    // The issue asks for 2 s: the test prints the figure and waits longer on a busy machine (tests do not time things).
    await page.waitForSelector(`[data-testid=fleet-map][data-focus-state="${MapState.alarm}"]`, { timeout: 15_000 });
    console.log(`fault to alarm colour on the map: ${Date.now() - raised} ms`);
    await expect.poll(async () => Number(await page.getByTestId('summary-alarm').getAttribute('data-value'))).toBeGreaterThanOrEqual(1);

    lamp.clearFault('lampFailure');
    await expect.poll(() => mapEl(page).getAttribute('data-focus-state'), { timeout: 10_000 }).not.toBe(String(MapState.alarm));

    // The lamp is at the centre of the map after the flight; clicking it opens its popup.
    const box = (await page.locator('[data-testid=fleet-map] canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const popup = page.getByTestId('lamp-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('data-terminal-id')).toBe(String(id));
    expect(await popup.innerText()).toContain(sn);

    await popup.getByTestId('action-on').click();
    await page.waitForSelector('[data-testid=lamp-task][data-action=on][data-state=succeeded]', { timeout: 15_000 });
    expect(lamp.state.loops[0]).toBe(true);
    await popup.getByTestId('action-off').click();
    await page.waitForSelector('[data-testid=lamp-task][data-action=off][data-state=succeeded]', { timeout: 15_000 });
    expect(lamp.state.loops[0]).toBe(false);
    // Its next heartbeat reports the lamp off, and the map shows it.
    lamp.sendHeartbeat();
    await page.waitForSelector(`[data-testid=fleet-map][data-focus-state="${MapState.off}"]`, { timeout: 10_000 });
  });

  it("a department-scoped user sees only their department's lamps", async () => {
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    const all = await fleetOf(page);
    const inScope = [...all.ids].filter((_, i) => [2, 5].includes(all.dept[i]) && !Number.isNaN(all.lng[i]));
    expect(inScope.length).toBeGreaterThan(0);
    expect(inScope.length).toBeLessThan(all.ids.length);
    await page.context().clearCookies();

    // The demo operator belongs to department 2 with the scope "own department and below" (2 and 5).
    await page.goto('/login');
    await signIn(page, 'operator', '123456');
    await page.waitForURL(/\/dashboard$/);
    await mapReady(page);
    expect(await mapEl(page).getAttribute('data-points')).toBe(String(inScope.length));
    expect(await mapEl(page).getAttribute('data-rendered')).toBe(String(inScope.length));
    const seen = await fleetOf(page);
    expect([...seen.ids].filter((_, i) => !Number.isNaN(seen.lng[i]))).toEqual(inScope);
    expect(new Set(seen.dept)).toEqual(new Set([...seen.dept].filter((d) => d === 2 || d === 5)));
  });
});
