import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BIOCHEM_PANELS, biochemErrors, decodeProfile } from '@mdc/core/identify/biochem';
import { pdfAvailable } from '../../apps/server/src/reports/pdf-document';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, eventually, expectPath, logIn, settled, shots, journeysIn } from '../support/helpers';

let stack: Stack;
let account: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  account = await activeAccount(stack);
});
afterAll(async () => {
  await stack?.close();
});

const api20e = BIOCHEM_PANELS.API20E;

/** The states of the 21 wells as the dialog shows them. */
async function wellStates(page: Page): Promise<Record<string, string>> {
  const states: Record<string, string> = {};
  for (const code of api20e.tests) states[code] = (await page.getByTestId(`well-${code}`).getAttribute('data-state')) ?? '';
  return states;
}

describe.each(['zh', 'en'] as const)('biochemical identification in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';
  const journey = journeysIn(locale);

  journey('zh', 'API 20E profile → the grid follows → toggles → submit → result → export → history', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-biochem').click();
    await page.getByTestId('biochem-profile').waitFor();
    await settled(page);

    // Nothing entered: the server's own sentence, before anything is sent.
    await page.getByTestId('biochem-submit').click();
    expect(await page.getByTestId('biochem-input-error').innerText()).toBe(biochemErrors.noReactions({ en: 'Reactions', zh: '反应' }).text[locale]);

    // The grid follows a typed profile.
    await page.getByTestId('biochem-profile').fill('5144572');
    const decoded = decodeProfile(api20e, '5144572');
    await eventually(async () => (await page.getByTestId('well-ONPG').getAttribute('data-state')) === '+', 'the wells set from the profile');
    expect(await wellStates(page)).toEqual(decoded);
    expect(await page.getByTestId('biochem-digit').allInnerTexts()).toEqual(['5', '1', '4', '4', '5', '7', '2']);

    // The profile follows the grid: citrate (–) clicked becomes not done, then +, then – again.
    const profile = page.getByTestId('biochem-profile');
    const cit = page.getByTestId('well-CIT');
    await cit.click();
    expect(await cit.getAttribute('data-state')).toBe('');
    expect(await profile.inputValue()).toBe('5144572');
    expect(await page.getByTestId('biochem-not-done').innerText()).toMatch(/1/);
    await cit.click();
    expect(await cit.getAttribute('data-state')).toBe('+');
    expect(await profile.inputValue()).toBe('5344572');
    expect(await page.getByTestId('biochem-digit').nth(1).innerText()).toBe('3');
    await cit.click();
    expect(await profile.inputValue()).toBe('5144572');
    await cit.click();
    expect(await cit.getAttribute('data-state')).toBe('');
    await page.getByTestId('biochem-rest-negative').click();
    expect(await cit.getAttribute('data-state')).toBe('-');
    expect(await page.getByTestId('biochem-not-done').count()).toBe(0);

    // A digit no group can reach is pointed out at once, in the reader's language; the wells stay.
    await profile.fill('5148');
    expect(await page.getByTestId('biochem-input-error').innerText()).toBe(locale === 'en' ? 'Numerical profile: digit 4 is 8, but that group of tests only adds up to 7.' : '数码谱：第 4 位数字为 8，但该组试验之和最大为 7。');
    expect(await wellStates(page)).toEqual(decoded);
    await page.getByTestId('biochem-submit').click();
    expect(await page.getByTestId('biochem-input-error').count()).toBe(1);
    // A click on the backdrop leaves the dialog and its entries alone.
    await page.mouse.click(5, 300);
    expect(await profile.inputValue()).toBe('5148');
    await profile.fill('5144572');
    await eventually(async () => (await page.getByTestId('biochem-input-error').count()) === 0, 'the error gone');

    // A primary test beside the panel: Gram-negative.
    await page.getByTestId('primary-GRAM').locator('.ant-segmented-item').nth(1).click();
    await page.getByTestId('biochem-sample-name').fill('Urine 17');
    await page.getByTestId('biochem-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });

    expect(await page.getByTestId('biochem-call-name').getAttribute('data-taxon')).toBe('Escherichia coli');
    expect(await page.getByTestId('biochem-call-profile').innerText()).toBe('5144572');
    expect(Number(await page.getByTestId('biochem-call-percent').innerText())).toBeGreaterThan(90);
    expect(await page.getByTestId('biochem-sample').innerText()).toBe('Urine 17');
    // The picture: every counted test entered (21 wells and the Gram stain), against each leading taxon.
    const entered = page.getByTestId('chart-entered');
    expect(await entered.count()).toBe(22);
    expect(await page.locator('[data-testid="chart-entered"][data-code="ONPG"]').getAttribute('data-reaction')).toBe('+');
    expect(await page.getByTestId('chart-cell').count()).toBe(22 * 4);
    expect(await page.locator('[data-testid="chart-cell"][data-against="true"]').count()).toBeGreaterThan(0);
    await shots(page, `biochem-result-${locale}`);
    expect(await page.getByTestId('candidate-row').count()).toBe(10);
    expect(await page.getByTestId('quality-tag').first().getAttribute('data-level')).toMatch(/excellent|very good|good|acceptable/);
    expect(await page.getByTestId('biochem-definition').innerText()).toContain(locale === 'en' ? 'Bayes' : '贝叶斯');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`mdc-blast-${id}.csv`);
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText).toContain('Escherichia coli');
    expect(csvText).toContain(locale === 'en' ? 'section,rank,taxon' : '部分,名次,菌种');
    if (pdfAvailable(locale)) {
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-pdf').click()]);
      expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    }

    await page.goto(`${pre}/blast/hist?method=biochem`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('history-top-species').getAttribute('data-taxon')).toBe('Escherichia coli');
    expect(await row.innerText()).toContain('5144572');
  });

  journey('en', 'on a phone: the primary tests and morphology alone give a genus-level answer', async () => {
    const { page } = await stack.newPage({ width: 375, height: 812 });
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-morph').click();
    await page.getByTestId('biochem-primary').waitFor();
    await settled(page);
    await page.getByTestId('primary-GRAM').locator('.ant-segmented-item').nth(2).click();
    await page.getByTestId('choose-shape').click();
    await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(1));
    await page.getByTestId('choose-arrangement').click();
    await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(1));
    await page.getByTestId('primary-CAT').locator('.ant-segmented-item').nth(2).click();
    await page.getByTestId('primary-COA').locator('.ant-segmented-item').nth(2).click();
    // A quick test of the tiles below: DNase positive.
    await page.getByTestId('well-DNA').click();
    expect(await page.getByTestId('well-DNA').getAttribute('data-state')).toBe('+');
    expect(await page.getByTestId('biochem-count').innerText()).toMatch(/\b6\b/);
    await page.getByTestId('biochem-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=`));
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('task-method').innerText()).toBe(locale === 'en' ? 'Morphology' : '形态');
    // Morphology alone names the group, not S. aureus, and the test that settles the species.
    expect(await page.getByTestId('biochem-call-name').innerText()).toBe(locale === 'en' ? 'Coagulase-positive staphylococci' : '凝固酶阳性葡萄球菌');
    await page.getByTestId('biochem-settles').waitFor();
    // Without a quality label or the S. aureus row's %ID as if it were the group's.
    expect(await page.getByTestId('biochem-call').getByTestId('quality-tag').getAttribute('data-level')).toBe('species-group');
    expect(await page.getByTestId('biochem-call-percent').count()).toBe(0);
    // On a phone the picture reads down, one test a row.
    expect(await page.getByTestId('profile-chart').getAttribute('data-orientation')).toBe('vertical');
    await page.getByTestId('anonymous-notice').waitFor();

    // Issue 24: the Chinese history named the group in English ("Coagulase-positive staphylococci").
    const id = new URL(page.url()).searchParams.get('id')!;
    const { email, password } = await activeAccount(stack);
    await logIn(page, email, password, `${pre}/login`);
    await expectPath(page, pre || '/');
    await page.goto(`${pre}/blast/hist?method=morphology`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('history-top-species').innerText()).toBe(locale === 'en' ? 'Coagulase-positive staphylococci' : '凝固酶阳性葡萄球菌');
  });
});
