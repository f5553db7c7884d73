import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBuiltinLibrary, seedProteinTable } from '../../apps/server/src/blast/proteome/test-spectra';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, expectPath, logIn, settled } from '../support/helpers';

let stack: Stack;
const here = path.dirname(fileURLToPath(import.meta.url));

/** A Christner 2014 E. coli isolate as a text peak list: the built-in spectral library has no real E. coli spectrum. */
const ecoli = Buffer.from(
  [
    'mz,intensity',
    ...readFileSync(path.join(here, '../../bench/identify/proteome/data/christner2014-ecoli-top100.csv'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('12,'))
      .map((l) => l.split(',').slice(1).join(',')),
  ].join('\n'),
);

beforeAll(async () => {
  stack = await startStack();
  await seedBuiltinLibrary(stack.portal.db);
  await seedProteinTable(stack.portal.db);
});
afterAll(async () => {
  await stack?.close();
});

// One language (CI time): the Chinese MALDI-TOF result page is the flex-zip journey's.
describe.each(['en'] as ('zh' | 'en')[])('a spectrum answered library-free, in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';

  it('upload an E. coli peak list → the answer names Escherichia at genus level, carried by library-free evidence', async () => {
    const { page } = await stack.newPage();
    const { email, password } = await activeAccount(stack);
    await logIn(page, email, password, `${pre}/login`);
    await expectPath(page, new RegExp(`^${pre}(/|/home)?$`));
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-ms').click();
    await page.getByTestId('proteome-upload').waitFor();
    await settled(page);
    expect(await page.getByTestId('proteome-formats').innerText()).toMatch(/\.mzXML/);
    await page.getByTestId('proteome-dialog').locator('input[type=file]').setInputFiles({ name: 'ecoli-12.csv', mimeType: 'text/csv', buffer: ecoli });
    await page.getByTestId('proteome-file').waitFor();
    await page.getByTestId('proteome-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });

    const answer = page.getByTestId('proteome-answer');
    await answer.waitFor();
    expect(await answer.getAttribute('data-carried-by')).toBe('library-free');
    expect(await answer.getAttribute('data-level')).toBe('genus');
    // Headed as the genus, the species it cannot separate as the closest.
    expect(await page.getByTestId('proteome-answer-name').innerText()).toBe(locale === 'en' ? 'Escherichia sp.' : 'Escherichia 属未定种');
    expect(await answer.getByTestId('call-closest').innerText()).toMatch(/Escherichia coli/);
    expect(await page.getByTestId('proteome-carried-by').innerText()).toMatch(locale === 'en' ? /library-free/ : /无谱库/);
    const card = page.getByTestId('proteome-library-free');
    expect(await card.getAttribute('data-level')).toBe('genus');
    expect(await card.innerText()).toMatch(locale === 'en' ? /Library-free identification/ : /无谱库鉴定/);
    // The library's entries are only the closest: none of them carries a level beside the Escherichia answer.
    expect(await page.getByTestId('proteome-call').getAttribute('data-level')).toBe('closest');
    expect(await page.getByTestId('proteome-call').getByTestId('band-tag').count()).toBe(0);
    expect(await page.getByTestId('proteome-hits').getAttribute('data-role')).toBe('closest-entries');
    expect(await page.getByTestId('proteome-hits').getByTestId('band-tag').count()).toBe(0);
    if (process.env.MDC_SHOTS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await settled(page);
        await page.screenshot({ path: path.join(process.env.MDC_SHOTS, `proteome-library-free-${locale}-${width}.png`), fullPage: true });
      }
    }

    // The history states the same call (issue 24's screenshots: it showed the bare genus "Escherichia", where 16S writes "Weissella sp." and its closest).
    await page.goto(`${pre}/blast/hist`);
    const row = page.locator('[data-testid="history-row"]').first();
    await row.getByTestId('history-top-species').waitFor();
    expect(await row.getByTestId('history-top-species').innerText()).toBe(locale === 'en' ? 'Escherichia sp.' : 'Escherichia 属未定种');
    expect(await row.getByTestId('call-closest').innerText()).toMatch(/Escherichia coli/);
  });
});
