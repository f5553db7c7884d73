import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { createHandlers } from '../../apps/server/src/jobs/handlers';
import { startRunner, type Runner } from '../../apps/server/src/jobs/runner';
import { pdfFont } from '../../apps/server/src/lab/export';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, logIn, shots, sticksOut } from '../support/helpers';

let stack: Stack;
let small: string;
let runner: Runner | undefined;

beforeAll(async () => {
  small = buildSmallDataDir();
  stack = await startStack({ REFDATA_DIR: small }, { imported: small });
  const { db } = stack.portal;
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  runner = startRunner({ db, handlers: createHandlers({ db, config: stack.config, log: quiet as never }), pollMs: 100 });
});
afterAll(async () => {
  await runner?.stop();
  await stack?.close();
  rmSync(small, { recursive: true, force: true });
});

/** Upload the WHONET sample → the table → filter by ward → the pocket-card PDF, as a lab would. */
async function journey(page: Page, locale: 'zh' | 'en') {
  const prefix = locale === 'en' ? '/en' : '';
  await page.getByTestId('antibiogram-page').waitFor();
  await page.getByText(locale === 'zh' ? '尚无菌株' : 'No isolates yet').waitFor();
  await page.locator('input[type=file]').setInputFiles(path.join(realDataDir(), 'whonet/SampleInputFile.txt'));
  // What a person waits for: the Gram-negative table with E. coli in it.
  const negatives = page.getByTestId('ag-table-negative');
  await negatives.getByText(locale === 'zh' ? '革兰阴性菌' : 'Gram-negative organisms').waitFor({ timeout: 90_000 });
  await negatives.getByText(locale === 'zh' ? '大肠埃希菌' : 'Escherichia coli').waitFor();
  // Rows by species (no "ss." row); only Latin names italic, Chinese names upright.
  const names = await negatives.locator('td.ant-table-cell-fix-left').allInnerTexts();
  expect(names.some((n) => n.startsWith(locale === 'zh' ? '肺炎克雷伯菌 (' : 'Klebsiella pneumoniae ('))).toBe(true);
  expect(names.filter((n) => /ss\.|亚种/.test(n))).toEqual([]);
  const italic = await negatives.locator('td.ant-table-cell-fix-left i').allInnerTexts();
  expect(italic.filter((n) => /[\u3400-\u9fff]/.test(n))).toEqual([]);
  if (locale === 'en') expect(italic).toContain('Escherichia coli');
  // Every drug column in reach: the table scrolled to its end shows its last column beside the organism column, which stays.
  const firstRow = negatives.locator('tr.ant-table-row').first();
  const organismX = (await firstRow.locator('td').first().boundingBox())!.x;
  await negatives.locator('.ant-table-body').evaluate((body) => (body.scrollLeft = body.scrollWidth));
  await expect.poll(async () => (await firstRow.locator('td').last().boundingBox())!.x + 52 <= page.viewportSize()!.width).toBe(true);
  expect((await firstRow.locator('td').first().boundingBox())!.x).toBe(organismX);
  expect(await negatives.getByTestId('ag-scroll-cue').count()).toBe(page.viewportSize()!.width < 500 ? 1 : 0);
  // Phenotype rates only for the species their definitions are for, and no percentage from too few isolates.
  const rates = await page.locator('[data-testid=ag-incidence] tr', { hasText: locale === 'zh' ? 'ESBL 筛查' : 'ESBL screen' }).allInnerTexts();
  expect(rates.length).toBeGreaterThan(0);
  expect(rates.filter((r) => /cloacae|阴沟|marcescens|沙雷|aerogenes|产气/.test(r))).toEqual([]);
  expect(await page.getByTestId('ag-rate-few').first().innerText()).toMatch(/^\d+\/\d+ ?[（(]/);
  const counts = page.getByTestId('ag-counts');
  expect(await counts.innerText()).toContain(locale === 'zh' ? '计入第一株 550' : '550 first isolates counted');
  // Too few isolates: n, greyed, no percentage.
  const few = page.locator('[data-testid=ag-cell].mdc-ag__cell--few').first();
  expect(await few.innerText()).toMatch(/^n=\d+$/);
  // A cell opens its trend.
  await page.locator('[data-testid=ag-cell][data-cell="eco:AMP"]').click();
  await page.getByTestId('ag-trend-chart').waitFor();
  await shots(page, `lab-antibiogram-${locale}`);

  // Filter by ward: the counts follow.
  await page.getByTestId('ag-ward').click();
  await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'icu1' }).first());
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.searchParams.get('ward') === 'icu1');
  await page.waitForFunction(() => !/550/.test(document.querySelector('[data-testid=ag-counts]')?.textContent ?? ''));
  expect(page.url()).toContain(`${prefix}/lab/antibiogram?`);
  if (pdfFont()) {
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('ag-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/^mdc-antibiogram-1995-A4\.pdf$/);
    expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  }
  expect(await sticksOut(page)).toEqual([]);
}

describe('cumulative antibiogram', () => {
  it('zh: upload a WHONET file, read the table, filter by ward, download the PDF', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await logIn(page, email, password, '/login?redirect=%2Flab%2Fantibiogram');
    await journey(page, 'zh');
  });

  it('en, on a phone: the same journey', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage({ width: 375, height: 812, locale: 'en-US' });
    await logIn(page, email, password, '/en/login?redirect=%2Fen%2Flab%2Fantibiogram');
    await journey(page, 'en');
  });
});
