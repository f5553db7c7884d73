import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { createHandlers } from '../../apps/server/src/jobs/handlers';
import { startRunner, type Runner } from '../../apps/server/src/jobs/runner';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, logIn, journeysIn } from '../support/helpers';

/**
 * The current tables as a person meets them: an E. coli experiment read under CLSI 2025 (gentamicin
 * 4 mg/L is I, and the page says it was S under CLSI 2022; meropenem 8 raises the CRE alert with its
 * next step; read again under CLSI 2022, gentamicin is the one result that differs), and the
 * breakpoint page's history of E. coli × gentamicin. One journey per language.
 */
let stack: Stack;
let small: string;
let runner: Runner | undefined;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  small = buildSmallDataDir();
  stack = await startStack({ REFDATA_DIR: small }, { imported: small });
  const { db } = stack.portal;
  runner = startRunner({ db, handlers: createHandlers({ db, config: stack.config, log: quiet as never }), pollMs: 100 });
});
afterAll(async () => {
  await runner?.stop();
  await stack?.close();
  rmSync(small, { recursive: true, force: true });
});

/** With MDC_SHOT_DIR set, the page at 1280 and 375 px for people to look at (not an assertion). */
async function shots(page: Page, name: string) {
  const dir = process.env.MDC_SHOT_DIR;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.each([
  ['zh', '', 'zh-CN'],
  ['en', '/en', 'en-US'],
] as const)('current CLSI tables in %s', (locale, prefix, browserLocale) => {
  const journey = journeysIn(locale);
  journey('zh', 'shows gentamicin 4 as I under CLSI 2025 with "was S under CLSI 2022", the CRE alert, and the E. coli × gentamicin history', async () => {
    const { email, password } = await activeAccount(stack);
    const login = await stack.portal.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const token = login.json().data.token as string;
    const created = await stack.portal.app.inject({
      method: 'POST',
      url: '/api/lab/experiments',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        sampleName: 'Blood culture 2026-0114',
        sampleType: 'bl',
        organism: 'Escherichia coli',
        method: 'MIC',
        site: 'general',
        guideline: 'CLSI',
        results: [
          { antibiotic: 'GEN', value: '4' },
          { antibiotic: 'MEM', value: '8' },
        ],
      },
    });
    expect(created.json().code).toBe(0);
    const id = created.json().data.id as string;

    const { page, context } = await stack.newPage({ locale: browserLocale });
    await logIn(page, email, password, `${prefix}/login?redirect=${encodeURIComponent(`${prefix}/lab/res?id=${id}`)}`);
    const gentamicin = page.locator('[data-testid=result-row][data-code=GEN]');
    await gentamicin.getByText(locale === 'zh' ? '按 CLSI 2025 为 I —— 按 CLSI 2022 为 S（折点于 CLSI 2023 修订）' : 'I under CLSI 2025 — was S under CLSI 2022 (breakpoint changed in CLSI 2023)').waitFor();
    const alert = page.locator('[data-testid=lab-alert][data-alert=cre]');
    await alert.getByText(locale === 'zh' ? '碳青霉烯类不敏感肠杆菌目细菌（CRE）' : 'Carbapenem-non-susceptible Enterobacterales (CRE)', { exact: false }).waitFor();
    await alert.getByText(locale === 'zh' ? '碳青霉烯酶检测' : 'carbapenemase production', { exact: false }).waitFor();
    // The whole experiment read again under CLSI 2022: gentamicin differs (S then), meropenem does not.
    const reread = page.getByTestId('lab-reread');
    await reread.getByTestId('reread-year').click();
    await page.locator('.ant-select-item-option[title="2022"]').click();
    await reread.getByTestId('reread-run').click();
    await reread.getByTestId('reread-summary').getByText(locale === 'zh' ? '在 CLSI 2022 下，2 个结果中有 1 个类别不同' : '1 of 2 results differ under CLSI 2022').waitFor();
    expect(await reread.locator('[data-differs=true]').count()).toBe(1);
    await reread.locator('[data-differs=true]').getByText('GEN').waitFor();
    await shots(page, `lab-res-${locale}`);

    await page.goto(`${prefix}/resource/bp?organism=eco&antibiotic=GEN&guideline=CLSI&method=MIC`);
    const history = page.getByTestId('bp-history');
    await history.getByText(locale === 'zh' ? '折点历年变化' : 'Breakpoint history', { exact: false }).waitFor();
    const changed = history.locator('[data-testid=bp-history-year][data-changed=true]');
    await changed.first().waitFor({ state: 'attached' });
    const years = await changed.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-year'))));
    expect(years).toContain(2023);
    const y2025 = history.locator('[data-testid=bp-history-year][data-year="2025"]');
    expect(await y2025.getAttribute('data-s')).toBe('2');
    expect(await y2025.getAttribute('data-r')).toBe('8');
    await shots(page, `bp-history-${locale}`);
    await context.close();
  });

  // Issue 24: EUCAST 2025 has cefazolin breakpoints for Enterobacterales for uncomplicated UTI only.
  journey('en', 'answers a blood culture E. coli cefazolin MIC 2 under EUCAST 2025 with no breakpoint for its site, naming the uUTI row', async () => {
    const { email, password } = await activeAccount(stack);
    const login = await stack.portal.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const token = login.json().data.token as string;
    const created = await stack.portal.app.inject({
      method: 'POST',
      url: '/api/lab/experiments',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        sampleName: 'Blood culture 2026-0201',
        sampleType: 'bl',
        organism: 'Escherichia coli',
        method: 'MIC',
        site: 'general',
        guideline: 'EUCAST',
        year: 2025,
        results: [
          { antibiotic: 'CZO', value: '2' },
          { antibiotic: 'GEN', value: '1' },
        ],
      },
    });
    expect(created.json().code).toBe(0);
    const id = created.json().data.id as string;
    const { page, context } = await stack.newPage({ locale: browserLocale });
    await logIn(page, email, password, `${prefix}/login?redirect=${encodeURIComponent(`${prefix}/lab/res?id=${id}`)}`);
    const cefazolin = page.locator('[data-testid=result-row][data-code=CZO]').first();
    await cefazolin
      .getByText(locale === 'zh' ? '无适用于全身感染（血液，不限部位）的折点' : 'no breakpoint for a systemic infection (blood, not site-specific)', { exact: false })
      .first()
      .waitFor();
    expect(await cefazolin.innerText()).toContain('S ≤ (0.001) · I 0.002–4 · R > 4 mg/L');
    expect(await cefazolin.innerText()).not.toMatch(/→ I\b|→ 敏感-增加暴露/);
    await shots(page, `lab-res-site-${locale}`);
    await context.close();
  });

  journey('zh', 'on submitting an empty form, says how many fields are missing and moves to the first', async () => {
    const { page, context } = await stack.newPage({ locale: browserLocale });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`${prefix}/lab`);
    // the defaults (method, guideline) are in once the options have loaded
    await page.locator('[data-testid=guideline] .ant-select-selection-item').waitFor();
    await page.getByTestId('lab-submit').scrollIntoViewIfNeeded();
    await page.getByTestId('lab-submit').click();
    // sample name, sample type, organism, site and the antibiotics (method and guideline have defaults)
    await page.getByText(locale === 'zh' ? '还有 5 项必填内容未填写，已跳到第一项' : '5 required fields are missing; the form has moved to the first').waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('sampleName')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sampleName');
    // what the reader sees at that moment: the message and the first missing field
    if (process.env.MDC_SHOT_DIR) await page.screenshot({ path: path.join(process.env.MDC_SHOT_DIR, `lab-empty-view-${locale}-375.png`) });
    await page.getByText(locale === 'zh' ? '样本名称不能为空' : 'SampleName can not be null').waitFor();
    // the fifth: the antibiotics card says so as the fields do
    expect(await page.getByTestId('antibiotics-missing').textContent()).toBe(locale === 'zh' ? '请至少添加一种抗菌药物' : 'Add at least one antibiotic');
    await shots(page, `lab-empty-${locale}`);
    await context.close();
  });
});
