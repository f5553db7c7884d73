import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, cookie, eventually, expectPath, logIn, settled, visibleText } from '../support/helpers';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('locale', () => {
  it('chooses the initial locale on the root path only: browser language, then cookie', async () => {
    const en = await stack.newPage({ locale: 'en-US' });
    await en.page.goto('/');
    await expectPath(en.page, '/en');
    await eventually(async () => /^en/.test((await en.page.locator('html').getAttribute('lang')) ?? ''), 'html lang is English');

    // A deep link keeps its own language whatever the browser says.
    await en.page.goto('/lab');
    await en.page.waitForTimeout(300);
    expect(new URL(en.page.url()).pathname).toBe('/lab');

    const zh = await stack.newPage({ locale: 'zh-CN' });
    await zh.page.goto('/');
    await zh.page.getByTestId('home-page').waitFor();
    expect(new URL(zh.page.url()).pathname).toBe('/');

    // The cookie wins over the browser language.
    await zh.context.addCookies([{ name: 'locale', value: 'en', url: stack.baseUrl }]);
    await zh.page.goto('/');
    await expectPath(zh.page, '/en');
  });

  it.each([
    ['/lab', '/en/lab'],
    ['/resource/bp?guideline=EUCAST', '/en/resource/bp?guideline=EUCAST'],
    ['/blast', '/en/blast'],
    ['/', '/en'],
  ])('switches %s to %s and back, keeping the choice in a cookie', async (from, to) => {
    const { page } = await stack.newPage();
    await page.goto(from);
    await page.getByTestId('footer').getByTestId('lang-switch').click();
    await expectPath(page, to);
    expect(await cookie(page, 'locale')).toBe('en');
    const cookies = await page.context().cookies();
    const locale = cookies.find((c) => c.name === 'locale')!;
    expect(locale.path).toBe('/');
    // About 365 days.
    expect(locale.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    expect(await page.title()).toMatch(/MDC|Microbe/);
    await page.getByTestId('footer').getByTestId('lang-switch').click();
    await expectPath(page, from);
    expect(await cookie(page, 'locale')).toBe('zh');
  });

  it('gives each page its own title and description in each language', async () => {
    const { page } = await stack.newPage();
    const seen = new Set<string>();
    for (const path of ['/', '/en', '/lab', '/en/lab', '/blast', '/en/resource']) {
      await page.goto(path);
      await page.waitForTimeout(250);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(20);
      seen.add(title);
    }
    expect(seen.size).toBe(6);
  });
});

interface Head {
  lang: string;
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  ogLocale: string;
  alternates: string[][];
}

/** The head as the browser has it now (after the app ran). */
const liveHead = (page: Page): Promise<Head & { titles: number; descriptions: number }> =>
  page.evaluate(() => {
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? '';
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: content('meta[name="description"]'),
      ogTitle: content('meta[property="og:title"]'),
      ogDescription: content('meta[property="og:description"]'),
      ogLocale: content('meta[property="og:locale"]'),
      alternates: Array.from(document.querySelectorAll('link[rel="alternate"][hreflang]')).map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
      titles: document.head.querySelectorAll('title').length,
      descriptions: document.head.querySelectorAll('meta[name="description"]').length,
    };
  });

/** The head as the server sent it, read from the HTML the way a link preview reads it. */
async function sentHead(page: Page, path: string): Promise<Head> {
  const html = await (await page.request.get(path)).text();
  const decode = (text = '') => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const meta = (re: RegExp) => decode(re.exec(html)?.[1]);
  return {
    lang: /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? '',
    title: meta(/<title>([^<]*)<\/title>/),
    description: meta(/<meta name="description" content="([^"]*)"/),
    ogTitle: meta(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: meta(/<meta property="og:description" content="([^"]*)"/),
    ogLocale: meta(/<meta property="og:locale" content="([^"]*)"/),
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2])]),
  };
}

/** The app has rendered the page and its effects have run. */
async function rendered(page: Page) {
  await page.getByTestId('footer').waitFor();
  await settled(page);
}

// A person reads the page once it has settled in its new language: the whole head (title, description, Open Graph,
// alternates) is written in more than one render while the page's data loads, so wait for all of it, not the title alone.
const expectSame = async (page: Page, sent: Head) => {
  const same = async () => {
    const { titles: _t, descriptions: _d, ...live } = await liveHead(page);
    return JSON.stringify(live) === JSON.stringify(sent);
  };
  await eventually(same, `live head to be ${sent.title}`, 45_000).catch(() => undefined);
  const { titles, descriptions, ...live } = await liveHead(page);
  expect(live).toEqual(sent);
  expect([titles, descriptions]).toEqual([1, 1]);
};

