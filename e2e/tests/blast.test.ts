import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { IDENTIFY_MESSAGES } from '@mdc/core/identify/rrna';
import { pageRoutes } from '@mdc/contracts';
import type { FastaRecord } from '@mdc/refdata/fasta';
import { writeAb1 } from '@mdc/refdata/ab1';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../apps/server/src/blast/rrna/test-references';
import { jobControl } from '../support/jobs';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, eventually, expectPath, fillForm, logIn, settled, sticksOut, journeysIn } from '../support/helpers';

let stack: Stack;
let account: { email: string; password: string };
let queries: FastaRecord[];

const fixtures = path.join(import.meta.dirname, '../../packages/refdata/test/fixtures/ab1');
const query = (species: string) => queries.find((q) => q.expected === species)!;
const fasta = (records: FastaRecord[]) => records.map((r) => `>${r.accession} ${r.description}\n${r.sequence.match(/.{1,70}/g)!.join('\n')}`).join('\n');

beforeAll(async () => {
  stack = await startStack();
  await insertReferences(stack.portal.db, '16S', await smallReferenceSet('16S'), { 'Listeria monocytogenes': 'B_LSTRI_MNCY' });
  await insertReferences(stack.portal.db, '18S', await smallReferenceSet('18S'));
  queries = await heldOutQueries('16S');
  account = await activeAccount(stack);
});
afterAll(async () => {
  await jobs.stop();
  await stack?.close();
});

const jobs = jobControl(() => stack);

async function numbers(page: Page, testId: string): Promise<number[]> {
  const texts = await page.getByTestId('sequence-result').first().getByTestId(testId).allInnerTexts();
  return texts.map(Number);
}

const isDescending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

/** Bases that resemble nothing: a read's junk ends, or a sequence no reference is like. */
function junk(length: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out += 'ACGT'[(x >> 16) & 3];
  }
  return out;
}

/** A Sanger trace of a gene: noisy calls of low quality before and after it, as a sequencer writes them. */
function trace(gene: string, sample: string): Buffer {
  const calls = junk(35, 5) + gene.toUpperCase() + junk(55, 6);
  const qualities = Uint8Array.from(calls, (_, i) => (i < 35 || i >= calls.length - 55 ? 3 + (i % 7) : 50));
  const text = (v: string) => Uint8Array.from(v, (c) => c.charCodeAt(0));
  return Buffer.from(
    writeAb1([
      { name: 'PBAS', number: 2, type: 2, elementSize: 1, data: text(calls) },
      { name: 'PCON', number: 2, type: 2, elementSize: 1, data: qualities },
      { name: 'SMPL', number: 1, type: 18, elementSize: 1, data: Uint8Array.from([sample.length, ...text(sample)]) },
    ]),
  );
}

/** Opens a method's dialog on /blast and waits until it stands still. */
async function openDialog(page: Page, pre: string, card: '16s' | '18s') {
  await page.goto(`${pre}/blast`);
  await page.getByTestId(`open-${card}`).click();
  await page.getByTestId('blast-sequence-input').waitFor();
  await settled(page);
}

