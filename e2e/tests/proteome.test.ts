import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { flexZip, maldiquantSpots, platePositions, PLACEHOLDER_SPECIES, seedBuiltinLibrary, seedPlaceholderLibrary, type ExampleSpot } from '../../apps/server/src/blast/proteome/test-spectra';
import { jobControl } from '../support/jobs';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, eventually, expectPath, logIn, settled, journeysIn } from '../support/helpers';

let stack: Stack;
let spots: ExampleSpot[];

const spot = (label: string, biological: string, replicate = 1) => spots.find((s) => s.label === label && s.spot === biological && s.replicate === replicate)!;

beforeAll(async () => {
  stack = await startStack();
  spots = await maldiquantSpots();
  // The shared library: the built-in one, and three of the four example species (placeholder
  // names); species4 is a lab's own strain here.
  await seedBuiltinLibrary(stack.portal.db);
  await seedPlaceholderLibrary(stack.portal.db, (s) => (s.label === 'species1' && s.spot === 'F10') || s.label === 'species4');
});
afterAll(async () => {
  await jobs.stop();
  await stack?.close();
});

const jobs = jobControl(() => stack);

async function openDialog(page: Page, pre: string) {
  await page.goto(`${pre}/blast`);
  await page.getByTestId('open-ms').click();
  await page.getByTestId('proteome-upload').waitFor();
  await settled(page);
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('proteome-dialog').locator('input[type=file]').setInputFiles({ name, mimeType: 'application/zip', buffer });
}

const done = (page: Page) => page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });

describe.each(['zh', 'en'] as const)('MALDI-TOF identification in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';
  const journey = journeysIn(locale);
  let account: { email: string; password: string };

  beforeAll(async () => {
    account = await activeAccount(stack);
  });

  journey('zh', 'upload a flex zip → running → done → result → explanation → export → history', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    await openDialog(page, pre);
    expect(await page.getByTestId('proteome-formats').innerText()).toMatch(/\.zip[\s\S]*\.mzML[\s\S]*\.spectrum/);
    // The drop zone states each format's limit; a .spectrum over its 300 KB is told the formats that carry a whole spectrum.
    expect(await page.getByTestId('proteome-limits').innerText()).toContain('.spectrum ≤ 300 KB');
    await upload(page, 'F10.spectrum', Buffer.alloc(324 * 1024, '2000 1\n'));
    await page.getByTestId('proteome-input-error').waitFor();
    const tooLarge = await page.getByTestId('proteome-input-error').innerText();
    expect(tooLarge).toMatch(/324 KB.*\.spectrum.*300 KB[。.]/);
    expect(tooLarge).not.toMatch(/KB MB/);
    expect(tooLarge).toMatch(/\.txt \.csv \.tsv \(≤ 8 MB\)/);

    // A file the server cannot read: its sentence names the file, in the page's language.
    await upload(page, 'notes.txt', Buffer.from('hello\nworld\n'));
    await page.getByTestId('proteome-file').waitFor();
    await page.getByTestId('proteome-submit').click();
    // Choosing it cleared the size message; the server's answer names the file.
    const unreadable = page.getByTestId('proteome-input-error').filter({ hasText: 'notes.txt' });
    await unreadable.waitFor();
    expect(await unreadable.innerText()).toMatch(locale === 'en' ? /notes\.txt.*(line|number)/ : /notes\.txt.*行/);
    await page.getByTestId('proteome-file').getByRole('button').click();

    await upload(page, 'F10.zip', flexZip([spot('species1', 'F10')]));
    await page.getByTestId('proteome-file').waitFor();
    // A click on the backdrop leaves the dialog and its file alone.
    await page.mouse.click(5, 300);
    expect(await page.getByTestId('proteome-file').innerText()).toContain('F10.zip');

    await jobs.hold();
    await page.getByTestId('proteome-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="running"]').waitFor();
    jobs.release();
    await done(page);

    expect(await page.getByTestId('proteome-call-name').innerText()).toBe(PLACEHOLDER_SPECIES.species1);
    expect(['species', 'subspecies']).toContain(await page.getByTestId('proteome-call').getAttribute('data-level'));
    expect(Number(await page.getByTestId('proteome-call-score').innerText())).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('proteome-runner-up').innerText()).toMatch(/Exemplia (secunda|tertia)/);
    expect(await page.getByTestId('proteome-hit-row').count()).toBe(10);

    // The explanation of the top hit: three factors, the mirrored spectra, the peaks behind them.
    await page.getByTestId('proteome-hit-row').first().getByTestId('explain-hit').click();
    const explanation = page.locator('[data-testid="proteome-explanation"][data-state="ready"]');
    await explanation.waitFor();
    await expectPath(page, new RegExp(`explain=1`));
    expect(await explanation.getByTestId('explanation-score').innerText()).toBe(await page.getByTestId('proteome-call-score').innerText());
    expect(await explanation.getByTestId('factor-query').innerText()).toMatch(/^\d+%$/);
    expect(await explanation.getByTestId('explanation-text').innerText()).toMatch(/log10\(1000 × /);
    expect(await explanation.getByTestId('query-peak-matched').count()).toBeGreaterThan(20);
    expect(await explanation.getByTestId('reference-peak-matched').count()).toBe(await explanation.getByTestId('query-peak-matched').count());
    await explanation.getByTestId('tab-unmatched-query').click();
    await explanation.locator('.ant-tabs-tabpane-active tbody tr').first().waitFor();

    // The second hit explained in its place.
    await page.getByTestId('proteome-hit-row').nth(1).getByTestId('explain-hit').click();
    await page.locator('[data-testid="proteome-explanation"][data-rank="2"][data-state="ready"]').waitFor();

    // CSV in the page's language.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    expect(csv.split('\r\n')[0]).toMatch(locale === 'en' ? /^spectrum,spot,rank,species/ : /^谱图,靶点,名次,菌种/);
    expect(csv).toContain(PLACEHOLDER_SPECIES.species1);

    // The history shows the task with its call.
    await page.goto(`${pre}/blast/hist?method=proteome`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('history-top-species').innerText()).toBe(PLACEHOLDER_SPECIES.species1);
    await row.getByTestId('history-view').click();
    await expectPath(page, `${pre}/blast/res?id=${id}`);
    await done(page);
  });

  journey('en', 'creates a library entry from three replicates and identifies a fourth spectrum against it', async () => {
    const { page } = await stack.newPage(locale === 'en' ? { width: 375, height: 812 } : {});
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${pre}/blast/ms/library`);
    await page.getByTestId('library-empty').waitFor();
    await page.getByTestId('library-add').click();
    await page.getByTestId('library-species').waitFor();
    await settled(page);
    // Without files and with a bad name it says what is missing before sending anything.
    await page.getByTestId('library-species').fill('nova');
    await page.getByTestId('library-add-submit').click();
    await page.getByTestId('library-species-error').waitFor();
    await page.getByTestId('library-files-error').waitFor();

    await page.getByTestId('library-species').fill('Exemplia nova');
    await page.getByTestId('library-strain').fill('LAB-7');
    await page.getByTestId('library-culture').fill('Columbia blood agar, 35 °C, 24 h');
    await page
      .getByTestId('library-add-dialog')
      .locator('input[type=file]')
      .setInputFiles([1, 2, 3].map((r) => ({ name: `G9-${r}.zip`, mimeType: 'application/zip', buffer: flexZip([spot('species4', 'G9', r)]) })));
    await eventually(async () => (await page.getByTestId('library-file').count()) === 3, 'three replicate files listed');
    await page.getByTestId('library-add-submit').click();

    // The new entry opens with its main spectrum and quality.
    const entry = page.getByTestId('library-entry');
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.getByTestId('replicate-score').count()).toBe(3);
    expect(Number(await entry.getByTestId('entry-peaks').innerText().then((t) => t.split(/\s/)[0]))).toBeGreaterThan(30);
    expect(await entry.getByTestId('main-spectrum-peak').count()).toBeGreaterThan(30);
    await clickStill(page.getByTestId('entry-close'));
    await page.getByTestId('library-entry-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('library-row').waitFor();
    expect(await page.getByTestId('library-row-species').innerText()).toBe('Exemplia nova');

    // A fourth spectrum of the strain, from another spot.
    await openDialog(page, pre);
    await upload(page, 'G10.zip', flexZip([spot('species4', 'G10')]));
    await page.getByTestId('proteome-file').waitFor();
    await page.getByTestId('proteome-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=`));
    await done(page);
    expect(await page.getByTestId('proteome-call-name').innerText()).toBe('Exemplia nova');
    expect(Number(await page.getByTestId('proteome-call-score').innerText())).toBeGreaterThanOrEqual(2);

    // Deleted from the library page.
    await page.goto(`${pre}/blast/ms/library`);
    await page.getByTestId('library-row').waitFor();
    await page.getByTestId('library-delete').click();
    await clickStill(page.getByTestId('confirm-delete'));
    await page.getByTestId('library-empty').waitFor();
  });
});