describe('the document head', () => {
  it.each(['/en', '/', '/en/login', '/register', '/en/resource/bp?guideline=EUCAST', '/lab', '/en/blast', '/search?k=coli'])(
    'the app keeps the head the server sent for %s',
    async (path) => {
      const { page } = await stack.newPage({ locale: 'zh-CN' });
      const sent = await sentHead(page, path);
      expect(sent.lang).toBe(path.startsWith('/en') ? 'en' : 'zh-CN');
      expect(sent.alternates.map(([lang]) => lang)).toEqual(['zh-CN', 'en', 'x-default']);
      await page.goto(path);
      await rendered(page);
      await expectSame(page, sent);
    },
  );

  it('follows the page and its language while the app navigates', async () => {
    const { page } = await stack.newPage();
    await page.goto('/en/lab');
    await rendered(page);
    await expectSame(page, await sentHead(page, '/en/lab'));
    // The language switch is a navigation inside the app: no request for new HTML.
    await page.getByTestId('footer').getByTestId('lang-switch').click();
    await expectPath(page, '/lab');
    await expectSame(page, await sentHead(page, '/lab'));
    expect((await liveHead(page)).title).toBe('药敏解释 · MDC 微生物数据云');
    // A menu entry, another navigation inside the app.
    await page.goto('/en/login');
    await rendered(page);
    await clickStill(page.locator('a[href="/en/register"]').first());
    await expectPath(page, '/en/register');
    await expectSame(page, await sentHead(page, '/en/register'));
    expect((await liveHead(page)).ogLocale).toBe('en_US');
  });
});

describe('errors', () => {
  it('answers an unknown route with HTTP 404 and the 404 page', async () => {
    const { page } = await stack.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByText('页面不存在').first().waitFor();
    expect(await visibleText(page)).toContain('404');
    const en = await page.goto('/en/nothing-here');
    expect(en?.status()).toBe(404);
    await page.getByText('This page could not be found').first().waitFor();
  });

  it('shows the 500 page and the Can\'t Found page', async () => {
    const { page } = await stack.newPage({ locale: 'en-US' });
    await page.goto('/en/500');
    await page.getByText('System under maintenance').waitFor();
    expect(await visibleText(page)).toContain('Try again later');
    await page.goto('/en/404');
    await page.getByText("Can't Found").first().waitFor();
    const text = await visibleText(page);
    expect(text).toMatch(/network/i);
    expect(text).toMatch(/proxy/i);
    expect(text).toMatch(/firewall/i);
    await page.getByTestId('error-back').waitFor();
  });
});

describe('header', () => {
  it('becomes fixed once scrolled past 60 px', async () => {
    const { page } = await stack.newPage();
    await page.goto('/');
    const header = page.getByTestId('header');
    expect(await header.getAttribute('data-fixed')).toBe('false');
    await page.mouse.wheel(0, 40);
    await page.waitForTimeout(450);
    expect(await header.getAttribute('data-fixed')).toBe('false');
    await page.mouse.wheel(0, 400);
    await eventually(async () => (await header.getAttribute('data-fixed')) === 'true', 'header fixed');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await eventually(async () => (await header.getAttribute('data-fixed')) === 'false', 'header back in flow');
  });

  it('opens and closes the search box; blank keywords do nothing; keywords are trimmed', async () => {
    const { page } = await stack.newPage();
    await page.goto('/lab');
    await page.getByTestId('search-toggle').click();
    const panel = page.getByTestId('search-panel');
    await panel.waitFor();
    // An outside click closes it.
    await page.mouse.click(640, 700);
    await panel.waitFor({ state: 'detached' });

    await page.getByTestId('search-toggle').click();
    const input = panel.locator('input');
    await input.fill('    ');
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/lab');
    await panel.waitFor();

    await input.fill('  Escherichia coli  ');
    await input.press('Enter');
    await eventually(() => new URL(page.url()).pathname === '/search', 'on the search page');
    expect(new URL(page.url()).searchParams.get('k')).toBe('Escherichia coli');
    await panel.waitFor({ state: 'detached' });
  });

  it('does not ask for suggestions when the box gets focus', async () => {
    const { page } = await stack.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/autocomplete')) calls.push(r.url());
    });
    await page.goto('/');
    await page.getByTestId('search-toggle').click();
    await page.getByTestId('search-panel').locator('input').focus();
    await page.waitForTimeout(600);
    expect(calls).toEqual([]);
  });
});