/** Submits the dialog and waits for the result page to show the finished task; returns its id. */
async function submitAndWait(page: Page, pre: string): Promise<string> {
  await page.getByTestId('blast-submit').click();
  await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=`));
  await page.locator('[data-testid="blast-res-page"]:not([data-status="running"]):not([data-status="loading"])').waitFor({ timeout: 60_000 });
  return new URL(page.url()).searchParams.get('id')!;
}

describe.each(['zh', 'en'] as const)('identification in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';
  const journey = journeysIn(locale);

  journey('zh', 'submit → running → done → result → sort → history → delete', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${pre}/blast`);
    await page.getByTestId('blast-page').waitFor();
    // Methods that come later say so and open no dialog.
    expect(await page.locator('.mdc-blast-method:not(.is-ready) [data-testid^="open-"]').count()).toBe(0);
    await page.getByTestId('open-16s').click();
    await page.getByTestId('blast-sequence-input').waitFor();
    await settled(page);

    // The same sentences as the server's, before anything is sent.
    await page.getByTestId('blast-submit').click();
    expect(await page.getByTestId('blast-input-error').innerText()).toContain(IDENTIFY_MESSAGES['identify.16s.empty'][locale].replace(/16s/g, '16S'));
    await page.getByTestId('blast-sequence-input').fill('ACGT'.repeat(50));
    await page.getByTestId('blast-submit').click();
    expect(await page.getByTestId('blast-input-error').innerText()).toContain(IDENTIFY_MESSAGES['identify.16s.unsupported'][locale].replace(/16s/g, '16S'));
    // A click on the backdrop leaves the dialog and its text alone.
    await page.mouse.click(5, 300);
    expect(await page.getByTestId('blast-sequence-input').inputValue()).toBe('ACGT'.repeat(50));

    const listeria = query('Listeria monocytogenes');
    const helicobacter = query('Helicobacter pylori');
    await page.getByTestId('blast-sequence-input').fill(fasta([listeria, helicobacter]));
    await eventually(async () => (await page.getByTestId('blast-summary').count()) > 0, 'summary of the pasted sequences');
    expect(await page.getByTestId('blast-summary').innerText()).toMatch(/2/);

    await jobs.hold();
    await page.getByTestId('blast-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="running"]').waitFor();
    await page.getByTestId('task-running').waitFor();
    jobs.release();
    // No reload: the page follows the task by itself.
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });

    const sections = page.getByTestId('sequence-result');
    expect(await sections.count()).toBe(2);
    expect(await page.getByTestId('sequence-nav').locator('a').count()).toBe(2);
    const topSpecies = sections.first().getByTestId('top-hit-species');
    expect(await topSpecies.innerText()).toBe('Listeria monocytogenes');
    expect(await topSpecies.getAttribute('href')).toBe(`${pre}/resource/taxon/B_LSTRI_MNCY`);
    expect(await sections.nth(1).getByTestId('top-hit-species').innerText()).toBe('Helicobacter pylori');
    expect(await sections.first().getByTestId('confidence-tag').count()).toBe(1);
    expect((await sections.first().getByTestId('confidence-explain').innerText()).length).toBeGreaterThan(20);
    expect(await page.getByTestId('similarity-definition').innerText()).toContain(locale === 'en' ? 'identical columns' : '相同位点数');

    // Sorting: by score, then by similarity, each highest first.
    await sections.first().getByTestId('sort-score').click();
    await eventually(async () => isDescending(await numbers(page, 'hit-score')), 'hits sorted by score');
    const byScore = await numbers(page, 'hit-score');
    expect(byScore.length).toBeGreaterThan(5);
    await sections.first().getByTestId('sort-similarity').click();
    await eventually(async () => isDescending(await numbers(page, 'hit-similarity')), 'hits sorted by similarity');
    const rankOrder = await sections.first().getByTestId('hit-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-rank'))));
    expect(new Set(rankOrder).size).toBe(rankOrder.length);

    // The alignment: 60 columns per line, with positions.
    await sections.first().getByTestId('toggle-top-alignment').click();
    const alignment = await sections.first().getByTestId('alignment-view').locator('pre').innerText();
    const firstQueryLine = alignment.split('\n')[0]!;
    expect(firstQueryLine).toMatch(/^Q\s+1 [ACGTNRYKMSWBDHV-]{60} \d+$/);
    expect(alignment.split('\n').filter((l) => l.startsWith('R ')).length).toBeGreaterThan(10);

    // History: the task with its type, status and top hit; filters; delete.
    await page.goto(`${pre}/blast/hist`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('done');
    expect(await row.getByTestId('history-top-species').innerText()).toBe('Listeria monocytogenes');
    expect(await row.innerText()).toContain('16S');

    await page.goto(`${pre}/blast/hist?marker=18S`);
    await page.getByTestId('history-total').waitFor();
    await eventually(async () => (await page.locator(`[data-testid="history-row"][data-id="${id}"]`).count()) === 0, 'the 16S task filtered out');
    await page.goto(`${pre}/blast/hist?status=done`);
    await row.waitFor();

    await row.getByTestId('history-view').click();
    await expectPath(page, `${pre}/blast/res?id=${id}`);
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor();
    await page.goBack();
    await row.waitFor();
    await row.getByTestId('history-delete').click();
    await clickStill(page.getByTestId('confirm-delete'));
    await eventually(async () => (await page.locator(`[data-testid="history-row"][data-id="${id}"]`).count()) === 0, 'the deleted task gone');
    await page.goto(`${pre}/blast/res?id=${id}`);
    await page.getByTestId('blast-not-found').waitFor();
  });

  journey('en', 'uploads a .fasta file for 18S and uses the sample sequence for 16S', async () => {
    const { page } = await stack.newPage({ width: 375, height: 812 });
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-16s').click();
    await clickStill(page.getByTestId('blast-sample'));
    await eventually(async () => (await page.getByTestId('blast-sequence-input').inputValue()).startsWith('>sample_'), 'the sample filled in');
    await page.getByTestId('blast-cancel').click();
    await page.getByTestId('blast-sample').waitFor({ state: 'detached' });

    const yeasts = (await heldOutQueries('18S')).filter((q) => q.expected?.startsWith('Saccharomyces'));
    await page.getByTestId('open-18s').click();
    await clickStill(page.getByTestId('blast-mode-upload'));
    await page.locator('input[type=file]').setInputFiles({ name: 'yeasts.fasta', mimeType: 'text/plain', buffer: Buffer.from(fasta(yeasts)) });
    await page.getByTestId('blast-file-loaded').waitFor();
    await page.getByTestId('blast-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=`));
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sequence-result').count()).toBe(yeasts.length);
    expect(await page.getByTestId('top-hit-species').first().innerText()).toMatch(/^Saccharomyces /);

    // Issue 16: on a phone the alignment was cut at the screen's edge; its blocks are 20 columns wide.
    const first = page.getByTestId('sequence-result').first();
    await first.getByTestId('toggle-top-alignment').click();
    const block = first.getByTestId('alignment-view').locator('pre');
    await block.waitFor();
    expect((await block.innerText()).split('\n')[0]).toMatch(/^Q\s+\d+ [ACGTNRYKMSWBDHV-]{20} \d+$/);
    expect(await block.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await sticksOut(page)).toEqual([]);
  });
});

