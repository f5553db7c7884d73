// Screenshots of the portal's pages in both languages at desktop and phone width, for people to
// look at → screenshots/.
//
//   npm run screenshots -- /login /register                 a fresh embedded portal (no reference data)
//   npm run screenshots -- --base http://127.0.0.1:3000 \
//     --login someone@example.org:Secret1! /lab/hist /blast  a running portal, logged in
//
// Without routes it takes a standard set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from '../apps/server/src/config';
import { CHROMIUM, chromiumArgs, startStack, type Stack } from './support/stack';

const defaults = ['/', '/login', '/register', '/forgotPassword', '/updatePassword', '/404', '/500', '/no-such-page', '/resource', '/lab', '/blast'];
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, login: { type: 'string' }, widths: { type: 'string', default: '1280,375' }, wait: { type: 'string', default: '400' }, locales: { type: 'string', default: 'zh,en' } },
});
const outDir = path.join(repoRoot, 'screenshots');
mkdirSync(outDir, { recursive: true });

let stack: Stack | undefined;
let browser: Browser;
let baseUrl: string;
if (values.base) {
  baseUrl = values.base.replace(/\/$/, '');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs, headless: true });
} else {
  stack = await startStack();
  baseUrl = stack.baseUrl;
  browser = stack.browser;
}

/** The session cookies the web app reads on load, from a real log-in. */
async function sessionCookies(): Promise<Array<{ name: string; value: string; url: string }>> {
  if (!values.login) return [];
  const at = values.login.indexOf(':');
  const email = values.login.slice(0, at);
  const password = values.login.slice(at + 1);
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await response.json()) as { code: number; msg: string; data?: { token: string } };
  if (body.code !== 0 || !body.data) throw new Error(`log-in as ${email} failed: ${body.code} ${body.msg}`);
  return [
    { name: 'token', value: body.data.token, url: baseUrl },
    { name: 'email', value: email, url: baseUrl },
  ];
}

try {
  const cookies = await sessionCookies();
  for (const route of positionals.length ? positionals : defaults) {
    for (const locale of values.locales!.split(',')) {
      for (const width of values.widths!.split(',').map(Number)) {
        const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 812 }, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const url = locale === 'en' ? (route === '/' ? '/en' : '/en' + route) : route;
        await page.goto(baseUrl + url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(Number(values.wait));
        const slug = route.replace(/[/?=&]+/g, '_').replace(/^_/, '') || 'root';
        const name = `${slug}-${locale}-${width}.png`;
        // Long pages are cut at 2,400 px so that a picture stays readable when opened.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.screenshot({ path: path.join(outDir, name), fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, 2400) } });
        console.log(path.join('screenshots', name));
        await context.close();
      }
    }
  }
} finally {
  if (stack) await stack.close();
  else await browser.close();
}
