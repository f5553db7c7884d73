import { rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

describe.each(dbKinds)('resource API on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small }, {}, { imported: small });
  });
  afterAll(async () => portal?.close());

  const get = (url: string, locale: 'zh' | 'en' = 'zh') => call(portal, 'GET', url, undefined, { locale });

  it('counts every category', async () => {
    const { body } = await get('/api/resource/summary');
    expect(body.code).toBe(0);
    expect(body.data.ready).toBe(true);
    expect(body.data.hint).toBeNull();
    const [taxa] = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM taxon');
    expect(body.data.counts.taxa).toBe(taxa!.n);
    expect(body.data.counts).toMatchObject({ antibiotics: expect.any(Number), expertRules: 7 });
    expect(body.data.counts.breakpoints).toBeGreaterThan(100);
    expect(body.data.counts.sequences16S).toBeGreaterThan(0);
    expect(body.data.lastImport.sourceDir).toBe(small);
  });

  describe('taxa', () => {
    it('lists by rank and name prefix, paged and sorted', async () => {
      const { body } = await get('/api/resource/taxa?rank=species&q=Klebsiella&pageSize=5&sort=name');
      expect(body.code).toBe(0);
      expect(body.data.list).toHaveLength(5);
      expect(body.data.total).toBeGreaterThan(5);
      expect(body.data.list.every((t: { rank: string; name: string }) => t.rank === 'species' && t.name.startsWith('Klebsiella'))).toBe(true);
      const names = body.data.list.map((t: { name: string }) => t.name);
      expect(names).toEqual([...names].sort());
      const page2 = await get('/api/resource/taxa?rank=species&q=Klebsiella&pageSize=5&page=2&sort=name');
      expect(page2.body.data.list[0].name > names[4]).toBe(true);
      const desc = await get('/api/resource/taxa?rank=species&q=Klebsiella&pageSize=5&sort=-name');
      expect(desc.body.data.list[0].name > names[0]).toBe(true);
    });

    it('filters by status and finds names containing a word or a Chinese name', async () => {
      const synonyms = await get('/api/resource/taxa?status=synonym&q=Klebsiella&pageSize=50');
      expect(synonyms.body.data.list.length).toBeGreaterThan(0);
      expect(synonyms.body.data.list.every((t: { status: string; current: unknown }) => t.status === 'synonym')).toBe(true);
      expect(synonyms.body.data.list.find((t: { name: string }) => t.name === 'Klebsiella mobilis')?.current).toEqual({ id: 'B_KLBSL_AERG', name: 'Klebsiella aerogenes' });
      const contains = await get('/api/resource/taxa?q=pneumoniae&match=contains&rank=species');
      expect(contains.body.data.list.map((t: { id: string }) => t.id)).toContain('B_KLBSL_PNMN');
      const chinese = await get(`/api/resource/taxa?q=${encodeURIComponent('克雷伯')}`);
      expect(chinese.body.data.list.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['B_KLBSL_PNMN', 'B_KLBSL_AERG']));
      const literal = await get(`/api/resource/taxa?q=${encodeURIComponent('%')}&match=contains`);
      expect(literal.body.data.total).toBe(0);
      const badSort = await get('/api/resource/taxa?sort=password');
      expect(badSort.status).toBe(400);
      expect(badSort.body.code).toBe(1000);
    });

    it('shows a taxon with lineage, names, WHONET groups, sequences, breakpoints and expected resistance', async () => {
      const { body } = await get('/api/resource/taxa/B_KLBSL_PNMN');
      expect(body.code).toBe(0);
      const t = body.data;
      expect(t).toMatchObject({ id: 'B_KLBSL_PNMN', name: 'Klebsiella pneumoniae', nameZh: '肺炎克雷伯菌', rank: 'species', status: 'accepted', current: null });
      expect(t.lineage.map((a: { rank: string }) => a.rank)).toEqual(['kingdom', 'phylum', 'class', 'order', 'family', 'genus']);
      expect(t.lineage.at(-1)).toMatchObject({ id: 'B_KLBSL', name: 'Klebsiella', nameZh: '克雷伯菌属' });
      expect(t.lpsn.url).toMatch(/^https:\/\/lpsn\.dsmz\.de\//);
      expect(t.whonet).toMatchObject({ code: 'kpn', familyCode: 'EBC', genusCode: 'KL-', inheritedFrom: null });
      expect(t.whonet.groups.map((g: { level: string }) => g.level)).toEqual(['WHONET_ORG_CODE', 'GENUS_CODE', 'FAMILY_CODE', 'SUBKINGDOM_CODE', 'ALL']);
      expect(t.whonet.groups[2].label).toEqual({ en: 'Enterobacterales', zh: '肠杆菌目' });
      expect(t.children.list.map((c: { id: string }) => c.id)).toContain('B_KLBSL_PNMN_PNMN');
      expect(t.sequences.find((s: { marker: string }) => s.marker === '16S').count).toBeGreaterThan(0);
      expect(t.breakpoints.map((b: { guideline: string }) => b.guideline).sort()).toEqual(['CLSI', 'EUCAST']);
      expect(t.expectedResistance.length).toBeGreaterThan(0);
      // Klebsiella is intrinsically resistant to ampicillin in both guidelines; under EUCAST both WHONET's
      // row and AMR 3.0.0's species list (Expected Resistant Phenotypes v1.2) say so.
      const ampicillin = t.expectedResistance.filter((r: { antibiotics: { code: string }[] }) => r.antibiotics.some((a) => a.code === 'AMP'));
      expect([...new Set(ampicillin.map((r: { guideline: string }) => r.guideline))].sort()).toEqual(['CLSI', 'EUCAST']);
      expect(ampicillin.map((r: { source: string }) => r.source)).toContain('EUCAST · Expected Resistant Phenotypes v1.2');
    });

    it('shows a synonym with its accepted name, and a species WHONET lacks through its genus', async () => {
      const synonym = await get('/api/resource/taxa/B_KLBSL_MBLS');
      expect(synonym.body.data.current).toMatchObject({ id: 'B_KLBSL_AERG', name: 'Klebsiella aerogenes' });
      expect(synonym.body.data.nameZh).toBe('产气克雷伯菌');
      const accepted = await get('/api/resource/taxa/B_KLBSL_AERG');
      expect(accepted.body.data.synonyms.map((s: { id: string }) => s.id)).toContain('B_KLBSL_MBLS');
      const unlisted = await get('/api/resource/taxa/B_KLBSL_MCHG');
      expect(unlisted.body.data.whonet).toMatchObject({ code: 'kl-', inheritedFrom: { id: 'B_KLBSL' } });
    });

    it('shows the source of a status MDC corrected, where the status is shown', async () => {
      // AMR 3.0.0 calls Microcystis aeruginosa a synonym of a GBIF record it does not hold.
      const { body } = await get('/api/resource/taxa/B_MCRCY_AERG');
      expect(body.data).toMatchObject({ status: 'accepted', current: null, author: '(Kützing) Kützing, 1846' });
      expect(body.data.statusCorrection).toMatchObject({ listedStatus: 'synonym', listedAuthority: 'Henfrey, 1856', gbifId: '5426712' });
      expect(body.data.statusCorrection.source).toContain('https://www.marinespecies.org/aphia.php?p=taxdetails&id=146558');
      expect(body.data.statusCorrection.reason.zh).toMatch(/\p{Script=Han}/u);
      // What GBIF renames to that record now has a current name: the corrected one.
      expect(body.data.synonyms.map((s: { id: string }) => s.id)).toContain('B_MCRCY_AERG_AERG');
      const list = await get('/api/resource/taxa?q=Microcystis%20aeruginosa&match=exact');
      expect(list.body.data.list[0]).toMatchObject({ id: 'B_MCRCY_AERG', status: 'accepted', statusCorrection: { source: body.data.statusCorrection.source } });
      const untouched = await get('/api/resource/taxa/B_KLBSL_PNMN');
      expect(untouched.body.data.statusCorrection).toBeNull();
    });

    it('answers 404 for an unknown taxon', async () => {
      const zh = await get('/api/resource/taxa/B_NOPE');
      expect(zh.status).toBe(404);
      expect(zh.body).toMatchObject({ code: 1004, msg: '未找到该分类单元' });
      expect((await get('/api/resource/taxa/B_NOPE', 'en')).body.msg).toBe('No such taxon');
    });

    it('lists and downloads reference sequences', async () => {
      const list = await get('/api/resource/taxa/B_ESCHR_COLI/sequences?marker=16S&pageSize=3');
      expect(list.body.data.list).toHaveLength(Math.min(3, list.body.data.total));
      expect(list.body.data.list[0]).toMatchObject({ marker: '16S', species: 'Escherichia coli' });
      const fasta = await get('/api/resource/taxa/B_ESCHR_COLI/sequences.fasta?marker=16S');
      expect(fasta.status).toBe(200);
      expect(fasta.headers['content-type']).toContain('text/x-fasta');
      expect(fasta.headers['content-disposition']).toContain('Escherichia_coli_16S.fasta');
      const records = fasta.raw.split('\n').filter((l) => l.startsWith('>'));
      expect(records).toHaveLength(list.body.data.total);
      expect(records[0]).toContain(list.body.data.list[0].accession);
      expect(fasta.raw.split('\n').filter((l) => !l.startsWith('>') && l !== '').every((l) => /^[ACGTUNRYKMSWBDHV]{1,80}$/i.test(l))).toBe(true);
      const none = await get('/api/resource/taxa/B_[KNG]_BACTERIA/sequences.fasta');
      expect(none.status).toBe(404);
    });

    it('lists the breakpoints that apply to a taxon, most specific level per test', async () => {
      const { body } = await get('/api/resource/taxa/B_PSDMN_AERG/breakpoints?guideline=EUCAST&antibiotic=MEM&pageSize=50');
      expect(body.code).toBe(0);
      // Without a year, the guideline's newest: EUCAST 2025 (AMR 3.0.0).
      expect(body.data.filters).toMatchObject({ guideline: 'EUCAST', year: 2025, taxon: 'B_PSDMN_AERG' });
      expect(body.data.list.length).toBeGreaterThan(0);
      expect(body.data.list.every((b: { antibiotic: { code: string }; year: number }) => b.antibiotic.code === 'MEM' && b.year === 2025)).toBe(true);
      // Pseudomonas has its own meropenem rows, so the non-species-related ones do not show.
      expect(body.data.list.some((b: { organism: { level: string } }) => b.organism.level === 'ALL')).toBe(false);
      expect(body.data.list[0].organism.label.en).toMatch(/Pseudomonas/);
      // An older year is still there when asked for (WHONET's 2022 table).
      const older = await get('/api/resource/taxa/B_PSDMN_AERG/breakpoints?guideline=EUCAST&antibiotic=MEM&year=2022&pageSize=50');
      expect(older.body.data.filters).toMatchObject({ guideline: 'EUCAST', year: 2022, taxon: 'B_PSDMN_AERG' });
      expect(older.body.data.list.length).toBeGreaterThan(0);
      expect(older.body.data.list.every((b: { antibiotic: { code: string }; year: number }) => b.antibiotic.code === 'MEM' && b.year === 2022)).toBe(true);
      expect(older.body.data.list.some((b: { organism: { level: string } }) => b.organism.level === 'ALL')).toBe(false);
    });
  });

  describe('antibiotics', () => {
    it('lists with Chinese names, codes, aliases, class, ATC, AWaRe and potency; filters and sorts', async () => {
      const { body } = await get(`/api/resource/antibiotics?q=${encodeURIComponent('阿莫西林')}&sort=code`);
      const codes = body.data.list.map((a: { code: string }) => a.code);
      expect(codes).toEqual(expect.arrayContaining(['AMC', 'AMX']));
      expect(codes).toEqual([...codes].sort());
      const amc = body.data.list.find((a: { code: string }) => a.code === 'AMC');
      expect(amc).toMatchObject({ name: 'Amoxicillin/Clavulanic acid', nameZh: '阿莫西林/克拉维酸', atcCode: 'J01CR02', aware: 'Access', class: 'Beta-lactam+Inhibitors' });
      expect(amc.potencies).toContain('20/10µg');
      const reserve = await get('/api/resource/antibiotics?aware=Reserve&pageSize=200');
      expect(reserve.body.data.list.length).toBeGreaterThan(0);
      expect(reserve.body.data.list.every((a: { aware: string }) => a.aware === 'Reserve')).toBe(true);
      const withBreakpoints = await get('/api/resource/antibiotics?withBreakpoints=true&pageSize=200&sort=-breakpoints');
      // The 13 drugs of the small WHONET table, and the 5 only its AMR 3.0.0 rows (2023–2025) add.
      expect(withBreakpoints.body.data.total).toBe(18);
      expect(withBreakpoints.body.data.list.map((a: { code: string }) => a.code)).toEqual(expect.arrayContaining(['MEM', 'TCY', 'FEP', 'CZO', 'ETP', 'IPM']));
      const counts = withBreakpoints.body.data.list.map((a: { breakpointCount: number }) => a.breakpointCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const byAlias = await get('/api/resource/antibiotics?q=AMPC-CVA');
      expect(byAlias.body.data.list.map((a: { code: string }) => a.code)).toEqual(['AMC']);
    });

    it('shows a drug with its WHONET rows and breakpoint summary', async () => {
      const { body } = await get('/api/resource/antibiotics/mem');
      expect(body.data).toMatchObject({ code: 'MEM', name: 'Meropenem', nameZh: '美罗培南' });
      expect(body.data.breakpointSummary.map((s: { guideline: string }) => s.guideline).sort()).toEqual(['CLSI', 'EUCAST']);
      for (const summary of body.data.breakpointSummary) {
        expect(summary.latestYear).toBe(2025);
        expect(summary.years).toEqual(expect.arrayContaining([2025, 2022]));
      }
      expect(body.data.rows.length).toBeGreaterThan(0);
      expect((await get('/api/resource/antibiotics/NOPE')).status).toBe(404);
    });
  });

  describe('breakpoints', () => {
    it('defaults to the latest year and filters by guideline, method, organism, drug, site and type', async () => {
      const { body } = await get('/api/resource/breakpoints?guideline=EUCAST&method=MIC&antibiotic=MEM&organism=PS-&pageSize=50');
      expect(body.data.filters).toMatchObject({ guideline: 'EUCAST', year: 2025, method: 'MIC', antibiotic: 'MEM', organism: 'PS-' });
      expect(body.data.total).toBeGreaterThan(0);
      for (const row of body.data.list) {
        expect(row).toMatchObject({ guideline: 'EUCAST', year: 2025, method: 'MIC', antibiotic: { code: 'MEM', nameZh: '美罗培南' }, organism: { code: 'PS-', level: 'GENUS_CODE' } });
        expect(row.source).toContain('EUCAST 2025');
      }
      // A year asked for is kept: WHONET's 2022 rows.
      const y2022 = await get('/api/resource/breakpoints?guideline=EUCAST&year=2022&method=MIC&antibiotic=MEM&organism=PS-&pageSize=50');
      expect(y2022.body.data.filters).toMatchObject({ guideline: 'EUCAST', year: 2022, method: 'MIC', antibiotic: 'MEM', organism: 'PS-' });
      expect(y2022.body.data.total).toBeGreaterThan(0);
      for (const row of y2022.body.data.list) {
        expect(row).toMatchObject({ guideline: 'EUCAST', year: 2022, method: 'MIC', antibiotic: { code: 'MEM' }, organism: { code: 'PS-', level: 'GENUS_CODE' } });
        expect(row.source).toContain('EUCAST 2022');
      }
      const meningitis = await get(`/api/resource/breakpoints?guideline=EUCAST&antibiotic=MEM&site=${encodeURIComponent('Meningitis')}`);
      expect(meningitis.body.data.list.every((r: { site: string; siteLabel: { zh: string } }) => r.site === 'Meningitis' && r.siteLabel.zh === '脑膜炎')).toBe(true);
      const general = await get('/api/resource/breakpoints?guideline=CLSI&site=-&pageSize=200');
      expect(general.body.data.list.every((r: { site: string }) => r.site === '')).toBe(true);
      const ecoff = await get('/api/resource/breakpoints?type=ecoff&year=all&pageSize=200');
      expect(ecoff.body.data.list.every((r: { breakpointType: string }) => r.breakpointType === 'ECOFF')).toBe(true);
      const year = await get('/api/resource/breakpoints?guideline=CLSI&year=2021&pageSize=5');
      expect(year.body.data.list.every((r: { year: number }) => r.year === 2021)).toBe(true);
    });

    it('without a guideline shows the latest year of each, sorts, and pages', async () => {
      const all = await get('/api/resource/breakpoints?pageSize=200&sort=-year,antibiotic');
      expect(new Set(all.body.data.list.map((r: { year: number }) => r.year))).toEqual(new Set([2025]));
      expect(new Set(all.body.data.list.map((r: { guideline: string }) => r.guideline))).toEqual(new Set(['CLSI', 'EUCAST']));
      const sorted = await get('/api/resource/breakpoints?guideline=CLSI&pageSize=100&sort=antibiotic');
      const codes = sorted.body.data.list.map((r: { antibiotic: { code: string } }) => r.antibiotic.code);
      expect(codes).toEqual([...codes].sort());
      const p1 = await get('/api/resource/breakpoints?guideline=CLSI&pageSize=10&page=1');
      const p2 = await get('/api/resource/breakpoints?guideline=CLSI&pageSize=10&page=2');
      expect(p1.body.data.total).toBe(p2.body.data.total);
      const ids1 = p1.body.data.list.map((r: { id: number }) => r.id);
      expect(p2.body.data.list.some((r: { id: number }) => ids1.includes(r.id))).toBe(false);
    });

    it('filters by taxon through the WHONET hierarchy', async () => {
      const { body } = await get('/api/resource/breakpoints?guideline=EUCAST&taxon=B_ESCHR_COLI&antibiotic=AMP&pageSize=50');
      expect(body.data.total).toBeGreaterThan(0);
      expect(body.data.list.every((r: { organism: { code: string } }) => ['eco', 'EBC'].includes(r.organism.code))).toBe(true);
    });

    it('filters by an organism code with the rows of every group it belongs to, each naming its group', async () => {
      // K. pneumoniae has its own ECOFF rows for meropenem; its clinical breakpoint is Enterobacterales'.
      const { body } = await get('/api/resource/breakpoints?guideline=EUCAST&organism=kpn&antibiotic=MEM&pageSize=50', 'en');
      const rows = body.data.list as { organism: { code: string; level: string; label: { en: string } }; breakpointType: string; method: string; site: string; s: number | null; r: number | null }[];
      const clinical = rows.filter((r) => r.breakpointType === 'Human');
      expect(clinical.length).toBeGreaterThan(0);
      expect(clinical.every((r) => r.organism.code === 'EBC' && r.organism.level === 'FAMILY_CODE' && r.organism.label.en === 'Enterobacterales')).toBe(true);
      expect(clinical.find((r) => r.method === 'MIC' && r.site === 'Non-meningitis')).toMatchObject({ s: 2, r: 16 });
      expect(rows.filter((r) => r.breakpointType === 'ECOFF').every((r) => r.organism.code === 'kpn')).toBe(true);
      expect(rows.filter((r) => r.breakpointType === 'ECOFF').length).toBe(2);
      expect(body.data.filters.organism).toBe('kpn');
      expect(body.data.filters.groups.map((g: { code: string }) => g.code)).toEqual(expect.arrayContaining(['kpn', 'EBC', 'ALL']));
      // The same rows as the taxon page's link.
      const viaTaxon = await get('/api/resource/breakpoints?guideline=EUCAST&taxon=B_KLBSL_PNMN&antibiotic=MEM&pageSize=50', 'en');
      expect(viaTaxon.body.data.list.map((r: { id: number }) => r.id).sort()).toEqual(rows.map((r: unknown) => (r as { id: number }).id).sort());
      // A group code keeps selecting the rows that name that group.
      const group = await get('/api/resource/breakpoints?guideline=EUCAST&organism=EBC&antibiotic=MEM&pageSize=50');
      expect(group.body.data.list.every((r: { organism: { code: string } }) => r.organism.code === 'EBC')).toBe(true);
      expect(group.body.data.filters.groups).toBeNull();
      // The export follows the same rows.
      const csv = await get('/api/resource/breakpoints/export?guideline=EUCAST&organism=kpn&antibiotic=MEM&format=csv&lang=en');
      expect(csv.raw.slice(1).trim().split('\r\n')).toHaveLength(rows.length + 1);
      expect(csv.raw).toContain('Enterobacterales');
    });

    it('offers the filter values', async () => {
      const { body } = await get('/api/resource/breakpoints/filters?guideline=EUCAST');
      expect(body.data.year).toBe(2025);
      expect(body.data.guidelines.map((g: { name: string }) => g.name).sort()).toEqual(['CLSI', 'EUCAST']);
      expect(body.data.guidelines.find((g: { name: string }) => g.name === 'EUCAST')).toMatchObject({ latestYear: 2025, years: [2025, 2024, 2023, 2022, 2021] });
      expect(body.data.methods.map((m: { value: string }) => m.value).sort()).toEqual(['DISK', 'MIC']);
      expect(body.data.sites.map((s: { value: string }) => s.value)).toEqual(expect.arrayContaining(['-', 'Meningitis']));
      expect(body.data.organisms.find((o: { code: string }) => o.code === 'EBC')?.label).toEqual({ en: 'Enterobacterales', zh: '肠杆菌目' });
      expect(body.data.antibiotics.map((a: { code: string }) => a.code)).toContain('MEM');
    });

    it('exports the filtered table as CSV with a BOM and as .xlsx', async () => {
      const filter = 'guideline=EUCAST&antibiotic=MEM&method=MIC';
      const list = await get(`/api/resource/breakpoints?${filter}&pageSize=200`);
      const csv = await get(`/api/resource/breakpoints/export?${filter}&format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="breakpoints_EUCAST_2025_MEM\.csv"/);
      expect(csv.raw.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.raw.slice(1).trim().split('\r\n');
      expect(lines[0]).toContain('分类（菌群）');
      expect(lines).toHaveLength(list.body.data.total + 1);
      expect(lines.slice(1).every((l) => l.includes('美罗培南'))).toBe(true);
      const english = await get(`/api/resource/breakpoints/export?${filter}&format=csv&lang=en`);
      expect(english.raw).toContain('Classification (organism group)');

      const xlsx = await portal.app.inject({ method: 'GET', url: `/api/resource/breakpoints/export?${filter}&format=xlsx`, headers: { local: 'en' } });
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(list.body.data.total + 1);
      expect(sheet.getRow(1).getCell(1).value).toBe('Classification (organism group)');
      expect(sheet.getRow(2).getCell(4).value).toBe('MEM');
    });

    it('exports no cell a spreadsheet would run as a formula (a hostile comment in the imported table)', async () => {
      // Without a year the export is the newest table (2025): the hostile comment goes in one of its rows.
      const filter = 'guideline=EUCAST&antibiotic=MEM&method=MIC&organism=EBC';
      const [row] = await portal.db.query<{ line: number; comments: string }>(
        `SELECT line, comments FROM breakpoint WHERE guideline = 'EUCAST' AND year = 2025 AND antibiotic_code = 'MEM' AND method = 'MIC' AND organism_code = 'EBC' ORDER BY line LIMIT 1`,
      );
      await portal.db.query('UPDATE breakpoint SET comments = $1 WHERE line = $2', [`-2+3+cmd|' /C calc'!A0`, row!.line]);
      try {
        const csv = await get(`/api/resource/breakpoints/export?${filter}&format=csv&lang=en`);
        expect(csv.raw).toContain(`'-2+3+cmd|' /C calc'!A0`);
        expect(csv.raw).not.toMatch(/,-2\+3/);
        const xlsx = await portal.app.inject({ method: 'GET', url: `/api/resource/breakpoints/export?${filter}&format=xlsx`, headers: { local: 'en' } });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
        const cells: unknown[] = [];
        workbook.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(cell.value)));
        expect(cells).toContain(`'-2+3+cmd|' /C calc'!A0`);
        // Breakpoint values stay numbers.
        expect(cells.filter((c) => typeof c === 'number').length).toBeGreaterThan(0);
      } finally {
        await portal.db.query('UPDATE breakpoint SET comments = $1 WHERE line = $2', [row!.comments, row!.line]);
      }
    });
  });

  describe('expert rules', () => {
    it('lists expected resistant phenotypes, filtered by organism through the hierarchy and by drug', async () => {
      const { body } = await get('/api/resource/rules?type=expected&organism=kpn&antibiotic=AMP&pageSize=50');
      expect(body.data.type).toBe('expected');
      // CLSI and EUCAST from WHONET, and EUCAST's v1.2 species list from AMR 3.0.0.
      expect([...new Set(body.data.list.map((r: { guideline: string }) => r.guideline))].sort()).toEqual(['CLSI', 'EUCAST']);
      expect(body.data.list.map((r: { source: string }) => r.source)).toContain('EUCAST · Expected Resistant Phenotypes v1.2');
      expect(body.data.list[0]).toMatchObject({ type: 'expected', result: 'R', antibiotics: [{ code: 'AMP', nameZh: '氨苄西林' }] });
      const atc = await get('/api/resource/rules?type=expected&guideline=EUCAST&antibiotic=GEN&pageSize=200');
      expect(atc.body.data.list.some((r: { criteria: string }) => r.criteria.startsWith('ATC'))).toBe(true);
    });

    it('lists WHONET expert rules and EUCAST expert rules with organism, drugs, criteria and source', async () => {
      const whonet = await get('/api/resource/rules?type=expert');
      expect(whonet.body.data.total).toBe(7);
      const esbl = whonet.body.data.list.find((r: { source: string }) => r.source.includes('ESBL-CONFIRMED'));
      expect(esbl).toMatchObject({ criteria: 'ESBL=+ OR X_BLEE=p', organism: { code: 'EBC', label: { en: 'Enterobacterales' } } });
      const staph = await get('/api/resource/rules?type=expert&organism=sau');
      expect(staph.body.data.list.every((r: { organism: { code: string } }) => r.organism.code === 'STA')).toBe(true);
      expect(staph.body.data.total).toBe(3);
      // AMR 3.0.0's interpretive_rules.tsv: the rows naming Pseudomonas open with genus lists (Expected phenotypes 1.2).
      const eucast = await get('/api/resource/rules?type=eucast&organism=Pseudomonas&pageSize=50');
      const aeruginosa = eucast.body.data.list.find((r: { organism: { label: { zh: string } } }) => r.organism.label.zh === '铜绿假单胞菌');
      expect(aeruginosa).toMatchObject({ type: 'eucast', guideline: 'EUCAST' });
      expect(aeruginosa.source).toMatch(/^EUCAST /);
      const byDrug = await get('/api/resource/rules?type=eucast&antibiotic=TZP');
      expect(byDrug.body.data.list.every((r: { antibiotics: { code: string }[]; criteria: string }) => r.antibiotics.some((a) => a.code === 'TZP') || r.criteria.includes('TZP'))).toBe(true);
    });
  });

  it('lists QC ranges', async () => {
    const { body } = await get('/api/resource/qc-ranges?antibiotic=MEM&pageSize=5');
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list[0]).toMatchObject({ antibiotic: { code: 'MEM', nameZh: '美罗培南' } });
    expect(body.data.list[0].minimum).toEqual(expect.any(Number));
  });

  it('gives a drug page its QC ranges: the guideline-years it has, each strain named', async () => {
    const { body } = await get('/api/resource/qc-ranges?antibiotic=GEN&pageSize=200');
    const [counts] = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM qc_range WHERE antibiotic_code = 'GEN'`);
    expect(body.data.total).toBe(counts!.n);
    const clsi = body.data.guidelines.find((g: { name: string }) => g.name === 'CLSI');
    expect(clsi.years[0]).toBe(Math.max(...clsi.years));
    expect(clsi.years.length).toBeGreaterThan(1);
    const ecoli = body.data.list.find((r: { strain: string }) => r.strain.toLowerCase() === 'atcc25922');
    expect(ecoli).toMatchObject({ organismCode: 'eco', organism: { en: 'Escherichia coli', zh: '大肠埃希菌' } });
  });

  it('documents every resource and search endpoint in OpenAPI', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/resource/summary',
      '/api/resource/taxa',
      '/api/resource/taxa/{id}',
      '/api/resource/taxa/{id}/sequences',
      '/api/resource/taxa/{id}/sequences.fasta',
      '/api/resource/taxa/{id}/breakpoints',
      '/api/resource/antibiotics',
      '/api/resource/antibiotics/{code}',
      '/api/resource/breakpoints',
      '/api/resource/breakpoints/export',
      '/api/resource/breakpoints/filters',
      '/api/resource/rules',
      '/api/resource/qc-ranges',
      '/api/search/autocomplete',
      '/api/search',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  // Issue 24: the Chinese pages printed the tables' English — drug classes ("Aminoglycosides"),
  // sites ("Uncomplicated urinary tract infection", "Investigational agent"), hosts ("Horse").
  describe('Chinese for the tables\' English terms', () => {
    // A Chinese label holds Chinese (Latin only inside, as in "Rho 因子抑制剂"); '' stays ''.
    const chinese = (zh: string) => zh === '' || /[\u4e00-\u9fff]/.test(zh);

    it('names a drug\'s class and subclass in both languages', async () => {
      const { body } = await get('/api/resource/antibiotics/GEN');
      expect(body.data).toMatchObject({ class: 'Aminoglycosides', classLabel: { en: 'Aminoglycosides', zh: '氨基糖苷类' } });
      const cip = (await get('/api/resource/antibiotics/CIP')).body.data;
      expect(cip.classLabel.zh).toBe('喹诺酮类');
      expect(cip.subclassLabel).toEqual({ en: cip.subclass, zh: '氟喹诺酮类' });
      const list = await get('/api/resource/antibiotics?pageSize=200');
      for (const drug of list.body.data.list as { code: string; class: string; classLabel: { zh: string }; subclassLabel: { zh: string } }[]) {
        expect(chinese(drug.classLabel.zh), `${drug.code} ${drug.classLabel.zh}`).toBe(true);
        expect(chinese(drug.subclassLabel.zh), `${drug.code} ${drug.subclassLabel.zh}`).toBe(true);
      }
    });

    it('names every site and host of the breakpoints in Chinese, "Uncomplicated urinary tract infection" as 单纯性尿路感染', async () => {
      const { body } = await get('/api/resource/breakpoints/filters?year=all');
      const sites = body.data.sites as { value: string; label: { zh: string; en: string } }[];
      expect(sites.length).toBeGreaterThan(3);
      for (const site of sites) expect(chinese(site.label.zh), `${site.value} ${site.label.zh}`).toBe(true);
      for (const host of body.data.hosts as { value: string; label: { zh: string } }[]) expect(chinese(host.label.zh), `${host.value} ${host.label.zh}`).toBe(true);
      const uuti = await get(`/api/resource/breakpoints?year=all&pageSize=5&site=${encodeURIComponent('Uncomplicated urinary tract infection')}`);
      expect(uuti.body.data.total).toBeGreaterThan(0);
      for (const row of uuti.body.data.list) expect(row.siteLabel).toEqual({ en: 'Uncomplicated urinary tract infection', zh: '单纯性尿路感染' });
    });
  });
});