describe.each(['zh', 'en'] as const)('untrimmed reads, traces, groups and refusals in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';
  const journey = journeysIn(locale);
  const t = {
    zh: { title18: '18S rRNA 基因序列鉴定', noMatch: '无相似参考序列', trace: '峰图 LM_27F.ab1（样品 LM-27F1）', cut: '去掉前 35、后 55 个', ends: '两端无法比对、未计入：前 150 bp，后 150 bp', use18: '请使用 18S 鉴定', headline: '不支持的 16S 基因序列，请确认后重新输入', summary: '2 条序列', pair: /与反向峰图 S1_R\.ab1 拼接.*重叠 (\d+) bp，一致性 (\d+\.\d)%/ },
    en: { title18: '18S rRNA gene identification', noMatch: 'No similar reference', trace: 'Trace LM_27F.ab1 (sample LM-27F1)', cut: 'cut 35 before and 55 after', ends: 'Unalignable ends left out: 150 bp before, 150 bp after', use18: 'use the 18S identification', headline: 'Unsupported 16S gene sequence, Please confirm and re-enter', summary: '2 sequences', pair: /Assembled with the reverse trace S1_R\.ab1 .*overlap (\d+) bp at (\d+\.\d) % identity/ },
  }[locale];

  journey('en', 'uploads Sanger traces (.ab1): the dialog and the result say what quality trimming cut, and a real F/R pair is assembled', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    // 18S is called 18S: there are no ITS references.
    await openDialog(page, pre, '18s');
    expect(await page.locator('.ant-modal-title').innerText()).toBe(t.title18);
    await page.getByTestId('blast-cancel').click();
    await page.getByTestId('blast-sequence-input').waitFor({ state: 'detached' });

    await openDialog(page, pre, '16s');
    await clickStill(page.getByTestId('blast-mode-upload'));
    // With the forward and reverse trace of a real isolate (ABI 3730xl, refdata/test/fixtures/ab1), chosen together.
    await page.locator('input[type=file]').setInputFiles([
      { name: 'LM_27F.ab1', mimeType: 'application/octet-stream', buffer: trace(query('Listeria monocytogenes').sequence, 'LM-27F1') },
      { name: 'S1_F.ab1', mimeType: 'application/octet-stream', buffer: readFileSync(path.join(fixtures, '3sm1_16SF.ab1')) },
      { name: 'S1_R.ab1', mimeType: 'application/octet-stream', buffer: readFileSync(path.join(fixtures, '3sm1_16SR.ab1')) },
    ]);
    await page.getByTestId('blast-pair').waitFor();
    expect(await page.getByTestId('blast-file').count()).toBe(3);
    expect(await page.getByTestId('blast-pair').innerText()).toMatch(/S1_F\.ab1\s*\+\s*S1_R\.ab1/);
    expect(await page.getByTestId('blast-summary').innerText()).toContain(t.summary);
    const called = (35 + query('Listeria monocytogenes').sequence.length + 55).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
    const note = await page.locator('[data-testid="blast-file"]', { hasText: 'LM_27F.ab1' }).getByTestId('blast-file-note').innerText();
    expect(note).toContain(called);
    expect(note).toContain(locale === 'zh' ? '去掉前 35、后 55 个' : 'cuts 35 before and 55 after');
    await submitAndWait(page, pre);
    const section = page.getByTestId('sequence-result').first();
    expect(await section.getByTestId('top-hit-species').innerText()).toBe('Listeria monocytogenes');
    const trim = await section.getByTestId('sequence-trim').innerText();
    expect(trim).toContain(t.trace);
    expect(trim).toContain(t.cut);
    const pair = await page.getByTestId('sequence-result').nth(1).getByTestId('sequence-pair').innerText();
    const [, overlap, identity] = t.pair.exec(pair) ?? [];
    expect(Number(overlap)).toBeGreaterThan(500);
    expect(Number(identity)).toBeGreaterThan(97);

    // A broken trace is refused in the dialog, naming the file; nothing is sent.
    await openDialog(page, pre, '16s');
    await clickStill(page.getByTestId('blast-mode-upload'));
    await page.locator('input[type=file]').setInputFiles({ name: 'broken.ab1', mimeType: 'application/octet-stream', buffer: trace('ACGT'.repeat(100), 'x').subarray(0, 100) });
    await page.getByTestId('blast-input-error').waitFor();
    expect(await page.getByTestId('blast-input-error').innerText()).toMatch(/^broken\.ab1[:：]/);
  });

  journey('zh', 'keeps an untrimmed read at species level, names a species group, finishes "no similar reference" and says why an 18S gene is refused', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();

    // N. sicca first: the task's call is its group (its top hit is N. flava).
    const sicca = query('Neisseria sicca');
    const listeria = query('Listeria monocytogenes');
    await openDialog(page, pre, '16s');
    await page.getByTestId('blast-sequence-input').fill(`>${sicca.accession}\n${sicca.sequence}\n>untrimmed\n${junk(150, 1)}${listeria.sequence}${junk(150, 2)}`);
    const groupTask = await submitAndWait(page, pre);
    const [group, untrimmed] = [page.getByTestId('sequence-result').nth(0), page.getByTestId('sequence-result').nth(1)];
    const members = await group.getByTestId('top-group').innerText();
    for (const name of ['Neisseria sicca', 'Neisseria flava', 'Neisseria mucosa']) expect(members).toContain(name);
    expect(await group.getByTestId('confidence-tag').getAttribute('data-level')).toBe('species-group');
    expect(await untrimmed.getByTestId('top-hit-species').innerText()).toBe('Listeria monocytogenes');
    expect(await untrimmed.getByTestId('confidence-tag').getAttribute('data-level')).toBe('species');
    expect(await untrimmed.getByTestId('sequence-trim').innerText()).toMatch(new RegExp(t.ends.replace(/150/g, '1\\d\\d').replace(/[()]/g, '.')));

    await openDialog(page, pre, '16s');
    await page.getByTestId('blast-sequence-input').fill(junk(800, 9));
    const noMatchTask = await submitAndWait(page, pre);
    expect(await page.getByTestId('blast-res-page').getAttribute('data-status')).toBe('done');
    expect(await page.getByTestId('sequence-no-match').innerText()).toContain(t.noMatch);
    expect(await page.getByTestId('task-error').count()).toBe(0);

    const yeast = (await heldOutQueries('18S')).find((q) => q.expected === 'Saccharomyces cerevisiae')!;
    await openDialog(page, pre, '16s');
    await page.getByTestId('blast-sequence-input').fill(yeast.sequence);
    const yeastTask = await submitAndWait(page, pre);
    const error = await page.getByTestId('task-error').innerText();
    expect(error).toContain(t.headline);
    expect(error).toContain(t.use18);

    await page.goto(`${pre}/blast/hist`);
    const row = (id: string) => page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row(groupTask).waitFor();
    const call = await row(groupTask).getByTestId('history-top-species').innerText();
    for (const name of ['Neisseria sicca', 'Neisseria flava', 'Neisseria mucosa']) expect(call).toContain(name);
    expect(await row(noMatchTask).getAttribute('data-status')).toBe('done');
    expect(await row(noMatchTask).getByTestId('history-no-match').innerText()).toContain(t.noMatch);
    expect(await row(yeastTask).getAttribute('data-status')).toBe('failed');
    const refusal = await row(yeastTask).getByTestId('history-refusal').innerText();
    expect(refusal).toContain(t.headline);
    expect(refusal).toContain(t.use18);
  });
});

describe('anonymous identification', () => {
  it('runs without an account and moves into the history after logging in', async () => {
    const { page } = await stack.newPage();
    await page.goto('/en/blast');
    await page.getByTestId('open-16s').click();
    await page.getByTestId('blast-sequence-input').waitFor();
    await settled(page);
    await page.getByTestId('blast-sequence-input').fill(query('Neisseria meningitidis').sequence);
    await page.getByTestId('blast-submit').click();
    const resultIsPublic = pageRoutes.find((r) => r.name === 'blast-res')!.public as boolean;
    if (resultIsPublic) {
      await expectPath(page, /^\/en\/blast\/res\?id=/);
      await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('anonymous-notice').waitFor();
      await page.goto('/en/login?redirect=%2Fen%2Fblast%2Fhist');
    } else {
      // Until the result page is public, the link asks for a login first.
      await expectPath(page, /^\/en\/login\?redirect=/);
    }
    const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('mdc.blast.anonymousTasks') ?? '[]') as { id: string }[])[0]?.id);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await fillForm(page, { email: account.email, password: account.password });
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await page.goto('/en/blast/hist');
    await page.locator(`[data-testid="history-row"][data-id="${id}"]`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mdc.blast.anonymousTasks'))).toBeNull();
  });
});
