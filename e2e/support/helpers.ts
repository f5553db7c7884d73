import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { authPaths } from '@mdc/contracts';
import type { Stack } from './stack';

export const PASSWORD = 'Microbe1!';
export const NEW_PASSWORD = 'Colony2#x';

let n = 0;
export const freshEmail = () => `e2e${Date.now()}${n++}@lab.example.org`;

/** Waits until `check` holds, polling; playwright-core has no test runner's auto-waiting expect. */
/**
 * Waits until `check` holds. A check that throws meanwhile — the page navigating between two reads
 * ("execution context was destroyed" while the app switches language), an element not there yet —
 * is asked again, as a person looks again; at the deadline its last error is part of the failure.
 */
export async function eventually(check: () => Promise<boolean> | boolean, message: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out: ${message}${lastError ? ` (last check failed: ${lastError instanceof Error ? lastError.message : String(lastError)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function expectPath(page: Page, expected: string | RegExp) {
  await eventually(() => {
    const url = new URL(page.url());
    const actual = url.pathname + url.search;
    return typeof expected === 'string' ? actual === expected : expected.test(actual);
  }, `URL ${page.url()} to match ${expected}`);
}

export async function fillForm(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const input = page.locator(`input#${name}`);
    await input.fill('');
    await input.fill(value);
  }
}

export async function cookie(page: Page, name: string) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === name)?.value;
}

/** An active account made through the API, as a fixture for journeys that start after registration. */
export async function activeAccount(stack: Stack, email = freshEmail(), password = PASSWORD) {
  const post = (url: string, body: Record<string, string>) =>
    stack.portal.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });
  const reg = await post(authPaths.register, { email, password, repeatPassword: password });
  expect(reg.json().code).toBe(0);
  const mail = await stack.smtp.next(email);
  const id = mail.links.find((l) => l.includes('/register/verify/'))!.split('/').pop()!;
  expect((await post(authPaths.activate, { id })).json().code).toBe(0);
  return { email, password };
}

export async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await fillForm(page, { email, password });
  await page.getByTestId('login-submit').click();
}

export async function visibleText(page: Page) {
  return page.locator('body').innerText();
}

/** antd's floating layers: each slides or zooms in when it opens. */
const POPUPS = '.ant-modal-root, .ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown, .ant-select-dropdown';

/**
 * Waits until the open dialogs, drawers, menus and option lists stop moving. antd zooms a dialog
 * in over ~0.3 s and slides menus down; on a busy machine a click aimed at a button or an option
 * while it moves can land on whatever ends up under that point (a blast dialog's Submit click once
 * focused the text box instead, a click on the user menu's "change password" went nowhere).
 * Endless animations (spinners) never settle and are not waited for.
 */
export async function settled(page: Page) {
  await page.waitForFunction((popups) =>
    document.getAnimations().every((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect?.target as Element | null | undefined;
      if (animation.playState !== 'running' || !target) return true;
      if (effect?.getTiming().iterations === Infinity) return true;
      return !target.closest(popups);
    }),
    POPUPS,
  );
}

/** Clicks an entry of a menu, option list or dialog once it has appeared and stopped moving. */
export async function clickStill(target: Locator) {
  await target.waitFor();
  await settled(target.page());
  await target.click();
}

/**
 * Elements that stick out of the viewport sideways (and so widen the page), leaving out those
 * inside a container that scrolls or clips on purpose (tables, tab strips). Empty when the page fits.
 */
export async function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      let parent = el.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!contained) out.push(`${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).slice(0, 40)} right ${box.right.toFixed(1)} > ${width}`);
    }
    return out;
  });
}

/** Whether a table (antd) shows all its columns without sideways scrolling. */
export async function tableFits(table: Locator): Promise<boolean> {
  return table.evaluate((root) => {
    const content = root.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null;
    return !content || content.scrollWidth <= content.clientWidth + 1;
  });
}

/**
 * With MDC_SHOT_DIR set, the page at 1280 and 375 px for people to look at (not an assertion;
 * without it, nothing). The viewport goes back to 1280 afterwards.
 */
export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.MDC_SHOT_DIR;
  if (!dir) return;
  const { width: before = 1280, height = 900 } = page.viewportSize() ?? {};
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height });
    // The layout settles at the new width before the picture.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: before, height });
}

/**
 * The journeys of a `describe.each` over zh and en, each run in one of the two languages. Each
 * journey twice doubled a file's minutes for the same server work; shared out, each language
 * still meets the method's pages, texts and layout, and the phone-width journeys mostly run in
 * English. `journey(runsIn, name, fn)` registers the test only in the block of its language.
 */
export function journeysIn(locale: 'zh' | 'en') {
  return (runsIn: 'zh' | 'en', name: string, fn: () => Promise<void>, timeout?: number) => {
    if (runsIn === locale) it(name, fn, timeout);
  };
}
