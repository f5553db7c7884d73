import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '@mdc/contracts';
import { loadConfig } from '../../src/config';
import { buildApp, type Portal } from '../../src/app';
import { dbKinds, startPortal, type TestPortal } from '../support/portal';

describe('pages of the single-page app', () => {
  let portal: TestPortal;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mdc-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    portal = await startPortal('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await portal?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/en', '/home', '/en/login', '/register/verify/abc', '/lab/hist', '/en/blast/res', '/resource/bp', '/search'])(
    'serves %s with 200',
    async (url) => {
      const res = await portal.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    },
  );

  it.each(['/no-such-page', '/en/no-such-page', '/lab/hist/extra'])('serves the app for %s with HTTP 404', async (url) => {
    const res = await portal.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="root"');
  });

  it('serves built assets and 404s missing ones', async () => {
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await portal.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves a web build made while it runs: the new page and its new assets', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root" data-build="2"></div>');
    utimesSync(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await portal.app.inject({ method: 'GET', url: '/lab' })).body).toContain('data-build="2"');
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
    // Unknown files and pages still answer 404, API paths with the envelope.
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app-3.js' })).statusCode).toBe(404);
    const api = await portal.app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(Number) });
  });
});

/** What a link preview, a crawler or a screen reader reads of a page before any script runs. */
function readHead(html: string) {
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const all = (re: RegExp) => [...html.matchAll(re)];
  const og = (property: string) => {
    const found = all(new RegExp(`<meta property="${property}" content="([^"]*)"`, 'g'));
    return found.length === 1 ? decode(found[0]![1]!) : `${found.length} tags`;
  };
  const titles = all(/<title>([^<]*)<\/title>/g);
  const descriptions = all(/<meta\b[^>]*name="description"[^>]*content="([^"]*)"/g);
  return {
    lang: /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1],
    title: titles.length === 1 ? decode(titles[0]![1]!) : `${titles.length} titles`,
    description: descriptions.length === 1 ? decode(descriptions[0]![1]!) : `${descriptions.length} descriptions`,
    ogTitle: og('og:title'),
    ogDescription: og('og:description'),
    ogLocale: og('og:locale'),
    ogUrl: og('og:url'),
    alternates: Object.fromEntries(all(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g).map((m) => [m[1], decode(m[2]!)])),
  };
}

const HAN = /\p{Script=Han}/u;

/** A page address of each route, with a sample id where the route has one. */
const sampleOf = (path: string) => path.replace(':id?', 'abc').replace(':id', 'B_NOSUCH').replace(':code', 'NOSUCH');

