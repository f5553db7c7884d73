import ExcelJS from 'exceljs';
import { existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { createHandlers } from '../../apps/server/src/jobs/handlers';
import { startRunner, type Runner } from '../../apps/server/src/jobs/runner';
import { pdfFont } from '../../apps/server/src/lab/export';
import { genomeFile, insertGenomeReferences } from '../../apps/server/src/blast/genome/test-genomes';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, clickStill, eventually, expectPath, logIn, settled, sticksOut, tableFits } from '../support/helpers';

let stack: Stack;
let small: string;
/** The job runner this file controls: stopped, experiments stay running until it is started. */
let runner: Runner | undefined;

beforeAll(async () => {
  small = buildSmallDataDir();
  stack = await startStack({ REFDATA_DIR: small }, { imported: small });
});
afterAll(async () => {
  await runner?.stop();
  await stack?.close();
  rmSync(small, { recursive: true, force: true });
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function startJobs() {
  const { db } = stack.portal;
  runner ??= startRunner({ db, handlers: createHandlers({ db, config: stack.config, log: quiet as never }), pollMs: 100 });
}

async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).first());
}

async function fillExperiment(page: Page, locale: 'zh' | 'en', sampleName: string) {
  await page.locator('#sampleName').fill(sampleName);
  await pick(page, 'sampleType', locale === 'zh' ? '血液' : 'Blood');
  await page.getByTestId('organism-input').fill(locale === 'zh' ? '大肠' : 'Escherichia co');
  await clickStill(page.locator('[data-testid=organism-option][data-code=eco]'));
  // Blood suggests the systemic site; the guideline is a choice of its own.
  await pick(page, 'guideline', 'EUCAST');
  await page.getByTestId('add-antibiotic').click();
  const dialog = page.getByTestId('add-antibiotic-dialog');
  await dialog.locator('[data-testid=drug-option]').first().waitFor();
  await settled(page);
  // The usual panel comes first and is tagged.
  expect(await dialog.locator('[data-testid=drug-option]').first().getAttribute('data-code')).toBe('AMP');
  await dialog.locator('input[data-testid=add-filter], [data-testid=add-filter] input').fill(locale === 'zh' ? '氨苄' : 'ampi');
  await dialog.locator('[data-testid=drug-option][data-code=AMP]').click();
  await dialog.locator('input[data-testid=add-filter], [data-testid=add-filter] input').fill('');
  await dialog.locator('[data-testid=drug-option][data-code=CIP]').click();
  await dialog.locator('[data-testid=drug-option][data-code=MEM]').click();
  await page.getByTestId('add-ok').click();
  const values = page.getByTestId('sensitivity-dialog');
  await values.waitFor();
  await settled(page);
  // A wrong value is refused in the dialog with the server's wording.
  await values.getByTestId('value-AMP').fill('lots');
  await page.getByTestId('sensitivity-ok').click();
  await values.getByText(locale === 'zh' ? 'MIC 值有误：不是数字（数值中不能有空格或文字）' : 'wrong MIC: not a number (no spaces or text inside the value)').waitFor();
  await values.getByTestId('value-AMP').fill('16');
  await values.getByTestId('value-CIP').fill('<=0.25');
  await values.getByTestId('value-MEM').fill('0,125');
  await page.getByTestId('sensitivity-ok').click();
  await values.waitFor({ state: 'hidden' });
  await page.getByTestId('drug-value-AMP').getByText('16').waitFor();
}

/** Submits the form and follows to the result page; returns the experiment's reference. */
async function submitAndFollow(page: Page): Promise<string> {
  await page.getByTestId('lab-submit').click();
  await expectPath(page, /\/lab\/res\?id=e[0-9a-f]{16}$/);
  return new URL(page.url()).searchParams.get('id')!;
}

