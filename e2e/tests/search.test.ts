import { rmSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { startStack, type Stack } from '../support/stack';
import { clickStill, eventually, expectPath, sticksOut } from '../support/helpers';

// Finding things: the header's suggestions (typos, Chinese, codes), Enter to the search page,
// results grouped with counts that lead to the entity pages, and bad input.

let stack: Stack;
let dataDir: string;

beforeAll(async () => {
  // E2E_WEB_DIST: a private build of the web app, for runs beside people rebuilding apps/web/dist.
  dataDir = buildSmallDataDir();
  stack = await startStack(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}, { imported: dataDir });
});
afterAll(async () => {
  await stack?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function headerBox(page: Page, path = '/'): Promise<Locator> {
  await page.goto(path);
  await page.getByTestId('search-toggle').click();
  const input = page.getByTestId('search-panel').locator('input');
  await input.waitFor();
  return input;
}

const options = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

async function suggestionsFor(page: Page, input: Locator, keyword: string, expected: string[]): Promise<string[]> {
  await input.fill(keyword);
  let texts: string[] = [];
  await eventually(async () => {
    texts = await options(page).allInnerTexts();
    return expected.every((e) => texts.some((t) => t.includes(e)));
  }, `suggestions for ${keyword} to include ${expected.join(', ')}`, 20_000);
  return texts;
}

describe('suggestions in the header', () => {
  it('tolerates a typo and opens the chosen organism', async () => {
    const { page } = await stack.newPage();
    const input = await headerBox(page);
    const texts = await suggestionsFor(page, input, 'Eschrichia coli', ['Escherichia coli']);
    const hit = texts.find((t) => t.includes('Escherichia coli'))!;
    expect(hit).toContain('大肠埃希菌');
    expect(hit).toContain('菌种');
    await clickStill(options(page).filter({ hasText: 'Escherichia coli' }).first());
    await expectPath(page, '/resource/taxon/B_ESCHR_COLI');
    await page.getByTestId('taxon-heading').waitFor();
  });

  // One visitor types one keyword after another, going home by the logo between them (in-app, as
  // a person does): each Enter must move the page from home to the keyword's own page.
  const keywords: [string, string[], string][] = [
    ['大肠埃希', ['大肠埃希菌'], '/resource/taxon/B_ESCHR_COLI'],
    ['阿莫西林', ['阿莫西林', '阿莫西林/克拉维酸'], '/resource/atb/AMX'],
    ['AMC', ['阿莫西林/克拉维酸'], '/resource/atb/AMC'],
    ['kpn', ['肺炎克雷伯菌'], '/resource/taxon/B_KLBSL_PNMN'],
    ['mero', ['美罗培南'], '/resource/atb/MEM'],
    // What microbiologists type: abbreviated binomials, short names, clinical and drug abbreviations.
    ['E. coli', ['大肠埃希菌'], '/resource/taxon/B_ESCHR_COLI'],
    ['E.coli', ['大肠埃希菌'], '/resource/taxon/B_ESCHR_COLI'],
    ['K. pneumoniae', ['肺炎克雷伯菌'], '/resource/taxon/B_KLBSL_PNMN'],
    ['P. aeruginosa', ['铜绿假单胞菌'], '/resource/taxon/B_PSDMN_AERG'],
    ['S. aureus', ['金黄色葡萄球菌'], '/resource/taxon/B_STPHY_AURS'],
    ['Staph aureus', ['金黄色葡萄球菌'], '/resource/taxon/B_STPHY_AURS'],
    ['MRSA', ['金黄色葡萄球菌'], '/resource/taxon/B_STPHY_AURS'],
    ['pip/tazo', ['哌拉西林/他唑巴坦'], '/resource/atb/TZP'],
    // Every carbapenem with breakpoints ranks alike (ertapenem and imipenem have them since the 2023–2025 tables), first by name.
    ['carbapenem', ['美罗培南', '厄他培南'], '/resource/atb/ETP'],
    ['碳青霉烯', ['美罗培南', '厄他培南'], '/resource/atb/ETP'],
  ];
  it(`finds ${keywords.length} keywords microbiologists type and the keyboard opens each one's first suggestion`, async () => {
    const { page } = await stack.newPage();
    await page.goto('/');
    for (const [keyword, expected, path] of keywords) {
      await page.getByTestId('logo').click();
      await expectPath(page, '/');
      await page.getByTestId('search-toggle').click();
      const input = page.getByTestId('search-panel').locator('input');
      await input.waitFor();
      const texts = await suggestionsFor(page, input, keyword, expected);
      expect(texts.length, keyword).toBeLessThanOrEqual(10);
      await input.press('ArrowDown');
      await input.press('Enter');
      await expectPath(page, path);
    }
  });

  it('lists what clinics isolate most near the top, not the alphabet\'s K. oxytoca', async () => {
    const { page } = await stack.newPage({ locale: 'en-US' });
    const input = await headerBox(page, '/en');
    const texts = await suggestionsFor(page, input, 'Klebs', ['Klebsiella pneumoniae']);
    expect(texts.findIndex((t) => t.includes('Klebsiella pneumoniae'))).toBeLessThan(3);
  });

  it('shows the drug kind and both names on English pages', async () => {
    const { page } = await stack.newPage({ locale: 'en-US' });
    const input = await headerBox(page, '/en');
    const texts = await suggestionsFor(page, input, '阿莫西林', ['Amoxicillin/Clavulanic acid']);
    const hit = texts.find((t) => t.includes('Amoxicillin/Clavulanic acid'))!;
    expect(hit).toContain('Drug');
    expect(hit).toContain('阿莫西林/克拉维酸');
    expect(hit).toContain('AMC');
  });

  it('Enter searches the typed words even while suggestions are open', async () => {
    const { page } = await stack.newPage();
    const input = await headerBox(page);
    await suggestionsFor(page, input, 'amoxicillin', ['阿莫西林']);
    await input.press('Enter');
    await expectPath(page, '/search?k=amoxicillin');
  });

  it('does nothing for a blank keyword and shows the server\'s word for one over 200 characters', async () => {
    const { page } = await stack.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/autocomplete')) calls.push(r.postData() ?? '');
    });
    const input = await headerBox(page, '/resource');
    await input.fill('   ');
    await input.press('Enter');
    await page.waitForTimeout(600);
    expect(new URL(page.url()).pathname).toBe('/resource');
    expect(calls).toEqual([]);

    await input.fill('x'.repeat(201));
    const message = page.getByTestId('search-input-message');
    await message.waitFor();
    expect(await message.innerText()).toMatch(/200/);
    await input.press('Enter');
    await expectPath(page, /^\/search\?k=x{201}$/);
    const pageMessage = page.getByTestId('search-message');
    await pageMessage.waitFor();
    expect(await pageMessage.innerText()).toMatch(/200/);
  });
});

