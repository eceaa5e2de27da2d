import type { Page } from 'playwright-core';

// Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
/** Starts recording the interval between animation frames in the page. */
export const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    window.frames_ = [];
    window.stopFrames_ = false;
    let last = performance.now();
    const tick = (now) => {
      window.frames_.push(now - last);
      last = now;
      if (!window.stopFrames_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);

export const stopFrames = (page: Page): Promise<number[]> => page.evaluate(`(() => { window.stopFrames_ = true; return window.frames_.slice(1); })()`);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A drag across the map, in small mouse steps, as an operator pans. */
export async function pan(page: Page, from: { x: number; y: number }, dx: number, dy: number, steps = 25) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + (dx * i) / steps, from.y + (dy * i) / steps);
    await sleep(16);
  }
  await page.mouse.up();
}

/** Wheel steps at a point: negative deltaY zooms in (MapLibre: about half a zoom level per 240). */
export async function wheel(page: Page, at: { x: number; y: number }, deltaY: number, times: number) {
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < times; i++) {
    await page.mouse.wheel(0, deltaY);
    await sleep(120);
  }
}
