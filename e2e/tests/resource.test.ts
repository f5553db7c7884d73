import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { startStack, type Stack } from '../support/stack';
import { clickStill, eventually, expectPath, settled, sticksOut, tableFits } from '../support/helpers';

// The reference shelf as a reader meets it: every Resource page on real rows (a small data
// folder cut from ../shared/data at test time), filters that live in the address, the export.

let stack: Stack;
let dataDir: string | undefined;

beforeAll(async () => {
  // E2E_WEB_DIST: a private build of the web app, for runs beside people rebuilding apps/web/dist.
  stack = await startStack(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {});
});
afterAll(async () => {
  await stack?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) => Number((await stack.portal.db.query<{ n: number }>(sql, params))[0]!.n);

/** Rows of a table (antd) or of the phone cards, once loaded. */
function tableRows(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"] tr.ant-table-row, [data-testid="${testId}"] .mdc-bp-card`);
}

async function loadedRows(page: Page, testId: string, atLeast = 1): Promise<string[]> {
  await eventually(async () => (await tableRows(page, testId).count()) >= atLeast && (await page.locator('.ant-spin-spinning').count()) === 0, `rows in ${testId}`, 30_000);
  return tableRows(page, testId).allInnerTexts();
}

/** The "共 N 条" / "N rows" total under a table. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function choose(page: Page, selectTestId: string, option: string | RegExp) {
  await page.getByTestId(selectTestId).click();
  await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first());
}

const query = (page: Page) => new URL(page.url()).searchParams;

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe('before any import', () => {
  it('says on the Resource pages that nothing is imported and how to import', async () => {
    const { page } = await stack.newPage();
    await page.goto('/resource');
    const notice = page.getByTestId('refdata-missing');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/npx mdc import/);
    await page.goto('/en/resource/bp');
    await page.getByTestId('refdata-missing').waitFor();
    expect(await page.getByTestId('refdata-missing').innerText()).toMatch(/not been imported/);
  });
});

describe('with reference data', () => {
  beforeAll(async () => {
    const started = performance.now();
    dataDir = buildSmallDataDir();
    // The resistance-gene shelf reads ResFinder and AMRFinderPlus whole (3,144 alleles, well under a second).
    symlinkSync(path.join(realDataDir(), 'resistome'), path.join(dataDir, 'resistome'));
    const cut = performance.now();
    await stack.portal.app.refdata.runImport(dataDir);
    // A full import of ../shared/data takes ~100 s on a busy in-memory database: too slow for a browser suite.
    console.info(`resource e2e: small data folder cut in ${Math.round(cut - started)} ms, imported in ${Math.round(performance.now() - cut)} ms`);
  });

  it('counts every category on the entry page, in both languages', async () => {
    const breakpoints = await count('SELECT count(*)::int AS n FROM breakpoint');
    const taxa = await count('SELECT count(*)::int AS n FROM taxon');
    const { page } = await stack.newPage();
    await page.goto('/resource');
    await page.getByTestId('resource-counts').waitFor();
    expect(await page.getByTestId('refdata-missing').count()).toBe(0);
    expect(Number(await page.getByTestId('resource-count-bp').getAttribute('data-count'))).toBe(breakpoints);
    expect(Number(await page.getByTestId('resource-count-taxon').getAttribute('data-count'))).toBe(taxa);
    expect(await page.getByTestId('resource-count-bp').innerText()).toContain('折点');
    await page.goto('/en/resource');
    await page.getByTestId('resource-counts').waitFor();
    expect(await page.getByTestId('resource-count-bp').innerText()).toContain('Breakpoints');
    expect(await page.getByTestId('resource-count-taxon').innerText()).toContain(taxa.toLocaleString('en-US'));
  });

  describe('taxonomy', () => {
    it('filters by rank and name through the address, keeps them on reload and sorts', async () => {
      const expected = await count(`SELECT count(*)::int AS n FROM taxon WHERE rank = 'species' AND lower(name) LIKE 'klebsiella%'`);
      const { page } = await stack.newPage();
      await page.goto('/resource/taxon?rank=species&q=Klebsiella');
      const rows = await loadedRows(page, 'taxon-table');
      expect(rows.every((r) => r.includes('Klebsiella') && r.includes('种'))).toBe(true);
      expect(await shownTotal(page)).toBe(expected);

      // Another rank from the filter lands in the address and survives a reload.
      await choose(page, 'taxon-filter-rank', '属');
      await eventually(() => query(page).get('rank') === 'genus', 'rank=genus in the address');
      await page.reload();
      const genera = await loadedRows(page, 'taxon-table');
      expect(genera.some((r) => r.startsWith('Klebsiella'))).toBe(true);
      expect(genera.every((r) => r.includes('属'))).toBe(true);

      await page.goto('/resource/taxon?rank=species&q=Klebsiella');
      await loadedRows(page, 'taxon-table');
      await page.locator('[data-testid="taxon-table"] th', { hasText: '学名' }).first().click();
      await eventually(() => query(page).get('sort') === 'name', 'sort=name in the address');
      const names = async () => (await tableRows(page, 'taxon-table').allInnerTexts()).map((r) => r.split(/\s/).slice(0, 2).join(' '));
      await eventually(async () => {
        const shown = await names();
        return shown.length > 1 && shown.join('|') === [...shown].sort().join('|');
      }, 'rows in name order');
    });

    it('shows a taxon: lineage, names, WHONET groups, breakpoints, intrinsic resistance, sequences and FASTA', async () => {
      const sequences = await count(`SELECT count(*)::int AS n FROM reference_sequence WHERE taxon_mo = 'B_KLBSL_PNMN' AND marker = '16S'`);
      const { page } = await stack.newPage();
      await page.goto('/resource/taxon/B_KLBSL_PNMN');
      await page.getByTestId('taxon-heading').waitFor();
      expect(await page.locator('h1').innerText()).toBe('Klebsiella pneumoniae');
      expect(await page.getByTestId('taxon-heading').innerText()).toContain('肺炎克雷伯菌');
      expect(await page.getByTestId('taxon-whonet-code').innerText()).toBe('kpn');
      expect(await page.getByTestId('taxon-whonet').innerText()).toContain('肠杆菌目');

      const bp = await loadedRows(page, 'taxon-bp-table');
      expect(bp.length).toBeGreaterThan(0);
      expect(await page.getByTestId('taxon-expected').innerText()).toContain('氨苄西林');

      expect(sequences).toBeGreaterThan(0);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fasta-16S').click()]);
      const fasta = readFileSync((await download.path())!, 'utf8');
      expect(fasta.match(/^>/gm)?.length).toBe(sequences);
      expect(fasta).toMatch(/Klebsiella pneumoniae/);

      // The lineage is clickable: up to the genus.
      await page.getByTestId('taxon-lineage').getByRole('link', { name: /Klebsiella/ }).click();
      await expectPath(page, '/resource/taxon/B_KLBSL');
      await eventually(async () => (await page.locator('h1').innerText()) === 'Klebsiella', 'genus page');
    });

    it('keeps every guideline and switch of a taxon\'s breakpoints in sight at 375 px', async () => {
      // The full data give K. pneumoniae breakpoints of many guidelines (WHONET's SFM, SRGA, BSAC …);
      // this cut has CLSI and EUCAST alone, so the others are added for the test and taken away after.
      const others = ['SFM', 'SRGA', 'BSAC', 'DIN', 'NEO-SENSITABS', 'CA-SFM'];
      const db = stack.portal.db;
      const add = others.map((g, i) =>
        db.query(
          `INSERT INTO breakpoint (line, guideline, year, method, potency, organism_code, organism_code_type, breakpoint_type, host, site_of_infection, reference_table, reference_sequence,
                                   antibiotic_code, whonet_test, r, i, sdd, s, ecoff, date_entered, date_modified, comments, record)
           SELECT line + ${(i + 1) * 10_000_000}, $1, 2022, method, potency, organism_code, organism_code_type, breakpoint_type, host, site_of_infection, reference_table, reference_sequence,
                  antibiotic_code, whonet_test, r, i, sdd, s, ecoff, date_entered, date_modified, comments, record
             FROM breakpoint WHERE guideline = 'EUCAST' AND year = 2022`,
          [g],
        ),
      );
      await Promise.all(add);
      await stack.portal.app.refdata.refresh(true);
      try {
        const { page } = await stack.newPage({ width: 375, height: 812, locale: 'en-US' });
        await page.goto('/en/resource/taxon/B_KLBSL_PNMN');
        await loadedRows(page, 'taxon-bp-table');
        // Issue 16: the switches scrolled inside a box that gave no sign of the entries beyond its edge.
        const items = page.locator('.mdc-res-toolbar .ant-segmented-item');
        expect(await items.count()).toBeGreaterThanOrEqual(others.length + 9);
        const outside = await items.evaluateAll((els) =>
          els.filter((el) => {
            const box = el.getBoundingClientRect();
            return box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
          }).map((el) => el.textContent),
        );
        expect(outside).toEqual([]);
        expect(await page.locator('.mdc-res-toolbar .ant-segmented').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length)).toBe(0);
        expect(await sticksOut(page)).toEqual([]);
      } finally {
        await db.query(`DELETE FROM breakpoint WHERE line >= 10000000 AND guideline = ANY($1::text[])`, [others]);
        await stack.portal.app.refdata.refresh(true);
      }
    });

    it('shows where a status MDC corrected is published, on the taxon and in the list, in both languages', async () => {
      for (const [pre, locale, word, width] of [['', 'zh-CN', '来源', 1280], ['/en', 'en-US', 'Source', 375]] as const) {
        const { page } = await stack.newPage({ locale, width });
        await page.goto(`${pre}/resource/taxon/B_MCRCY_AERG`);
        const note = page.getByTestId('taxon-status-correction');
        await note.waitFor();
        expect(await note.innerText()).toContain('Henfrey, 1856');
        expect(await note.innerText()).toContain('(Kützing) Kützing, 1846');
        const source = note.getByRole('link', { name: new RegExp(word) }).first();
        expect(await source.getAttribute('href')).toMatch(/^https:\/\/www\.marinespecies\.org\//);
        expect(await sticksOut(page)).toEqual([]);
        await page.goto(`${pre}/resource/taxon?q=Microcystis%20aeruginosa&match=exact`);
        await loadedRows(page, 'taxon-table');
        expect(await page.getByTestId('taxon-table').getByTestId('taxon-status-correction').getByRole('link').first().getAttribute('href')).toMatch(/^https:/);
      }
    });

    it('marks a sequence that is a gene of the other marker as not used for identification, in both languages', async () => {
      // The shared 16S set files AAJT01000133, an E. coli genome contig holding a eukaryotic 18S gene.
      const flagged = await count(`SELECT count(*)::int AS n FROM reference_sequence WHERE taxon_mo = 'B_ESCHR_COLI' AND misfiled IS NOT NULL`);
      expect(flagged).toBe(1);
      for (const [pre, width, text] of [['', 1280, '未用于鉴定'], ['/en', 375, 'Not used for identification']] as const) {
        const { page } = await stack.newPage({ width });
        await page.goto(`${pre}/resource/taxon/B_ESCHR_COLI`);
        const note = page.getByTestId('taxon-sequences').getByTestId('sequence-misfiled');
        await note.waitFor();
        expect(await note.count()).toBe(1);
        expect(await note.innerText()).toContain(text);
        expect(await note.innerText()).toMatch(/18S/);
        const row = page.getByTestId('taxon-sequences').locator('tr', { has: page.getByTestId('sequence-misfiled') });
        expect(await row.innerText()).toContain('AAJT01000133');
      }
    });

    it('shows an English taxon page and a clear 404 for an unknown id', async () => {
      const { page } = await stack.newPage({ locale: 'en-US' });
      await page.goto('/en/resource/taxon/B_ESCHR_COLI');
      await page.getByTestId('taxon-heading').waitFor();
      expect(await page.getByTestId('taxon-overview').innerText()).toContain('Accepted');
      expect(await page.getByTestId('taxon-whonet-code').innerText()).toBe('eco');
      await page.goto('/en/resource/taxon/B_NOPE_NOPE');
      await page.getByTestId('resource-not-found').waitFor();
    });
  });

  describe('antimicrobials', () => {
    it('finds drugs by Chinese name through the address and opens one with its breakpoints', async () => {
      const { page } = await stack.newPage();
      await page.goto('/resource/atb');
      await loadedRows(page, 'atb-table');
      await page.getByTestId('atb-filter-q').fill('阿莫西林');
      await page.getByTestId('atb-filter-q').press('Enter');
      await eventually(() => query(page).get('q') === '阿莫西林', 'q in the address');
      await eventually(async () => (await tableRows(page, 'atb-table').allInnerTexts()).every((r) => r.includes('阿莫西林')), 'only amoxicillins');
      const rows = await loadedRows(page, 'atb-table');
      expect(rows.some((r) => r.startsWith('AMX'))).toBe(true);
      expect(rows.some((r) => r.startsWith('AMC'))).toBe(true);
      await page.reload();
      expect((await loadedRows(page, 'atb-table')).length).toBe(rows.length);

      await page.locator('[data-testid="atb-table"] a', { hasText: 'AMC' }).first().click();
      await expectPath(page, '/resource/atb/AMC');
      await page.getByTestId('atb-facts').waitFor();
      expect(await page.getByTestId('atb-heading').innerText()).toContain('阿莫西林/克拉维酸');
      const facts = await page.getByTestId('atb-facts').innerText();
      expect(facts).toContain('Amoxicillin/Clavulanic acid');
      expect(facts).toContain('J01CR02');
      const bp = await loadedRows(page, 'atb-bp-table');
      expect(bp.length).toBeGreaterThan(0);
    });

    it('filters by AWaRe group and shows English names on English pages', async () => {
      const access = await count(`SELECT count(*)::int AS n FROM antibiotic WHERE aware = 'Access'`);
      const { page } = await stack.newPage({ locale: 'en-US' });
      await page.goto('/en/resource/atb?aware=Access&pageSize=100');
      const rows = await loadedRows(page, 'atb-table');
      expect(await shownTotal(page)).toBe(access);
      expect(rows.every((r) => r.includes('Access'))).toBe(true);
      expect(rows.some((r) => r.includes('Amoxicillin'))).toBe(true);
    });
  });

  describe('breakpoints', () => {
    it('filters by guideline, drug and method from the address and the filters, and keeps them on reload', async () => {
      const latest = await count(`SELECT max(year)::int AS n FROM breakpoint WHERE guideline = 'EUCAST'`);
      const mic = await count(`SELECT count(*)::int AS n FROM breakpoint WHERE guideline = 'EUCAST' AND year = $1 AND antibiotic_code = 'MEM' AND method = 'MIC'`, [latest]);
      const disk = await count(`SELECT count(*)::int AS n FROM breakpoint WHERE guideline = 'EUCAST' AND year = $1 AND antibiotic_code = 'MEM' AND method = 'DISK'`, [latest]);
      const { page } = await stack.newPage();
      await page.goto('/resource/bp?guideline=EUCAST&antibiotic=MEM&method=MIC&pageSize=100');
      const rows = await loadedRows(page, 'bp-table');
      expect(await shownTotal(page)).toBe(mic);
      expect(rows.every((r) => r.includes('美罗培南') && r.includes('MIC') && r.includes(`EUCAST ${latest}`))).toBe(true);

      await choose(page, 'bp-filter-method', '纸片');
      await eventually(() => query(page).get('method') === 'DISK', 'method=DISK in the address');
      expect(query(page).get('guideline')).toBe('EUCAST');
      await eventually(async () => (await tableRows(page, 'bp-table').allInnerTexts()).every((r) => r.includes('纸片')), 'disk rows');
      await page.reload();
      const after = await loadedRows(page, 'bp-table');
      expect(after.every((r) => r.includes('纸片') && r.includes('美罗培南'))).toBe(true);
      expect(await shownTotal(page)).toBe(disk);
    });

    it('applies to a taxon through its WHONET groups (meningitis rows for Pseudomonas aeruginosa included)', async () => {
      const { page } = await stack.newPage();
      await page.goto('/resource/bp?taxon=B_PSDMN_AERG&antibiotic=MEM&guideline=EUCAST');
      await page.getByTestId('bp-taxon-tag').waitFor();
      const rows = await loadedRows(page, 'bp-table');
      expect(rows.every((r) => r.includes('美罗培南'))).toBe(true);
      expect(rows.some((r) => r.includes('铜绿假单胞菌') || r.includes('假单胞菌'))).toBe(true);
      await eventually(async () => (await page.getByTestId('bp-taxon-tag').innerText()).includes('Pseudomonas aeruginosa'), 'taxon named in the tag');
    });

    it('filtered by an organism, shows the clinical breakpoints of the groups it belongs to, each naming its group', async () => {
      const { page } = await stack.newPage({ locale: 'en-US' });
      await page.goto('/en/resource/bp?guideline=EUCAST&antibiotic=MEM');
      await loadedRows(page, 'bp-table');
      await page.getByTestId('bp-filter-organism').click();
      await page.locator('#bp-organism').fill('K. pneumoniae');
      await clickStill(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Klebsiella pneumoniae' }).first());
      await eventually(() => query(page).get('organism') === 'kpn', 'organism=kpn in the address');
      await page.getByTestId('bp-groups').waitFor();
      await eventually(async () => (await tableRows(page, 'bp-table').allInnerTexts()).some((r) => r.includes('Enterobacterales')), 'the Enterobacterales rows');
      const rows = await loadedRows(page, 'bp-table');
      // The clinical breakpoint (EUCAST: S ≤ 2, R > 8 mg/L), not only K. pneumoniae's own ECOFFs.
      const clinical = rows.filter((r) => r.includes('Enterobacterales') && r.includes('MIC') && r.includes('Non-meningitis'));
      expect(clinical).toHaveLength(1);
      expect(clinical[0]).toContain('≤2');
      expect(clinical[0]).toContain('>8');
      expect(clinical[0]).toContain('EBC');
      expect(rows.filter((r) => r.includes('ECOFF')).every((r) => r.includes('kpn'))).toBe(true);
      const groups = await page.getByTestId('bp-groups').innerText();
      expect(groups).toContain('Enterobacterales');
      expect(groups).toContain('Klebsiella pneumoniae');
      // The notation line says how EUCAST and CLSI write their limits, and where the data end.
      expect(await page.getByTestId('bp-data-years').innerText()).toMatch(/end at 2025 \(up to 2022 from the WHONET 2023 data release, 2023–2025 from the AMR package 3\.0\.0\)/);
      // On a phone the list of groups wraps.
      await page.setViewportSize({ width: 375, height: 812 });
      await loadedRows(page, 'bp-table');
      expect(await sticksOut(page)).toEqual([]);
      const note = await page.getByTestId('bp-groups').boundingBox();
      expect(note!.x + note!.width).toBeLessThanOrEqual(375);
    });

    it('exports the filtered table to CSV and Excel with the same rows', async () => {
      const latest = await count(`SELECT max(year)::int AS n FROM breakpoint WHERE guideline = 'CLSI'`);
      const expected = await count(`SELECT count(*)::int AS n FROM breakpoint WHERE guideline = 'CLSI' AND year = $1 AND antibiotic_code = 'CAZ'`, [latest]);
      const { page } = await stack.newPage();
      await page.goto('/resource/bp?guideline=CLSI&antibiotic=CAZ');
      await loadedRows(page, 'bp-table');
      expect(await shownTotal(page)).toBe(expected);

      const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bp-export-csv').click()]);
      expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
      const [head, ...body] = parseCsv(readFileSync((await csvDownload.path())!, 'utf8').replace(/^\uFEFF/, ''));
      expect(head).toContain('抗菌药物');
      expect(body.length).toBe(expected);
      const at = (name: string) => head!.indexOf(name);
      expect(body.every((row) => row[at('药物代码')] === 'CAZ' && row[at('指南')] === 'CLSI' && row[at('年份')] === String(latest))).toBe(true);

      const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bp-export-xlsx').click()]);
      expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await xlsxDownload.path())!);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount - 1).toBe(expected);
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const codeColumn = header.indexOf('药物代码');
      expect(codeColumn).toBeGreaterThan(0);
      for (let r = 2; r <= sheet.rowCount; r += 1) expect(sheet.getRow(r).getCell(codeColumn).value).toBe('CAZ');
    });

    it('shows English labels on the English page', async () => {
      const { page } = await stack.newPage({ locale: 'en-US' });
      await page.goto('/en/resource/bp?guideline=EUCAST&antibiotic=MEM');
      const rows = await loadedRows(page, 'bp-table');
      expect(rows.every((r) => r.includes('Meropenem'))).toBe(true);
      expect(await page.getByTestId('bp-filters').innerText()).toContain('Guideline');
    });
  });

  describe('expert rules', () => {
    it('shows each kind of rule in its tab, the tab in the address', async () => {
      const expert = await count('SELECT count(*)::int AS n FROM expert_rule');
      const { page } = await stack.newPage();
      await page.goto('/resource/er');
      const expected = await loadedRows(page, 'er-table');
      expect(expected.every((r) => r.includes('R'))).toBe(true);

      await page.getByTestId('er-tab-expert').click();
      await eventually(() => query(page).get('type') === 'expert', 'type=expert in the address');
      await eventually(async () => (await tableRows(page, 'er-table').count()) === expert, 'all expert rules');
      expect((await tableRows(page, 'er-table').allInnerTexts()).join('\n')).toMatch(/ESBL/);

      await page.goto('/resource/er?type=eucast');
      const eucast = await loadedRows(page, 'er-table');
      expect(eucast.length).toBeGreaterThan(0);
      await page.reload();
      expect(await page.locator('.ant-tabs-tab-active').innerText()).toContain('EUCAST');
    });

    it('filters intrinsic resistance by organism code: Klebsiella pneumoniae and ampicillin', async () => {
      const { page } = await stack.newPage();
      await page.goto('/resource/er?organism=kpn&antibiotic=AMP');
      const rows = await loadedRows(page, 'er-table');
      expect(rows.every((r) => r.includes('氨苄西林'))).toBe(true);
      const { page: en } = await stack.newPage({ locale: 'en-US' });
      await en.goto('/en/resource/er?organism=kpn&antibiotic=AMP');
      expect((await loadedRows(en, 'er-table')).every((r) => r.includes('Ampicillin'))).toBe(true);
    });
  });

  describe('lookups', () => {
    it('drug lookup lists common drugs and opens one', async () => {
      const { page } = await stack.newPage();
      await page.goto('/atb');
      const first = page.getByTestId('atb-common-item').first();
      await first.waitFor();
      expect(await page.getByTestId('atb-common-item').count()).toBeGreaterThan(5);
      await first.click();
      await expectPath(page, /^\/resource\/atb\/[A-Z0-9]+$/);
      await page.getByTestId('atb-facts').waitFor();
    });

    it('breakpoint lookup answers organism + drug and leads to the full table', async () => {
      const { page } = await stack.newPage({ width: 375, height: 812 });
      await page.goto('/bk?taxon=B_PSDMN_AERG&antibiotic=MEM');
      const rows = await loadedRows(page, 'bk-table');
      expect(rows.some((r) => r.includes('CLSI') || r.includes('EUCAST'))).toBe(true);
      await page.getByTestId('bk-full-table').click();
      await expectPath(page, /^\/resource\/bp\?/);
      expect(query(page).get('taxon')).toBe('B_PSDMN_AERG');
      expect(query(page).get('antibiotic')).toBe('MEM');
      await loadedRows(page, 'bp-table');
    });
  });

  describe('layout', () => {
    it.each(['/en/resource/taxon', '/en/resource/taxon?q=Bacteroides&pageSize=50', '/en/resource/taxon?q=Pseudomonas%20pseudo'])('shows every column of the taxon list at 1280 px, Clinical relevance included: %s', async (path) => {
      const { page } = await stack.newPage({ locale: 'en-US' });
      await page.goto(path);
      await loadedRows(page, 'taxon-table', 2);
      const table = page.getByTestId('taxon-table');
      expect(await tableFits(table)).toBe(true);
      const header = table.locator('th', { hasText: 'Clinical relevance (by genus)' }).first();
      const [cell, frame] = await Promise.all([header.boundingBox(), table.boundingBox()]);
      expect(cell!.x + cell!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
      expect(await sticksOut(page)).toEqual([]);
    });

    it.each(['/resource/atb/SXT', '/en/resource/atb/SXT', '/en/resource/atb/AMC'])('fits %s into a 375 px phone', async (path) => {
      const { page } = await stack.newPage({ width: 375, height: 812, locale: path.startsWith('/en') ? 'en-US' : 'zh-CN' });
      await page.goto(path);
      await page.getByTestId('atb-facts').waitFor();
      await settled(page);
      expect(await sticksOut(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    // Issue 24: the English E. coli breakpoints ran past their frame at 1280 px (every cell on one
    // line), the Source and Note columns out of sight.
    it.each([
      ['/en/resource/bp?organism=eco&guideline=EUCAST', 'bp-table'],
      ['/en/resource/taxon/B_ESCHR_COLI', 'taxon-bp-table'],
      ['/resource/bp?organism=eco&guideline=EUCAST', 'bp-table'],
    ])('shows every column of the E. coli breakpoints at 1280 px, Source and Note included: %s', async (path, testId) => {
      const { page } = await stack.newPage({ locale: path.startsWith('/en') ? 'en-US' : 'zh-CN' });
      await page.goto(path);
      await loadedRows(page, testId, 2);
      await settled(page);
      const table = page.getByTestId(testId);
      expect(await tableFits(table)).toBe(true);
      const frame = (await table.boundingBox())!;
      for (const name of path.startsWith('/en') ? ['Source', 'Note'] : ['来源', '备注']) {
        const header = (await table.locator('thead th', { hasText: name }).first().boundingBox())!;
        expect(header.x + header.width, name).toBeLessThanOrEqual(frame.x + frame.width + 1);
      }
      expect(await sticksOut(page)).toEqual([]);
    });

    // Issue 24: the subspecies listed under K. pneumoniae and S. aureus ("Klebsiella pneumoniae
    // rhinoscleromatis 肺炎克雷伯菌鼻硬结亚种") did not wrap: the Chinese pages were 434 and 392 px wide.
    it.each(['/resource/taxon/B_KLBSL_PNMN', '/resource/taxon/B_STPHY_AURS', '/en/resource/taxon/B_KLBSL_PNMN', '/en/resource/taxon/B_STPHY_AURS'])(
      'fits %s with its lower taxa into a 375 px phone',
      async (path) => {
        const { page } = await stack.newPage({ width: 375, height: 812, locale: path.startsWith('/en') ? 'en-US' : 'zh-CN' });
        await page.goto(path);
        const children = page.getByTestId('taxon-children');
        await children.waitFor();
        await settled(page);
        expect(await children.locator('li').count()).toBeGreaterThan(0);
        expect(await sticksOut(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      },
    );

    it('does not show the raw taxon id as the heading while the taxon loads', async () => {
      const { page } = await stack.newPage({ locale: 'en-US' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/resource/taxa/B_ESCHR_COLI', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/en/resource/taxon/B_ESCHR_COLI');
      await page.getByTestId('taxon-title-loading').waitFor();
      const loading = await page.locator('h1').innerText();
      expect(loading).not.toContain('B_ESCHR_COLI');
      expect(await page.locator('.mdc-area-hero__crumbs').innerText()).not.toContain('B_ESCHR_COLI');
      release();
      await page.getByTestId('taxon-heading').waitFor();
      expect(await page.locator('h1').innerText()).toContain('Escherichia coli');
    });
  });
  describe('resistance genes', () => {
    it('filters genes by class, opens blaKPC-2 with its class, drugs and PMIDs, reaches it from the header search, and reads it in English', async () => {
      const { page } = await stack.newPage();
      await page.goto('/resource');
      await page.getByTestId('resource-nav-genes').click();
      await expectPath(page, '/resource/genes');
      await loadedRows(page, 'gene-table');
      await choose(page, 'gene-filter-class', '多黏菌素类');
      await eventually(() => query(page).get('class') === 'Polymyxin', 'class in the address');
      const polymyxins = await count(`SELECT count(*)::int AS n FROM resistance_gene WHERE 'Polymyxin' = ANY(classes)`);
      await eventually(async () => (await shownTotal(page)) === polymyxins, 'the polymyxin genes counted');
      const mcr = await loadedRows(page, 'gene-table');
      expect(mcr.every((r) => r.includes('mcr') && r.includes('多黏菌素类'))).toBe(true);
      expect(mcr[0]).toContain('COL 黏菌素');

      // The class first (its option alone: "β-内酰胺类 (n)", no other class's label), then the text once the list follows it.
      await choose(page, 'gene-filter-class', /^β-内酰胺类 \(\d+\)$/);
      await eventually(() => query(page).get('class') === 'Beta-lactam', 'the class in the address');
      await page.getByTestId('gene-filter-q').fill('KPC');
      await page.getByTestId('gene-filter-q').press('Enter');
      await eventually(() => query(page).get('q') === 'KPC' && query(page).get('class') === 'Beta-lactam', 'class and text in the address');
      await eventually(async () => (await tableRows(page, 'gene-table').allInnerTexts()).every((r) => r.includes('blaKPC')), 'only KPC alleles');
      await page.locator('[data-testid="gene-table"] a[data-testid="gene-link"]', { hasText: /^blaKPC-2$/ }).click();
      await expectPath(page, '/resource/genes/blaKPC-2');
      await page.getByTestId('gene-facts').waitFor();
      const facts = await page.getByTestId('gene-facts').innerText();
      expect(facts).toContain('β-内酰胺类');
      expect(facts).toContain('酶灭活');
      expect(facts).toContain('MEM 美罗培南');
      expect(facts).toContain('blaKPC-2 · BETA-LACTAM / CARBAPENEM');
      const pmids = page.getByTestId('gene-pmid');
      expect(await pmids.allInnerTexts()).toEqual(['PMID 12615876', 'PMID 11257029']);
      expect(await pmids.first().getAttribute('href')).toBe('https://pubmed.ncbi.nlm.nih.gov/12615876/');
      expect(await page.getByTestId('gene-source').innerText()).toContain('Apache-2.0');

      // From the header's search: "KPC" suggests the KPC alleles as resistance genes.
      await page.goto('/');
      await page.getByTestId('search-toggle').click();
      const input = page.getByTestId('search-panel').locator('input');
      await input.fill('KPC');
      const suggestion = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: /blaKPC-2(?![0-9])/ }).first();
      await suggestion.waitFor();
      expect(await suggestion.innerText()).toContain('耐药基因');
      await clickStill(suggestion);
      await expectPath(page, '/resource/genes/blaKPC-2');
      await page.getByTestId('gene-facts').waitFor();

      await page.goto('/en/resource/genes/blaKPC-2');
      await page.getByTestId('gene-facts').waitFor();
      const english = await page.getByTestId('gene-facts').innerText();
      expect(english).toContain('Beta-lactam');
      expect(english).toContain('Enzymatic inactivation');
      expect(english).toContain('MEM Meropenem');
      expect(await page.getByTestId('resource-nav-genes').innerText()).toBe('Resistance genes');
    });
  });
});
