import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../apps/server/src/blast/genome/test-genomes';
import { insertReferences, smallReferenceSet } from '../../apps/server/src/blast/rrna/test-references';
import { jobControl } from '../support/jobs';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, eventually, expectPath, logIn, settled, sticksOut, tableFits } from '../support/helpers';

let stack: Stack;
let account: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack({ MDC_BLAST_THREADS: '1' });
  await insertGenomeReferences(stack.portal.db);
  // K. pneumoniae, so that HS11286 is called to species and typed and resisted with its schemes (REFDATA_DIR's mlst/ and resistome/).
  await insertGenomeReferences(stack.portal.db, ['R09_Klebsiella_pneumoniae']);
  // The small 16S set and Haemophilus, so that the genome's 16S copies find their species.
  await insertReferences(stack.portal.db, '16S', await smallReferenceSet('16S', ['Haemophilus', 'Helicobacter', 'Campylobacter', 'Escherichia', 'Shigella']));
  account = await activeAccount(stack);
});
afterAll(async () => {
  await jobs.stop();
  await stack?.close();
});

const jobs = jobControl(() => stack);

const isDescending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);
const isAscending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

// One language (CI time): the English result page at phone width is the HS11286 journey's.
describe.each(['zh'] as ('zh' | 'en')[])('genome identification in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';

  it('submit a genome → running → done → result → sort → export → history', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-genome').click();
    await page.getByTestId('genome-upload').waitFor();
    await settled(page);

    // Reads are not an assembly: said before anything is sent.
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({ name: 'reads.fastq', mimeType: 'text/plain', buffer: Buffer.from('@r1\nACGT\n+\nIIII\n') });
    expect(await page.getByTestId('genome-input-error').innerText()).toMatch(locale === 'en' ? /not the sequencing reads/ : /不是测序读段/);
    // Issue 16: pressing Identify after a refused file replaced the reason with "Choose a file".
    await page.getByTestId('genome-submit').click();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('genome-input-error').innerText()).toMatch(locale === 'en' ? /not the sequencing reads/ : /不是测序读段/);
    // A click on the backdrop leaves the dialog open.
    await page.mouse.click(5, 300);
    await page.getByTestId('genome-upload').waitFor();

    const file = genomeFile('T09_Haemophilus_influenzae');
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({ name: file.name, mimeType: 'application/gzip', buffer: file.bytes });
    await page.getByTestId('genome-file').waitFor();
    await page.getByTestId('genome-sample-name').fill('isolate H-7');

    await jobs.hold();
    await page.getByTestId('genome-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="running"]').waitFor();
    await page.getByTestId('task-running').waitFor();
    jobs.release();
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 90_000 });

    // The call, its level, the picture, the references, QC and the 16S copies.
    const call = page.getByTestId('genome-call');
    expect(await call.getAttribute('data-level')).toBe('species');
    expect(await page.getByTestId('genome-call-name').innerText()).toBe('Haemophilus influenzae');
    expect(await page.getByTestId('genome-runner-up').innerText()).toContain('Haemophilus parainfluenzae');
    expect(await page.getByTestId('genome-sample').innerText()).toBe('isolate H-7');
    expect(await page.getByTestId('ani-bar').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('qc-length').innerText()).toBe('1.87 Mbp');
    // H. influenzae carries six rRNA operons; 16S alone does not separate it from its neighbours.
    expect(await page.getByTestId('rrna-summary').innerText()).toMatch(locale === 'en' ? /^6 copies found/ : /^找到 6 个拷贝/);
    expect(await page.getByTestId('rrna-copies').locator('tbody tr.ant-table-row').count()).toBe(6);
    expect(await page.getByTestId('ani-definition').innerText()).toContain(locale === 'en' ? 'fastANI' : 'fastANI');

    // Sorting: ANI ascending, then query AF descending.
    // An ANI below 78 % is shown as "not comparable", not as a number: it sorts below every number.
    const anis = async () => (await page.getByTestId('genome-hit-ani').allInnerTexts()).map((text) => (Number.isNaN(Number(text)) ? 0 : Number(text)));
    expect(isDescending(await anis())).toBe(true);
    await clickStill(page.getByTestId('sort-ani'));
    await eventually(async () => isAscending(await anis()), 'references sorted by ANI, lowest first');
    await clickStill(page.getByTestId('sort-af'));
    await eventually(async () => isDescending((await page.getByTestId('genome-hit-af').allInnerTexts()).map(Number)), 'references sorted by aligned fraction');

    // Export: the CSV arrives as a download in the page's language.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('Haemophilus influenzae');
    expect(text).toContain(locale === 'en' ? 'reference genome' : '参考基因组');

    // History: the genome task with its call; the method filter.
    await page.goto(`${pre}/blast/hist`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('done');
    expect(await row.getByTestId('history-top-species').innerText()).toBe('Haemophilus influenzae');
    expect(await row.getByTestId('history-method').innerText()).toBe(locale === 'en' ? 'Genome' : '基因组');
    await page.goto(`${pre}/blast/hist?method=16S`);
    await page.getByTestId('history-total').waitFor();
    await eventually(async () => (await page.locator(`[data-testid="history-row"][data-id="${id}"]`).count()) === 0, 'the genome task filtered out');
    await page.goto(`${pre}/blast/hist?method=genome`);
    await row.waitFor();
  });
});