describe('search page', () => {
  it('groups results with counts and links them to their pages', async () => {
    const { page } = await stack.newPage();
    await page.goto('/search?k=amoxicillin');
    expect(await page.getByTestId('search-page-input').inputValue()).toBe('amoxicillin');
    const drugs = page.getByTestId('search-group-antibiotics');
    await drugs.waitFor();
    expect(Number(await drugs.getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('search-count-antibiotics').innerText()).toMatch(/抗菌药物\s*\d+/);
    const tables = page.getByTestId('search-group-breakpoints');
    await tables.waitFor();
    expect(await tables.innerText()).toMatch(/(CLSI|EUCAST) \d{4} · 阿莫西林/);

    await drugs.locator('[data-id="AMC"] a').first().click();
    await expectPath(page, '/resource/atb/AMC');
    await page.getByTestId('atb-facts').waitFor();
  });

  it('leads from a breakpoint table to the filtered breakpoint page', async () => {
    const { page } = await stack.newPage();
    await page.goto('/search?k=meropenem');
    const tables = page.getByTestId('search-group-breakpoints');
    await tables.waitFor();
    await tables.locator('a', { hasText: 'EUCAST' }).first().click();
    await expectPath(page, /^\/resource\/bp\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('guideline')).toBe('EUCAST');
    expect(q.get('antibiotic')).toBe('MEM');
    await eventually(async () => (await page.locator('[data-testid="bp-table"] tr.ant-table-row').count()) > 0, 'breakpoint rows');
    const rows = await page.locator('[data-testid="bp-table"] tr.ant-table-row').allInnerTexts();
    expect(rows.every((r) => r.includes('美罗培南') && r.includes('EUCAST'))).toBe(true);
  });

  it.each([
    [1280, 'zh-CN', '/search'],
    [375, 'en-US', '/en/search'],
  ])('keeps a 3,000-character keyword inside the heading at %i px', async (width, locale, path) => {
    const { page } = await stack.newPage({ width, height: 800, locale });
    const keyword = 'x'.repeat(3000);
    await page.goto(`${path}?k=${keyword}`);
    await page.getByTestId('search-message').waitFor();
    const heading = page.getByTestId('search-heading');
    expect((await heading.innerText()).length).toBeLessThan(200);
    expect(await heading.getAttribute('title')).toBe(keyword);
    expect(await sticksOut(page)).toEqual([]);
  });

  it('finds what ESBL is about: the drugs of its test and the organisms it is defined for', async () => {
    const { page } = await stack.newPage({ locale: 'en-US' });
    await page.goto('/en/search?k=ESBL');
    await page.getByTestId('search-total').waitFor();
    expect(await page.getByTestId('search-none').count()).toBe(0);
    const drugs = await page.getByTestId('search-group-antibiotics').innerText();
    expect(drugs).toContain('Ceftazidime');
    expect(drugs).toContain('ESBL');
    expect(await page.getByTestId('search-group-taxa').innerText()).toContain('Enterobacterales');
  });

  it('finds organisms by Chinese name and by code, in both languages', async () => {
    const { page } = await stack.newPage();
    await page.goto(`/search?k=${encodeURIComponent('大肠埃希')}`);
    const taxa = page.getByTestId('search-group-taxa');
    await taxa.waitFor();
    expect(await taxa.innerText()).toContain('大肠埃希菌');

    const { page: en } = await stack.newPage({ locale: 'en-US' });
    await en.goto('/en/search?k=kpn');
    const organisms = en.getByTestId('search-group-taxa');
    await organisms.waitFor();
    const text = await organisms.innerText();
    expect(text).toContain('Organisms');
    expect(text).toContain('Klebsiella pneumoniae');
  });

  it('takes quotes, %, _, backslashes and regular-expression characters as plain text', async () => {
    const { page } = await stack.newPage();
    for (const keyword of ['%', '_', '\\', '.*', '"coli', "(kpn|eco)"]) {
      await page.goto(`/search?k=${encodeURIComponent(keyword)}`);
      await page.getByTestId('search-total').waitFor();
      expect(await page.getByTestId('search-page-input').inputValue()).toBe(keyword);
      expect(await page.getByTestId('server-error').count()).toBe(0);
    }
  });

  it('without a keyword offers examples and does not search', async () => {
    const { page } = await stack.newPage();
    await page.goto('/search');
    await page.getByTestId('search-empty').waitFor();
    await page.getByTestId('search-page-input').press('Enter');
    await page.waitForTimeout(400);
    expect(new URL(page.url()).search).toBe('');
  });
});
