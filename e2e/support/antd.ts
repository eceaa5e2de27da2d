import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Opens an antd Select or TreeSelect by its test id and picks the option with the given text. */
export async function pick(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible, .ant-select-tree-dropdown:visible').last();
  await dropdown.locator('.ant-select-item-option-content, .ant-select-tree-title').getByText(text, { exact: true }).first().click();
  // A multiple select stays open and is closed with Escape; a single one closes by itself, and an Escape that
  // arrives after it has closed would close the dialog around it instead.
  const multiple = await select.evaluate((el) => !!el.closest('.ant-select-multiple') || !!el.querySelector('.ant-select-multiple'));
  if (multiple) await page.keyboard.press('Escape');
  else await expect.poll(() => page.locator('.ant-select-dropdown:visible, .ant-select-tree-dropdown:visible').count()).toBe(0);
}

/** The visible row of the page's data table that contains the text. */
export const row = (page: Page, text: string) => page.getByTestId('data-table').locator('tr', { hasText: text }).first();

/** Scrolls a virtual antd Tree until the node with the title is rendered, and returns it. */
export async function treeNode(page: Page, treeTestId: string, title: string) {
  const tree = page.getByTestId(treeTestId);
  const node = tree.locator('.ant-tree-treenode', { has: page.locator(`.ant-tree-title:text-is("${title}")`) }).first();
  for (let i = 0; i < 40 && !(await node.isVisible()); i++) {
    await tree.hover();
    await page.mouse.wheel(0, 150);
    await nextFrame(page);
  }
  return node;
}

/** Resolves after the page has painted the next frame (a virtual list re-renders after a scroll). */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Clicks a button that opens a form dialog and waits until the dialog has finished opening. */
export async function openFormDialog(page: Page, buttonTestId: string) {
  await page.getByTestId(buttonTestId).first().click();
  await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
}

/**
 * Clicks an item of a dialog, dropdown or popover once it has finished opening. On a busy machine
 * the opening animation can look still for two frames while it runs, so a plain click may land
 * where the item was about to be (on the mask or the page) and be lost.
 */
export async function clickWhenOpen(button: Locator) {
  await button.waitFor();
  await button.evaluate((el) => {
    const opening = (el.closest('.ant-modal, .ant-dropdown, .ant-popover') ?? el).getAnimations({ subtree: true }).filter((a) => a.effect?.getTiming().iterations !== Infinity);
    return Promise.all(opening.map((a) => a.finished));
  });
  await button.click();
}