describe.each(dbKinds)('the head of every page, sent by the server, on %s', (kind) => {
  let portal: TestPortal;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mdc-dist-'));
  beforeAll(async () => {
    // What `vite build` makes of apps/web/index.html: the Chinese home page's head.
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>MDC 微生物数据云 · 微生物数据库 · 药敏解释 · 微生物鉴定</title>
    <meta
      name="description"
      content="MDC 微生物数据云由三部分组成。"
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`,
    );
    portal = await startPortal(kind, { WEB_DIST: dist });
    await portal.db.query(
      `INSERT INTO taxon (mo, name, name_zh, status, rank, source, prevalence, line, current_mo)
       VALUES ('B_ESCHR_COLI', 'Escherichia coli', '大肠埃希菌', 'accepted', 'species', 'LPSN', 1, 1, 'B_ESCHR_COLI')`,
    );
    await portal.db.query(`INSERT INTO antibiotic (code, name, name_zh) VALUES ('MEM', 'Meropenem', '美罗培南')`);
  });
  afterAll(async () => {
    await portal?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await portal.app.inject({ method: 'GET', url });
    return { status: res.statusCode, head: readHead(res.body), body: res.body, headers: res.headers };
  };

  it.each(pageRoutes.map((route) => sampleOf(route.path)))('sends %s its own head in Chinese and in English', async (page) => {
    const zh = await get(page);
    const en = await get(page === '/' ? '/en' : `/en${page}`);
    expect([zh.status, en.status]).toEqual([200, 200]);
    expect(zh.head.lang).toBe('zh-CN');
    expect(en.head.lang).toBe('en');
    expect(zh.head.title).toMatch(HAN);
    expect(zh.head.title).toContain('MDC 微生物数据云');
    expect(en.head.title).not.toMatch(HAN);
    expect(en.head.title).toContain('MDC Microbe Data Cloud');
    expect(zh.head.description).toMatch(HAN);
    expect(en.head.description).not.toMatch(HAN);
    expect(en.head.description.length).toBeGreaterThan(40);
    expect([zh.head.ogTitle, zh.head.ogDescription, zh.head.ogLocale]).toEqual([zh.head.title, zh.head.description, 'zh_CN']);
    expect([en.head.ogTitle, en.head.ogDescription, en.head.ogLocale]).toEqual([en.head.title, en.head.description, 'en_US']);
    const alternates = { 'zh-CN': `http://portal.test${page}`, en: `http://portal.test${page === '/' ? '/en' : `/en${page}`}`, 'x-default': `http://portal.test${page}` };
    expect(zh.head.alternates).toEqual(alternates);
    expect(en.head.alternates).toEqual(alternates);
    // The build's own head is replaced, not repeated; its scripts stay.
    expect(en.body).not.toContain('MDC 微生物数据云由三部分组成。');
    expect(en.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(en.headers['content-language']).toBe('en');
  });

  it('gives every page a title of its own in each language', async () => {
    for (const prefix of ['', '/en']) {
      const titles = new Set<string>();
      const names = pageRoutes.filter((route) => route.name !== 'root' && route.name !== 'home').map((route) => sampleOf(route.path));
      for (const page of names) titles.add((await get(prefix + page)).head.title);
      expect(titles.size).toBe(names.length);
    }
  });

  it.each([
    ['/login', '登录 · MDC 微生物数据云', 'zh-CN'],
    ['/en/login', 'Log in · MDC Microbe Data Cloud', 'en'],
    ['/en', 'MDC Microbe Data Cloud · Microbial database · AST interpretation · Identification', 'en'],
    ['/en/resource/bp', 'Breakpoints · MDC Microbe Data Cloud', 'en'],
    ['/lab', '药敏解释 · MDC 微生物数据云', 'zh-CN'],
    ['/en/blast', 'Blast · Identification · MDC Microbe Data Cloud', 'en'],
  ])('titles %s "%s"', async (url, title, lang) => {
    const { head } = await get(url);
    expect(head.title).toBe(title);
    expect(head.lang).toBe(lang);
  });

  it('names the taxon and the drug of a detail page in its title, in the page language', async () => {
    expect((await get('/resource/taxon/B_ESCHR_COLI')).head.title).toBe('大肠埃希菌 Escherichia coli · 分类单元详情 · MDC 微生物数据云');
    expect((await get('/en/resource/taxon/B_ESCHR_COLI')).head.title).toBe('Escherichia coli · Taxon · MDC Microbe Data Cloud');
    expect((await get('/resource/atb/MEM')).head.title).toBe('美罗培南 (MEM) · 抗菌药物详情 · MDC 微生物数据云');
    const en = await get('/en/resource/atb/mem');
    expect(en.head.title).toBe('Meropenem (MEM) · Antimicrobial agent · MDC Microbe Data Cloud');
    expect(en.head.ogTitle).toBe(en.head.title);
    // Unknown entries keep the page's general title.
    expect((await get('/en/resource/taxon/B_NOSUCH')).head.title).toBe('Taxon · MDC Microbe Data Cloud');
  });

  it('keeps the query in the alternates and escapes what the address carries', async () => {
    const { head, body } = await get('/en/resource/bp?guideline=EUCAST&organism=%22%3E%3Cscript%3E');
    expect(head.alternates['zh-CN']).toBe('http://portal.test/resource/bp?guideline=EUCAST&organism=%22%3E%3Cscript%3E');
    const raw = await get('/en/search?q="><script>alert(1)</script>');
    expect(raw.body).not.toContain('<script>alert(1)</script>');
    expect(raw.body).not.toMatch(/"><script/);
    expect(raw.head.ogUrl).toMatch(/^http:\/\/portal\.test\/en\/search\?q=.*alert\(1\)/);
    expect(body.match(/<title>/g)).toHaveLength(1);
  });

  it('answers an unknown address with 404 and the not-found head in its language, without alternates', async () => {
    const zh = await get('/no/such/page');
    const en = await get('/en/no/such/page');
    expect([zh.status, en.status]).toEqual([404, 404]);
    expect(zh.head).toMatchObject({ lang: 'zh-CN', title: '页面不存在 · MDC 微生物数据云', alternates: {} });
    expect(en.head).toMatchObject({ lang: 'en', title: 'This page could not be found · MDC Microbe Data Cloud', alternates: {} });
  });
});

describe('embedded database under MDC_HOME', () => {
  it('keeps accounts across restarts', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-home-'));
    const config = loadConfig({ MDC_HOME: home, LOG_LEVEL: 'warn' });
    let portal: Portal = await buildApp(config, { logger: false });
    try {
      expect(portal.db.kind).toBe('pglite');
      await portal.db.query(`INSERT INTO users (email, password_hash) VALUES ('kept@lab.org', 'x')`);
      await portal.close();
      expect(existsSync(path.join(home, 'db'))).toBe(true);
      portal = await buildApp(config, { logger: false });
      const rows = await portal.db.query<{ email: string }>('SELECT email FROM users');
      expect(rows.map((r) => r.email)).toEqual(['kept@lab.org']);
    } finally {
      await portal.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
