import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '../apps/server/test/support/pdf-text.js';
import { startSmtpSink, type SmtpSink } from '../apps/server/test/support/smtp-sink.js';
import { clickWhenOpen, openFormDialog, pick } from './support/antd.js';
import { signIn } from './support/browser.js';
import type { RunningProduct } from './support/server.js';
import { startProductAndBrowser } from './support/session.js';
import { openInApp } from './support/in-app.js';

// The Reports menu on the demo data in both languages: the energy, savings and operations pages draw their charts
// and tables, the energy rows (and, in English, the operations rows) drill down department → area → cabinet → lamp and open the lamp's detail, the .xlsx
// and the month PDF downloads open, and the monthly e-mail, set and sent on its page, reaches a local SMTP server with the PDF
// attached.

const LANGS = ['zh-CN', 'en-US'] as const;
const WORDS = {
  'zh-CN': { trend: '能耗趋势', table: '表格', pdf: '月度照明报表', heat: '亮灯率' },
  'en-US': { trend: 'Energy trend', table: 'Table', pdf: 'Monthly lighting report', heat: 'Lighting rate' },
};

describe('reports', () => {
  let product: RunningProduct;
  let browser: Browser;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ product, browser } = await startProductAndBrowser({ SMTP_URL: sink.url, MAIL_FROM: 'lights@example.test' }));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await sink?.close();
  });

  async function openIn(lang: (typeof LANGS)[number]): Promise<Page> {
    const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/login?redirect=/profile/index');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await signIn(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }
  const showTable = (page: Page, card: string, lang: (typeof LANGS)[number]) => page.getByTestId(`${card}-view`).getByText(WORDS[lang].table).click();

  for (const lang of LANGS) {
    it(`${lang}: energy draws its charts and tables, drills down to a lamp, and its .xlsx and month PDF open`, async () => {
      const page = await openIn(lang);
      await openInApp(page, '/report/energy');
      await page.locator('[data-testid=report-trend-chart] canvas').first().waitFor();
      await page.locator('[data-testid=report-places-chart] canvas').first().waitFor();
      expect(await page.getByTestId('report-trend').innerText()).toContain(WORDS[lang].trend);

      const xlsx = page.waitForEvent('download');
      await page.getByTestId('report-trend-export').click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await (await xlsx).path())!) as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('energy')!.rowCount).toBeGreaterThanOrEqual(3);

      await showTable(page, 'report-places', lang);
      await page.getByTestId('report-drill').first().click();
      const pdf = page.waitForEvent('download');
      await page.getByTestId('report-month-pdf').click();
      const read = await pdfText(readFileSync((await (await pdf).path())!));
      expect(read.text).toContain(WORDS[lang].pdf);
      for (let level = 0; level < 3 && !(await page.getByTestId('report-lamp-link').count()); level++) {
        await showTable(page, 'report-places', lang).catch(() => undefined);
        await page.locator('[data-testid=report-drill], [data-testid=report-lamp-link]').first().waitFor();
        if (await page.getByTestId('report-lamp-link').count()) break;
        await page.getByTestId('report-drill').first().click();
      }
      await page.getByTestId('report-lamp-link').first().click();
      await page.waitForURL(/\/terminal\/detail\/\d+$/);
      await page.context().close();
    }, 240_000);

    it(`${lang}: savings and operations draw their charts and tables`, async () => {
      const page = await openIn(lang);
      await openInApp(page, '/report/savings');
      await page.locator('[data-testid=report-trend-chart] canvas').first().waitFor();
      await showTable(page, 'report-places', lang);
      await page.locator('[data-testid=report-places-table] tbody tr.ant-table-row').first().waitFor();
      await openInApp(page, '/report/operations');
      await page.locator('[data-testid=report-heatmap-chart] canvas').first().waitFor();
      expect(await page.getByTestId('report-totals').innerText()).toContain(WORDS[lang].heat);
      await showTable(page, 'report-lamps', lang);
      await page.locator('[data-testid=report-lamps-table] tbody tr.ant-table-row').first().waitFor();
      const xlsx = page.waitForEvent('download');
      await page.getByTestId('report-heatmap-export').click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await (await xlsx).path())!) as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('lighting-rate')!.rowCount).toBeGreaterThanOrEqual(2);
      expect(workbook.getWorksheet('places')!.rowCount).toBeGreaterThanOrEqual(2);
      if (lang === 'en-US') {
        // The operations figures drill by place too: department → area → cabinet down to a lamp's link to its detail.
        await showTable(page, 'report-places', lang);
        for (let level = 0; level < 4; level++) {
          await page.locator('[data-testid=report-places-table] :is([data-testid=report-drill], [data-testid=report-lamp-link])').first().waitFor();
          if (await page.getByTestId('report-places-table').getByTestId('report-lamp-link').count()) break;
          await page.getByTestId('report-places-table').getByTestId('report-drill').first().click();
          await showTable(page, 'report-places', lang).catch(() => undefined);
        }
        expect(await page.getByTestId('report-places-table').getByTestId('report-lamp-link').first().getAttribute('href')).toMatch(/^\/terminal\/detail\/\d+$/);
        expect(await page.getByTestId('report-drill-path').locator('.ant-breadcrumb-link').count()).toBe(4);
      }
      await page.context().close();
    }, 240_000);
  }

  it('the monthly e-mail, set and sent on its page, arrives at the SMTP server with the PDF attached', async () => {
    const page = await openIn('en-US');
    await openInApp(page, '/report/mail');
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('field-deptId').click();
    await clickWhenOpen(page.locator('.ant-select-dropdown:visible .ant-select-tree-title, .ant-select-tree-dropdown:visible .ant-select-tree-title').first());
    const recipients = page.getByTestId('field-recipients').locator('input');
    await recipients.fill('finance@example.test');
    await recipients.press('Enter');
    await pick(page, 'field-locale', '中文');
    await page.getByTestId('dialog-save').click();
    const saved = page.getByTestId('report-mail-table').locator('tr', { hasText: 'finance@example.test' });
    await saved.waitFor();
    await saved.locator('[data-testid^=mail-send-]').click();
    await clickWhenOpen(page.locator('.ant-popover:visible').getByRole('button', { name: 'OK' }));
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const [mail] = await sink.waitFor(1);
    expect(mail.subject).toContain(month);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect((await pdfText(mail.attachments[0].content)).text).toContain('月度照明报表');
    await page.context().close();
  });
});
