import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir, realDataDir } from '../unit/support/small-refdata';

// The resistance-gene shelf on real ResFinder and AMRFinderPlus files (linked into the small data folder).
let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
  symlinkSync(path.join(realDataDir(), 'resistome'), path.join(small, 'resistome'));
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

describe.each(dbKinds)('resistance genes on %s', (kind) => {
  let portal: TestPortal;
  let importCounts: Record<string, number>;
  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small }, {}, { imported: small });
    importCounts = (await portal.app.refdata.runImport(small)).counts;
  });
  afterAll(async () => portal?.close());

  const get = (url: string, locale: 'zh' | 'en' = 'zh') => call(portal, 'GET', url, undefined, { locale });
  const autocomplete = async (kwd: string) => (await call(portal, 'POST', '/api/search/autocomplete', { kwd })).body.data.list as { type: string; id: string; match: string }[];

  it('imports every ResFinder allele once and counts them on the entry page', async () => {
    // 3,153 records in the class files, 9 of them filed under two classes (aac(6')-Ib-cr, OqxAB, cfr).
    expect(importCounts.resistance_gene).toBe(3144);
    const { body } = await get('/api/resource/summary');
    expect(body.data.counts.resistanceGenes).toBe(3144);
  });

  it('lists alleles by family, filtered by class, drug and text, paged', async () => {
    const kpc = await get('/api/resource/genes?q=KPC&pageSize=5');
    expect(kpc.body.code).toBe(0);
    expect(kpc.body.data.total).toBeGreaterThan(5);
    expect(kpc.body.data.list).toHaveLength(5);
    expect(kpc.body.data.list.map((g: { name: string }) => g.name).slice(0, 3)).toEqual(['blaKPC-2', 'blaKPC-3', 'blaKPC-4']);
    expect(kpc.body.data.list.every((g: { family: string }) => g.family === 'blaKPC')).toBe(true);
    const page2 = await get('/api/resource/genes?q=KPC&pageSize=5&page=2');
    expect(page2.body.data.list[0].name).not.toBe(kpc.body.data.list[0].name);

    const beta = await get('/api/resource/genes?class=Beta-lactam&drug=MEM&pageSize=50');
    expect(beta.body.data.total).toBeGreaterThan(50);
    for (const g of beta.body.data.list) {
      expect(g.classes.map((c: { value: string }) => c.value)).toContain('Beta-lactam');
      expect(g.drugs.map((d: { code: string }) => d.code)).toContain('MEM');
    }
    const [counted] = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM resistance_gene WHERE 'Beta-lactam' = ANY(classes) AND 'MEM' = ANY(drug_codes)`);
    expect(beta.body.data.total).toBe(counted!.n);
    expect(beta.body.data.list[0].classes[0].label).toEqual({ en: 'Beta-lactam', zh: 'β-内酰胺类' });

    const facets = await get('/api/resource/genes/facets');
    expect(facets.body.data.total).toBe(3144);
    expect(facets.body.data.classes[0]).toMatchObject({ value: 'Beta-lactam', count: 2013 });
    expect(facets.body.data.drugs.find((d: { code: string }) => d.code === 'MEM')).toMatchObject({ name: 'Meropenem', nameZh: '美罗培南' });
    // Streptomycin is STR1 in the resistome's drug table, which WHONET's list lacks: named, filterable, no drug page.
    expect(facets.body.data.drugs.find((d: { code: string }) => d.code === 'STR1')).toMatchObject({ name: 'Streptomycin', listed: false });
    const strep = await get('/api/resource/genes?drug=STR1&pageSize=5');
    expect(strep.body.data.total).toBeGreaterThan(5);
  });

  it('shows a gene: class, drugs as MDC codes, phenotype, mechanism, PMIDs, source and the AMRFinderPlus symbol', async () => {
    const { body } = await get('/api/resource/genes/blaKPC-2');
    expect(body.code).toBe(0);
    const g = body.data;
    expect(g).toMatchObject({ name: 'blaKPC-2', family: 'blaKPC', dbClasses: ['beta-lactam'], mechanism: 'Enzymatic inactivation', mechanismLabel: { zh: '酶灭活' } });
    expect(g.classes.map((c: { value: string }) => c.value)).toEqual(['Beta-lactam']);
    expect(g.drugs.map((d: { code: string }) => d.code)).toEqual(expect.arrayContaining(['MEM', 'IPM', 'ETP', 'CAZ', 'ATM', 'AMC', 'TZP']));
    expect(g.drugs.find((d: { code: string }) => d.code === 'MEM')).toEqual({ code: 'MEM', name: 'Meropenem', nameZh: '美罗培南', listed: true });
    // ResFinder's "Ampicillin+Clavulanic acid" has no MDC drug: kept as written, not dropped.
    expect(g.otherDrugs).toContain('Ampicillin+Clavulanic acid');
    expect(g.phenotype).toContain('Meropenem');
    expect(g.pmids).toEqual(['12615876', '11257029']);
    expect(g.variants).toEqual([expect.objectContaining({ id: 'blaKPC-2_1_AY034847', accession: 'AY034847' })]);
    expect(g.familySize).toBeGreaterThan(30);
    expect(g.amrfinder).toMatchObject({ symbol: 'blaKPC-2', level: 'symbol', class: 'BETA-LACTAM', subclass: 'CARBAPENEM' });
    expect(g.source).toMatchObject({ name: 'ResFinder database', licence: 'Apache-2.0' });
    const quinolone = await get(`/api/resource/genes/${encodeURIComponent("aac(6')-Ib-cr")}`);
    expect(quinolone.body.data.classes.map((c: { value: string }) => c.value)).toEqual(['Aminoglycoside', 'Quinolone']);
    expect(quinolone.body.data.dbClasses).toEqual(['aminoglycoside', 'quinolone']);
  });

  it('refuses unknown classes, drugs and genes in the request language', async () => {
    const badClass = await get('/api/resource/genes?class=Carbapenemase', 'en');
    expect(badClass.status).toBe(400);
    expect(badClass.body.code).toBe(1000);
    expect(badClass.body.msg).toMatch(/Unknown class "Carbapenemase"; choose from .*Beta-lactam/);
    const badClassZh = await get('/api/resource/genes?class=Carbapenemase');
    expect(badClassZh.body.msg).toContain('未知的耐药类别');
    expect(badClassZh.body.msg).toContain('β-内酰胺类');
    const badDrug = await get('/api/resource/genes?drug=XYZ', 'en');
    expect(badDrug.status).toBe(400);
    expect(badDrug.body.msg).toContain('Unknown drug code "XYZ"');
    const badSize = await get('/api/resource/genes?pageSize=500', 'en');
    expect(badSize.status).toBe(400);
    expect(badSize.body.msg).toMatch(/pageSize/);
    const missing = await get('/api/resource/genes/blaXYZ-1', 'en');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('No resistance gene named "blaXYZ-1"');
    expect((await get('/api/resource/genes/blaXYZ-1')).body.msg).toBe('未找到耐药基因 “blaXYZ-1”');
  });

  it('finds genes in search and autocomplete, after the organisms and drugs of the same letters', async () => {
    const kpc = await autocomplete('KPC');
    expect(kpc.length).toBeGreaterThan(0);
    expect(kpc.filter((i) => i.type === 'gene').map((i) => i.id)).toEqual(expect.arrayContaining(['blaKPC-2', 'blaKPC-3']));
    const ctx = await autocomplete('CTX-M-15');
    expect(ctx[0]).toMatchObject({ type: 'gene', id: 'blaCTX-M-15', match: 'exact' });
    expect((await autocomplete('blaKPC-2'))[0]).toMatchObject({ type: 'gene', id: 'blaKPC-2' });
    // The organisms and drugs clinics type keep their places.
    expect((await autocomplete('mero'))[0]).toMatchObject({ type: 'antibiotic', id: 'MEM' });
    expect((await autocomplete('Klebs')).slice(0, 3).map((i) => i.id)).toContain('B_KLBSL_PNMN');
    expect((await autocomplete('MRSA')).slice(0, 3).map((i) => i.id)).toContain('B_STPHY_AURS');
    // A gene named exactly as typed (ResFinder has a "tet") may stand with the exact drug codes; genes
    // the letters only start come after every organism and drug (tetracyclines, Tetramycin's families).
    for (const typed of ['tet', 'van', 'amp']) {
      const list = await autocomplete(typed);
      const firstPartialGene = list.findIndex((i) => i.type === 'gene' && i.match !== 'exact');
      if (firstPartialGene >= 0) expect(list.slice(firstPartialGene).every((i) => i.type === 'gene'), typed).toBe(true);
      expect(list.some((i) => i.type !== 'gene'), typed).toBe(true);
    }
    const page = await get(`/api/search?k=KPC`);
    expect(page.body.data.genes.list[0]).toMatchObject({ type: 'gene', id: 'blaKPC-2' });
    expect(page.body.data.genes.total).toBeGreaterThan(10);
  });
});
