import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig, repoRoot, type Config } from '../../apps/server/src/config';
import type { Portal } from '../../apps/server/src/app';
import { startPortalOn } from '../../apps/server/test/support/imported-portal';
import { startSmtp, type SmtpSink } from '../../apps/server/test/support/smtp';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that keep headless Chromium off the (closed) network and quiet in a sandboxed root shell. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Stack {
  baseUrl: string;
  config: Config;
  portal: Portal;
  smtp: SmtpSink;
  browser: Browser;
  /**
   * A browser context of its own for this test (no cookies, no stored data) and a page in it.
   * Contexts are kept between the tests of a file and emptied for the next one, so the next page
   * loads the app from the browser's cache as a returning visitor's does, not cold: a cold start
   * costs 2.5 s on this machine, a returning one about 1 s. Within one test each call is a
   * context of its own (two users side by side).
   */
  newPage(options?: { width?: number; height?: number; locale?: string; timezoneId?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** The running test, or undefined outside vitest (a script such as e2e/screenshots.ts): each call then a context of its own. */
function currentTest(): string | undefined {
  try {
    const state = expect.getState();
    return `${state.testPath}\0${state.currentTestName}`;
  } catch {
    return undefined;
  }
}

/**
 * The whole portal as a user meets it: the built web app and the API on a real port, an
 * embedded database, a real SMTP server on loopback receiving the mails, and Debian's Chromium.
 */
export async function startStack(env: Record<string, string> = {}, options: { imported?: string } = {}): Promise<Stack> {
  const smtp = await startSmtp();
  const port = await freePort();
  const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    MDC_HOME: home,
    SMTP_URL: smtp.url,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_MAIL: '1000',
    // A private build (E2E_WEB_DIST) keeps a run apart from a rebuild of the shared one.
    WEB_DIST: process.env.E2E_WEB_DIST || path.join(repoRoot, 'apps/web/dist'),
    ...env,
  });
  // With `imported`, the portal starts with that reference folder imported (a kept image of the import).
  const portal = await startPortalOn(config, options.imported, true);
  await portal.app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs, headless: true });
  let calls = 0;
  // Contexts by their options; `test` is the test that holds one now (none: free for the next).
  const pool: { key: string; context: BrowserContext; test: string | undefined }[] = [];
  const release = async (entry: (typeof pool)[number]) => {
    const { context } = entry;
    for (const page of context.pages()) await page.close().catch(() => undefined);
    await context.clearCookies();
    await context.clearPermissions();
    // Saved data (the anonymous blast tasks in localStorage): emptied on the app's own origin.
    const state = await context.storageState();
    if (state.origins.some((origin) => origin.localStorage.length)) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/favicon.svg`).catch(() => undefined);
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.close();
    }
    entry.test = undefined;
  };
  return {
    baseUrl,
    config,
    portal,
    smtp,
    browser,
    async newPage({ width = 1280, height = 900, locale = 'zh-CN', timezoneId }: { width?: number; height?: number; locale?: string; timezoneId?: string } = {}) {
      const test = currentTest() ?? `outside a test ${++calls}`;
      for (const entry of pool) if (entry.test !== undefined && entry.test !== test) await release(entry);
      const key = JSON.stringify([width, height, locale, timezoneId]);
      let entry = pool.find((candidate) => candidate.test === undefined && candidate.key === key);
      if (!entry) {
        const context = await browser.newContext({
          viewport: { width, height },
          locale,
          baseURL: baseUrl,
          // The journeys ask for what people who reduce motion get: no zooms or slides to wait out.
          reducedMotion: 'reduce',
          ...(timezoneId ? { timezoneId } : {}),
        });
        const created = { key, context, test: undefined as string | undefined };
        context.on('close', () => {
          if (pool.includes(created)) pool.splice(pool.indexOf(created), 1);
        });
        pool.push(created);
        entry = created;
      }
      entry.test = test;
      const page = await entry.context.newPage();
      return { context: entry.context, page };
    },
    async close() {
      for (const { context } of [...pool]) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await portal.close();
      await smtp.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