describe('genome identification at phone width', () => {
  it('shows the 16S copies in columns that fit the screen, every fact in sight', async () => {
    const { page } = await stack.newPage({ width: 375, height: 812 });
    await logIn(page, account.email, account.password, '/en/login');
    // On a phone the account menu sits in the drawer: leaving the login page says it worked.
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/en/blast?method=genome');
    await page.getByTestId('genome-upload').waitFor();
    await settled(page);
    const file = genomeFile('T09_Haemophilus_influenzae');
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({ name: file.name, mimeType: 'application/gzip', buffer: file.bytes });
    await page.getByTestId('genome-file').waitFor();
    await page.getByTestId('genome-submit').click();
    await expectPath(page, /^\/en\/blast\/res\?id=/);
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 90_000 });
    // Issue 16: five columns were cut at the screen's edge with no sign of more.
    const copies = page.getByTestId('rrna-copies');
    await copies.scrollIntoViewIfNeeded();
    expect(await tableFits(copies)).toBe(true);
    const header = (await copies.locator('thead').innerText()).replace(/\s+/g, ' ');
    for (const fact of ['Position', 'Length', 'Best 16S match', 'Similarity']) expect(header).toContain(fact);
    const rows = await copies.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatch(/:\d[\d,]*–\d[\d,]* \([+-]\)\s+\d[\d,]* bp/);
    expect(await sticksOut(page)).toEqual([]);
  });

  it('refuses a protein file with the server\'s sentence and keeps the dialog', async () => {
    const { page } = await stack.newPage({ width: 375, height: 812 });
    await page.goto('/en/blast?method=genome');
    await page.getByTestId('genome-upload').waitFor();
    await settled(page);
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({
      name: 'proteins.faa',
      mimeType: 'text/plain',
      buffer: Buffer.from(`>p\n${'MKLVEFLQPRRSTAGEILKWQP'.repeat(6000)}\n`),
    });
    await page.getByTestId('genome-file').waitFor();
    await page.getByTestId('genome-submit').click();
    await eventually(async () => (await page.getByTestId('genome-input-error').count()) > 0, 'the refusal');
    expect(await page.getByTestId('genome-input-error').innerText()).toMatch(/proteins\.faa: this is protein sequence/);
    expect(await page.getByTestId('genome-dialog').count()).toBe(1);

    // Issue 16: a download that failed, saved under the genome's .fna.gz name, was called protein.
    await page.getByRole('button', { name: 'Remove file' }).click();
    await page.getByTestId('genome-upload').waitFor();
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({
      name: 'GCF_000005845.2_ASM584v2_genomic.fna.gz',
      mimeType: 'application/gzip',
      buffer: Buffer.from(`<!DOCTYPE html>\n<html><head><title>Not Found</title></head><body>${'<p>The requested file was not found on this server.</p>'.repeat(50)}</body></html>\n`),
    });
    await page.getByTestId('genome-file').waitFor();
    // The chosen file's long name stays inside the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('genome-submit').click();
    await eventually(async () => /not gzip-compressed/.test(await page.getByTestId('genome-input-error').innerText().catch(() => '')), 'the .gz refusal');
    expect(await page.getByTestId('genome-input-error').innerText()).toMatch(/GCF_000005845\.2_ASM584v2_genomic\.fna\.gz: is named \.gz but is not gzip-compressed \(it holds text; line 1 reads "<!DOCTYPE html>"\)/);
    expect(await page.getByTestId('genome-input-error').innerText()).not.toMatch(/protein/);
  });
});