describe('phone width', () => {
  it('shows a drawer at 375 px with the entries and a collapsible profile section', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage({ width: 375, height: 812 });
    await logIn(page, email, password);
    await expectPath(page, '/');
    expect(await page.getByTestId('nav-lab').isVisible()).toBe(false);
    await page.getByTestId('drawer-button').click();
    const drawer = page.getByTestId('drawer');
    await drawer.waitFor();
    const text = await drawer.innerText();
    for (const entry of ['资源', '药敏', '鉴定']) expect(text).toContain(entry);
    await drawer.getByTestId('drawer-lang-switch').waitFor();
    const profile = page.getByTestId('drawer-profile');
    await profile.waitFor();
    await settled(page);
    await profile.getByText(email).click();
    await page.getByTestId('drawer-logout').waitFor();
    await page.getByTestId('drawer-change-password').waitFor();
    // Collapses again.
    await profile.getByText(email).click();
    await eventually(async () => !(await page.getByTestId('drawer-logout').isVisible()), 'profile collapsed');
  });
});

describe('dialogs', () => {
  it('ignore clicks on the backdrop', async () => {
    const { page } = await stack.newPage();
    await page.goto('/');
    await page.getByTestId('disclaimer-open').click();
    const dialog = page.getByTestId('disclaimer-dialog');
    await dialog.waitFor();
    await settled(page);
    await page.mouse.click(8, 8);
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(true);
    await page.getByTestId('disclaimer-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('the document head of detail pages (reference data imported, so last in this file)', () => {
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = buildSmallDataDir();
    await stack.portal.app.refdata.runImport(dataDir);
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the drug and the taxon in the title, from the server and after navigating', async () => {
    const [coli] = await stack.portal.db.query<{ name_zh: string }>(`SELECT name_zh FROM taxon WHERE mo = 'B_ESCHR_COLI'`);
    const [meropenem] = await stack.portal.db.query<{ name_zh: string }>(`SELECT name_zh FROM antibiotic WHERE code = 'MEM'`);
    expect(coli?.name_zh).toBeTruthy();
    expect(meropenem?.name_zh).toBeTruthy();
    const { page } = await stack.newPage();

    const drug = await sentHead(page, '/en/resource/atb/MEM');
    expect(drug.title).toBe('Meropenem (MEM) · Antimicrobial agent · MDC Microbe Data Cloud');
    await page.goto('/en/resource/atb/MEM');
    await page.getByTestId('atb-heading').waitFor();
    await rendered(page);
    await expectSame(page, drug);
    // Switching language inside the app renames it in Chinese…
    await page.getByTestId('footer').getByTestId('lang-switch').click();
    await expectPath(page, '/resource/atb/MEM');
    // What a reader waits for: the page itself in Chinese (the drug's Chinese name in its heading), then the tab's title.
    await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached', timeout: 45_000 });
    await page.getByTestId('atb-heading').filter({ hasText: meropenem!.name_zh }).waitFor({ timeout: 45_000 });
    await rendered(page);
    await eventually(async () => (await liveHead(page)).title === `${meropenem!.name_zh} (MEM) · 抗菌药物详情 · MDC 微生物数据云`, 'Chinese drug title', 45_000);
    await expectSame(page, await sentHead(page, '/resource/atb/MEM'));
    // …and leaving the page drops the name.
    await clickStill(page.locator('a[href="/resource/atb"]').first());
    await expectPath(page, /^\/resource\/atb(\?|$)/);
    await eventually(async () => (await liveHead(page)).title === '抗菌药物 · MDC 微生物数据云', 'list title without the drug', 45_000);

    const taxon = await sentHead(page, '/resource/taxon/B_ESCHR_COLI');
    expect(taxon.title).toBe(`${coli!.name_zh} Escherichia coli · 分类单元详情 · MDC 微生物数据云`);
    await page.goto('/resource/taxon/B_ESCHR_COLI');
    await page.getByTestId('taxon-heading').waitFor();
    await rendered(page);
    await expectSame(page, taxon);
    await page.getByTestId('footer').getByTestId('lang-switch').click();
    await expectPath(page, '/en/resource/taxon/B_ESCHR_COLI');
    // What a reader waits for: the page itself in English (its heading re-rendered from the English answer), then the tab's title.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached', timeout: 45_000 });
    await page.getByTestId('taxon-heading').waitFor({ timeout: 45_000 });
    await rendered(page);
    await eventually(async () => (await liveHead(page)).title === 'Escherichia coli · Taxon · MDC Microbe Data Cloud', 'English taxon title', 45_000);
    await expectSame(page, await sentHead(page, '/en/resource/taxon/B_ESCHR_COLI'));
  });
});