describe('the AST experiment in the browser', () => {
  it('lets an anonymous visitor fill the form, log in from the notice and come back to it', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await page.goto('/lab');
    await page.getByTestId('lab-login-notice').waitFor();
    await page.locator('#sampleName').fill('Urine 88');
    await page.getByTestId('organism-input').fill('大肠');
    await clickStill(page.locator('[data-testid=organism-option][data-code=eco]'));
    await eventually(async () => (await page.getByTestId('organism-input').inputValue()) === '大肠埃希菌 Escherichia coli', 'the picked organism by name');
    await pick(page, 'test-INDUC_CLI', '阳性');
    await page.getByTestId('expert-rules').click();
    await page.getByTestId('lab-login-link').click();
    await expectPath(page, '/login?redirect=%2Flab');
    await logIn(page, email, password, page.url().replace(stack.baseUrl, ''));
    await expectPath(page, '/lab');
    await page.getByTestId('lab-page').waitFor();
    await eventually(async () => (await page.locator('#sampleName').inputValue()) === 'Urine 88', 'the draft is back in the form');
    // The organism comes back by its name, not as the code the form keeps ("eco").
    await eventually(async () => (await page.getByTestId('organism-input').inputValue()) === '大肠埃希菌 Escherichia coli', 'the restored organism by name');
    // The isolate tests and the expert-rules switch come back with it.
    expect(await page.getByTestId('test-INDUC_CLI').innerText()).toContain('阳性（+）');
    expect(await page.getByTestId('expert-rules').getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('lab-login-notice').count()).toBe(0);
  });

  it('says what is missing in the language of the page, before anything is sent', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage({ locale: 'en-US' });
    await logIn(page, email, password, '/en/login?redirect=%2Fen%2Flab');
    await page.getByTestId('lab-page').waitFor();
    await page.locator('#method').waitFor();
    await page.getByTestId('lab-submit').click();
    for (const text of ['SampleName can not be null', 'Sample type can not be null', 'Organism is required', 'Site of infection is required']) {
      await page.getByText(text).first().waitFor();
    }
    const rows = await stack.portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_experiment');
    expect(rows[0]!.n).toBe(0);
  });

  it('zh: create → running → done → result → detail dialog → Excel and PDF export, following the status without reload', async () => {
    const { email, password } = await activeAccount(stack);
    // A lab in Tokyo: the report's times are in the browser's zone, not UTC nor the server's default.
    const { page } = await stack.newPage({ timezoneId: 'Asia/Tokyo' });
    await logIn(page, email, password, '/login?redirect=%2Flab');
    await page.getByTestId('lab-page').waitFor();
    await fillExperiment(page, 'zh', '血培养 0312');
    await pick(page, 'test-ESBL', '阳性');
    expect(await page.getByTestId('expert-rules').getAttribute('aria-checked')).toBe('true');

    // No worker yet: the experiment is stored as running and the page says so.
    await stack.portal.runner?.stop();
    const id = await submitAndFollow(page);
    await page.locator('[data-testid=lab-res-page][data-status=running]').waitFor();
    await page.getByTestId('lab-running').waitFor();
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    startJobs();
    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.getByTestId('experiment-status').innerText()).toBe('完成');

    const amp = page.locator('[data-testid=result-row][data-code=AMP]');
    expect(await amp.innerText()).toContain('氨苄西林');
    expect(await amp.getByTestId('category').getAttribute('data-category')).toBe('R');
    expect(await amp.innerText()).toContain('MIC 16 mg/L > 耐药折点 8（EUCAST 2025，肠杆菌目，');
    expect(await page.locator('[data-testid=result-row][data-code=CIP]').getByTestId('category').getAttribute('data-category')).toBe('S');
    // R is red, S green.
    const colours = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid=category]')).map((el) => `${el.getAttribute('data-category')}:${getComputedStyle(el).color}`),
    );
    expect(colours).toEqual(expect.arrayContaining(['R:rgb(179, 38, 30)', 'S:rgb(35, 114, 42)']));
    // The isolate test entered is on the result, and the rules were on.
    expect(await page.getByTestId('experiment-tests').innerText()).toContain('ESBL 产超广谱β-内酰胺酶：阳性（+）');
    expect(await page.getByTestId('rules-off').count()).toBe(0);
    const [stored] = await stack.portal.db.query<{ input: { tests: unknown; expertRules: unknown } }>('SELECT input FROM lab_experiment WHERE ref = $1', [id]);
    expect(stored!.input).toMatchObject({ tests: { ESBL: '+' }, expertRules: true });

    await amp.getByTestId('result-detail').click();
    const detail = page.getByTestId('result-detail-dialog');
    await detail.waitFor();
    await settled(page);
    expect(await detail.getByTestId('detail-explanation').innerText()).toContain('耐药折点 8');
    const breakpoint = await detail.getByTestId('detail-breakpoint').innerText();
    // EUCAST 2025 comes from the AMR 3.0.0 table: its reference table and source line are named.
    expect(breakpoint).toContain('Enterobacterales');
    expect(breakpoint).toContain('FAMILY_CODE EBC');
    expect(breakpoint).toMatch(/clinical_breakpoints\.tsv:\d+/);
    await page.getByTestId('detail-close').click();
    await detail.waitFor({ state: 'hidden' });

    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-excel').click()]);
    expect(excel.suggestedFilename()).toBe("mdc-ast-1-血培养-0312.xlsx");
    expect(readFileSync((await excel.path())!).subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await excel.path())!);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells[cells.indexOf('提交时间') + 1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \(Asia\/Tokyo, UTC\+9\)$/);
    if (pdfFont()) {
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-pdf').click()]);
      expect(pdf.suggestedFilename()).toBe("mdc-ast-1-血培养-0312.pdf");
      expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The print view keeps the results and drops the page furniture.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('header').isVisible()).toBe(false);
    expect(await amp.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it('en, on a phone: the same journey, and the history with filters and delete', async () => {
    startJobs();
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage({ width: 375, height: 812, locale: 'en-US' });
    await logIn(page, email, password, '/en/login?redirect=%2Fen%2Flab');
    await page.getByTestId('lab-page').waitFor();
    await fillExperiment(page, 'en', 'Blood culture 1');
    await pick(page, 'test-ESBL', 'Negative');
    await page.getByTestId('expert-rules').click();
    const first = await submitAndFollow(page);
    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor({ timeout: 60_000 });
    const amp = page.locator('[data-testid=result-row][data-code=AMP]');
    expect(await amp.innerText()).toContain('MIC 16 mg/L > R breakpoint 8 (EUCAST 2025, Enterobacterales, ');
    // The test entered, and plainly that the expert rules were off.
    expect(await page.getByTestId('experiment-tests').innerText()).toContain('ESBL: Negative (−)');
    expect(await page.getByTestId('fired-rules').innerText()).toContain('Expert rules not applied');
    await amp.click();
    await page.getByTestId('result-detail-dialog').waitFor();
    await settled(page);
    expect(await page.getByTestId('detail-rules-off').count()).toBe(1);
    await page.getByTestId('detail-close').click();

    // An address made before references existed (the global id) still opens the owner's experiment.
    const [global] = await stack.portal.db.query<{ id: number }>('SELECT id FROM lab_experiment WHERE ref = $1', [first]);
    await page.goto(`/en/lab/res?id=${global!.id}`);
    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor();
    expect(await page.getByTestId('lab-res-page').innerText()).toContain('Blood culture 1');

    await page.goto('/en/lab');
    await fillExperiment(page, 'en', 'Wound swab 2');
    const second = await submitAndFollow(page);
    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor({ timeout: 60_000 });

    await page.goto('/en/lab/hist');
    await page.locator('[data-testid=hist-row]').first().waitFor();
    const ids = async () => page.locator('[data-testid=hist-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
    expect(await ids()).toEqual([second, first]);
    // This user's own numbers, however many experiments others made before.
    const history = await page.getByTestId('hist-table').innerText();
    expect(history).toContain('#2 Wound swab 2');
    expect(history).toContain('#1 Blood culture 1');
    expect(await page.getByTestId('hist-table').innerText()).toContain('Done');

    await page.locator('input[data-testid=filter-organism], [data-testid=filter-organism] input').fill('Wound');
    await page.locator('input[data-testid=filter-organism], [data-testid=filter-organism] input').press('Enter');
    await eventually(async () => JSON.stringify(await ids()) === JSON.stringify([second]), 'filtered to the wound sample');
    await expectPath(page, '/en/lab/hist?organism=Wound');

    await page.locator(`[data-testid=hist-row][data-id="${second}"]`).getByTestId('hist-delete').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Delete this experiment?' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await eventually(async () => (await ids()).length === 0, 'the deleted experiment leaves the list');
    const left = await stack.portal.db.query<{ id: number }>('SELECT id FROM lab_experiment WHERE ref = $1', [second]);
    expect(left).toEqual([]);
  });

  it('en, desktop: the history shows every column, Delete included, at 1280 px', async () => {
    startJobs();
    const { email, password } = await activeAccount(stack);
    const login = await stack.portal.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const token = login.json().data.token as string;
    for (const name of ['Blood culture with a long specimen name 1', 'Wound swab 2']) {
      const created = await stack.portal.app.inject({
        method: 'POST',
        url: '/api/lab/experiments',
        headers: { authorization: `Bearer ${token}` },
        payload: { sampleName: name, sampleType: 'bl', organism: 'eco', method: 'MIC', site: 'general', guideline: 'EUCAST', year: '2022', results: [{ antibiotic: 'AMP', value: '16' }] },
      });
      expect(created.json().code).toBe(0);
    }
    const { page } = await stack.newPage({ locale: 'en-US' });
    await logIn(page, email, password, '/en/login?redirect=%2Fen%2Flab%2Fhist');
    await page.locator('[data-testid=hist-row]').nth(1).waitFor();
    const table = page.getByTestId('hist-table');
    expect(await tableFits(table)).toBe(true);
    const [remove, frame] = await Promise.all([page.getByTestId('hist-delete').first().boundingBox(), table.boundingBox()]);
    expect(remove!.x + remove!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    expect(await page.getByTestId('hist-delete').first().innerText()).toBe('Delete');
    expect(await sticksOut(page)).toEqual([]);
  });

  it('zh: a batch file is interpreted and its result downloaded', async () => {
    startJobs();
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await logIn(page, email, password, '/login?redirect=%2Flab');
    await page.getByTestId('lab-page').waitFor();
    await page.getByTestId('batch-tab').click();
    await page.getByTestId('batch-upload').locator('input[type=file]').setInputFiles(path.join(realDataDir(), 'whonet/SampleInputFile.txt'));
    await page.getByTestId('batch-submit').click();
    await expectPath(page, /\/lab\/res\?id=e[0-9a-f]{16}$/);
    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor({ timeout: 60_000 });
    const preview = page.getByTestId('batch-preview');
    expect(await preview.innerText()).toContain('PEN_ND10');
    // Isolates go by the file's specimen number and patient id (SPEC_NUM, PATIENT_ID), not by row.
    const head = await preview.locator('thead').innerText();
    expect(head).toContain('标本号');
    expect(head).toContain('患者 ID');
    expect(head).not.toContain('菌株');
    expect(await preview.locator('tr.ant-table-row').first().innerText()).toContain('_8846775327_');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.startsWith('\uFEFF菌株,标本号,患者ID,菌种代码,菌种,')).toBe(true);
    expect(text.split('\r\n')[1]).toMatch(/^0,_8846775327_,_9496305229_,ent,/);
  });

  it('zh then en: an experiment linked to the genome task of the same isolate flags its very major and major discrepancies', async () => {
    startJobs();
    // The genome's resistance databases beside the small Lab data, and the K. pneumoniae reference.
    if (!existsSync(path.join(small, 'resistome'))) symlinkSync(path.join(realDataDir(), 'resistome'), path.join(small, 'resistome'));
    await insertGenomeReferences(stack.portal.db, ['R09_Klebsiella_pneumoniae']);
    const { email, password } = await activeAccount(stack);
    const token = (await stack.portal.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).json().data.token as string;
    // The genome task through the API (its own journey is in genome.test.ts): HS11286, KPC-2, colistin predicted S.
    const assembly = genomeFile('R10_Klebsiella_pneumoniae_HS11286');
    const form = new FormData();
    form.append('method', 'genome');
    form.append('file', new Blob([new Uint8Array(assembly.bytes)]), assembly.name);
    const submitted = await fetch(`${stack.baseUrl}/api/blast/tasks`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const taskId = ((await submitted.json()) as { data: { id: string } }).data.id;
    let task: { id: string; status: string; genome: { resistance: { status: string } } } | undefined;
    await eventually(
      async () => {
        task = (await stack.portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${taskId}`, headers: { authorization: `Bearer ${token}` } })).json().data;
        return task!.status !== 'running';
      },
      'the genome task finishes',
      90_000,
    );
    if (!task) throw new Error('no genome task');
    expect(task.genome.resistance.status).toBe('analysed');

    const { page } = await stack.newPage();
    await logIn(page, email, password, '/login?redirect=%2Flab');
    await page.getByTestId('lab-page').waitFor();
    await page.locator('#sampleName').fill('HS11286 血培养');
    await pick(page, 'sampleType', '血液');
    await page.getByTestId('organism-input').fill('肺炎克雷伯');
    await clickStill(page.locator('[data-testid=organism-option][data-code=kpn]'));
    await page.getByTestId('add-antibiotic').click();
    const dialog = page.getByTestId('add-antibiotic-dialog');
    await dialog.locator('[data-testid=drug-option][data-code=MEM]').click();
    await dialog.locator('[data-testid=drug-option][data-code=COL]').click();
    await page.getByTestId('add-ok').click();
    const values = page.getByTestId('sensitivity-dialog');
    await values.waitFor();
    await settled(page);
    await values.getByTestId('value-MEM').fill('0.25');
    await values.getByTestId('value-COL').fill('8');
    await page.getByTestId('sensitivity-ok').click();
    await values.waitFor({ state: 'hidden' });
    // The user's finished genome tasks are offered by name.
    await page.locator('#genomeTaskId').click();
    await clickStill(page.locator('[data-testid=genome-task-option]', { hasText: 'R10_Klebsiella_pneumoniae_HS11286' }).first());
    expect(await page.locator('#genomeTaskId').inputValue()).toBe(task.id);
    expect(await page.getByTestId('genome-task-chosen').innerText()).toContain('KPC-2 · CTX-M-14');
    const id = await submitAndFollow(page);

    await page.locator('[data-testid=lab-res-page][data-status=done]').waitFor({ timeout: 60_000 });
    const panel = page.getByTestId('genome-comparison');
    expect(await panel.locator('h2').innerText()).toBe('基因组预测与实测');
    expect(await panel.locator('[data-testid=genome-row][data-code=COL] [data-testid=genome-verdict]').innerText()).toBe('极重大不符（VME）');
    expect(await panel.locator('[data-testid=genome-row][data-code=MEM] [data-testid=genome-verdict]').innerText()).toBe('重大不符（ME）');
    expect(await panel.locator('[data-testid=genome-row][data-code=COL]').innerText()).toContain('复做药敏试验');
    expect(await panel.getByTestId('genome-counts').innerText()).toContain('极重大不符 1，重大不符 1');
    expect(await panel.getByTestId('genome-task-link').getAttribute('href')).toBe(`/blast/res?id=${encodeURIComponent(task.id)}`);

    await page.goto(`/en/lab/res?id=${id}`);
    const english = page.getByTestId('genome-comparison');
    await english.locator('h2', { hasText: 'Genome prediction vs measured' }).waitFor();
    expect(await english.locator('[data-testid=genome-row][data-code=COL] [data-testid=genome-verdict]').innerText()).toBe('Very major (VME)');
    expect(await english.locator('[data-testid=genome-row][data-code=MEM]').innerText()).toContain('blaKPC-2');
    expect(await english.getByTestId('genome-task-link').getAttribute('href')).toBe(`/en/blast/res?id=${encodeURIComponent(task.id)}`);
  });

  it("keeps one user's experiments from another: 404 page and an empty history", async () => {
    startJobs();
    const [owner] = await stack.portal.db.query<{ id: number }>('SELECT id FROM lab_experiment ORDER BY id LIMIT 1');
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await logIn(page, email, password, `/login?redirect=${encodeURIComponent(`/lab/res?id=${owner!.id}`)}`);
    await page.getByTestId('lab-res-missing').waitFor();
    expect(await page.getByTestId('lab-res-page').innerText()).toContain('未找到该实验');
    await page.goto('/lab/hist');
    await page.getByTestId('hist-table').waitFor();
    await page.getByText('还没有药敏记录。').waitFor();
    expect(await page.locator('[data-testid=hist-row]').count()).toBe(0);
  });
});