describe('resistance and typing of a genome (issue 25)', () => {
  it('HS11286 → K. pneumoniae, ST11, KPC-2, meropenem predicted R, in Chinese; the same result in English at phone width', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, '/login');
    await page.getByTestId('user-menu').waitFor();
    await page.goto('/blast?method=genome');
    await page.getByTestId('genome-upload').waitFor();
    await settled(page);
    const file = genomeFile('R10_Klebsiella_pneumoniae_HS11286');
    await page.locator('[data-testid="genome-dialog"] input[type=file]').setInputFiles({ name: file.name, mimeType: 'application/gzip', buffer: file.bytes });
    await page.getByTestId('genome-file').waitFor();
    await page.getByTestId('genome-submit').click();
    await expectPath(page, /^\/blast\/res\?id=[A-Za-z0-9_-]{22}$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 180_000 });

    expect(await page.getByTestId('genome-call-name').innerText()).toBe('Klebsiella pneumoniae');
    const typing = page.getByTestId('genome-typing');
    expect(await typing.locator('h2').innerText()).toBe('分型（MLST）');
    expect(await page.getByTestId('typing-st').innerText()).toBe('ST11');
    expect(await page.getByTestId('typing-scheme').innerText()).toBe('klebsiella');
    expect(await page.getByTestId('typing-allele').allInnerTexts()).toEqual(['gapA(3)', 'infB(3)', 'mdh(1)', 'pgi(1)', 'phoE(1)', 'rpoB(1)', 'tonB(4)']);

    const resistance = page.getByTestId('genome-resistance');
    expect(await resistance.locator('h2').innerText()).toBe('耐药');
    expect(await page.getByTestId('resistance-key').allInnerTexts()).toEqual(expect.arrayContaining(['KPC-2', 'CTX-M-14']));
    await page.getByTestId('resistance-acquired').locator('[data-testid="resistance-gene"][data-gene="blaKPC-2"]').waitFor();
    // The chromosomal SHV is the species' own: listed apart, labelled intrinsic, never among the acquired genes.
    expect(await page.getByTestId('resistance-acquired').locator('[data-gene^="blaSHV"]').count()).toBe(0);
    const shv = page.getByTestId('resistance-intrinsic').locator('[data-testid="resistance-gene"][data-gene^="blaSHV"]');
    expect(await shv.getByTestId('resistance-intrinsic-tag').innerText()).toBe('固有');
    expect(await page.getByTestId('resistance-mutation').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('gyrA p.S83I')]));

    // Meropenem: R, named in Chinese, its evidence and rule a click away.
    const meropenem = page.locator('[data-testid="resistance-prediction"][data-drug="MEM"]');
    expect(await meropenem.getAttribute('data-prediction')).toBe('R');
    expect(await meropenem.getByTestId('prediction-drug').innerText()).toBe('美罗培南');
    expect(await meropenem.getByTestId('prediction-call').innerText()).toBe('耐药 R');
    expect(await page.getByTestId('resistance-predictions').innerText()).not.toMatch(/Meropenem|Ceftriaxone|Colistin/);
    await meropenem.click();
    expect(await page.getByTestId('prediction-detail').innerText()).toContain('blaKPC-2');

    // History: the row says what sets the isolate apart.
    await page.goto('/blast/hist?method=genome');
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('history-genome-headline').innerText()).toMatch(/^KPC-2 · CTX-M-14 · .*ST11$/);

    // The same result in English on a phone: the sections' headings, English drug names, nothing wider than the screen.
    const phone = (await stack.newPage({ width: 375, height: 812 })).page;
    await logIn(phone, account.email, account.password, '/en/login');
    await phone.waitForURL((url) => !url.pathname.endsWith('/login'));
    await phone.goto(`/en/blast/res?id=${id}`);
    await phone.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor();
    expect(await phone.getByTestId('genome-typing').locator('h2').innerText()).toBe('Typing (MLST)');
    expect(await phone.getByTestId('genome-resistance').locator('h2').innerText()).toBe('Resistance');
    const mem = phone.locator('[data-testid="resistance-prediction"][data-drug="MEM"]');
    await mem.scrollIntoViewIfNeeded();
    expect(await mem.getByTestId('prediction-drug').innerText()).toBe('Meropenem');
    expect(await mem.getByTestId('prediction-call').innerText()).toBe('R');
    expect(await sticksOut(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