describe('a plate', () => {
  it('becomes one task with a table of spots, sortable by score; a row opens its spot', async () => {
    const account = await activeAccount(stack);
    const { page } = await stack.newPage({ width: 375, height: 812, locale: 'en-US' });
    await logIn(page, account.email, account.password, '/en/login');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await openDialog(page, '/en');
    const plate = [spot('species1', 'F10', 2), spot('species2', 'E11'), spot('species3', 'F6'), spot('species4', 'G9'), spot('species2', 'F1', 3)];
    await upload(page, 'plate.zip', flexZip(plate, platePositions(plate.length)));
    await page.getByTestId('proteome-file').waitFor();
    await page.getByTestId('proteome-submit').click();
    await expectPath(page, /^\/en\/blast\/res\?id=/);
    await done(page);
    const rows = page.getByTestId('plate-row');
    expect(await rows.count()).toBe(plate.length);
    expect(await page.getByTestId('plate-spot').allInnerTexts()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    const scores = async () => (await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-score')))).map(Number);
    await page.getByTestId('sort-plate-score').click();
    await eventually(async () => (await scores()).every((v, i, all) => i === 0 || all[i - 1]! <= v), 'spots in increasing score');
    await page.getByTestId('sort-plate-score').click();
    await eventually(async () => (await scores()).every((v, i, all) => i === 0 || all[i - 1]! >= v), 'spots in decreasing score');
    // species4 is in no library this account searches: its spot scores lowest.
    const last = rows.last();
    expect(await last.getAttribute('data-position')).toBe('3');
    await last.click();
    await page.locator('[data-testid="proteome-spectrum"][data-position="3"]').waitFor();
    await expectPath(page, /spectrum=3/);
  });
});
