import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

describe.each(dbKinds)('search API on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind, {}, {}, { imported: small });
  });
  afterAll(async () => portal?.close());

  const autocomplete = (kwd: string, options: { locale?: 'zh' | 'en'; json?: boolean } = {}) =>
    call(portal, 'POST', '/api/search/autocomplete', { kwd }, options);
  const values = async (kwd: string) => (await autocomplete(kwd)).body.data.list.map((i: { id: string }) => i.id);

  it('completes names, Chinese names and codes, at most ten items', async () => {
    const { body } = await autocomplete('Esch');
    expect(body.code).toBe(0);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.length).toBeLessThanOrEqual(10);
    expect(body.data.list[0]).toMatchObject({ type: 'taxon' });
    const ecoli = body.data.list.find((i: { id: string }) => i.id === 'B_ESCHR_COLI');
    expect(ecoli).toMatchObject({ value: 'Escherichia coli', label_zh: '大肠埃希菌', label_en: 'Escherichia coli', match: 'prefix', rank: 'species' });

    const zh = (await autocomplete('大肠埃希')).body.data.list[0];
    expect(zh).toMatchObject({ id: 'B_ESCHR_COLI', value: '大肠埃希菌', via: 'zh' });
    expect((await values('阿莫西林')).slice(0, 2)).toEqual(['AMX', 'AMC']);
    expect((await autocomplete('AMC')).body.data.list[0]).toMatchObject({ type: 'antibiotic', id: 'AMC', value: 'Amoxicillin/Clavulanic acid', match: 'exact' });
    expect((await values('kpn'))[0]).toBe('B_KLBSL_PNMN');
    expect((await values('Eschrichia coli'))[0]).toBe('B_ESCHR_COLI');
  });

  // What a clinic types first: the organism it isolates most, not the alphabet's (K. oxytoca,
  // S. felis) or a lichen; the ranking is the same whichever language asks.
  it.each(['zh', 'en'] as const)('ranks the organisms and drugs clinics ask for first (%s)', async (locale) => {
    const ids = async (kwd: string) => (await autocomplete(kwd, { locale })).body.data.list.map((i: { id: string }) => i.id);
    expect((await ids('Klebs')).slice(0, 3)).toContain('B_KLBSL_PNMN');
    expect((await ids('Staph')).slice(0, 2)).toContain('B_STPHY_AURS');
    expect((await ids('MRSA')).slice(0, 3)).toContain('B_STPHY_AURS');
    const mero = (await autocomplete('mero', { locale })).body.data.list;
    expect(mero[0]).toMatchObject({ id: 'MEM', type: 'antibiotic', label_en: 'Meropenem', label_zh: '美罗培南' });
    // An accepted species before the synonyms of its genus.
    const klebs = (await autocomplete('Klebsiella', { locale })).body.data.list as { id: string; status: string }[];
    const firstSynonym = klebs.findIndex((i) => i.status === 'synonym');
    if (firstSynonym >= 0) expect(klebs.slice(firstSynonym).every((i) => i.status === 'synonym')).toBe(true);
  });

  it('does not offer GBIF sequence-title words as organisms', async () => {
    const [junk] = await portal.db.query<{ mo: string }>(`SELECT mo FROM taxon WHERE name = 'Escherichia coli expressing'`);
    expect(junk, 'the taxonomy holds the record').toBeDefined();
    expect(await values('Escherichia coli ex')).not.toContain(junk!.mo);
    expect(await values('Escherichia coli expressing')).not.toContain(junk!.mo);
  });

  it('takes the keyword as JSON too, trimmed', async () => {
    const { body } = await autocomplete('  kpn  ', { json: true });
    expect(body.data.list[0].id).toBe('B_KLBSL_PNMN');
  });

  it('does nothing for an empty keyword', async () => {
    for (const kwd of ['', '   ']) {
      const { status, body } = await autocomplete(kwd);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, data: { list: [] } });
    }
    const noField = await call(portal, 'POST', '/api/search/autocomplete', {});
    expect(noField.body).toMatchObject({ code: 0, data: { list: [] } });
  });

  it('refuses a keyword over 200 characters with a clear message', async () => {
    const zh = await autocomplete('a'.repeat(201));
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe(1000);
    expect(zh.body.msg).toContain('200');
    expect(zh.body.msg).toMatch(/关键词过长/);
    const en = await autocomplete('a'.repeat(201), { locale: 'en' });
    expect(en.body.msg).toContain('too long');
    expect((await autocomplete(' '.repeat(50) + 'a'.repeat(200) + ' '.repeat(50))).body.code).toBe(0);
  });

  it('takes quotes, %, _, backslashes and regular-expression characters as plain text', async () => {
    for (const kwd of ['%', '_', "'", '"', '\\', '.*', '(', '[', "' OR '1'='1", '%%%%', '\\\\%_']) {
      const { status, body } = await autocomplete(kwd);
      expect(status, kwd).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data.list).toEqual([]);
    }
  });

  it('groups the search page by taxa, drugs and breakpoint tables with counts', async () => {
    const { body } = await call(portal, 'GET', `/api/search?k=${encodeURIComponent('美罗培南')}`);
    expect(body.code).toBe(0);
    expect(body.data.keyword).toBe('美罗培南');
    expect(body.data.antibiotics.list[0]).toMatchObject({ id: 'MEM', value: '美罗培南' });
    expect(body.data.breakpoints.list.map((g: { guideline: string }) => g.guideline).sort()).toEqual(['CLSI', 'EUCAST']);
    const eucast = body.data.breakpoints.list.find((g: { guideline: string }) => g.guideline === 'EUCAST');
    // A guideline without a year is its newest table: EUCAST 2025 (AMR 3.0.0).
    expect(eucast).toMatchObject({ year: 2025, antibiotic: 'MEM', taxon: null, label: { zh: 'EUCAST 2025 · 美罗培南', en: 'EUCAST 2025 · Meropenem' } });
    const [rows] = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM breakpoint WHERE guideline = 'EUCAST' AND year = 2025 AND antibiotic_code = 'MEM'`);
    expect(eucast.count).toBe(rows!.n);
    expect(body.data.total).toBe(body.data.taxa.total + body.data.antibiotics.total + body.data.breakpoints.total);

    const klebsiella = await call(portal, 'GET', '/api/search?k=Klebsiella&limit=5');
    expect(klebsiella.body.data.taxa.list).toHaveLength(5);
    expect(klebsiella.body.data.taxa.total).toBeGreaterThan(5);
    expect(klebsiella.body.data.taxa.list[0].id).toBe('B_KLBSL');
    expect(klebsiella.body.data.breakpoints.list.some((g: { taxon: string | null }) => g.taxon === 'B_KLBSL')).toBe(true);

    const guideline = await call(portal, 'GET', '/api/search?k=EUCAST%202021');
    expect(guideline.body.data.breakpoints.list[0]).toMatchObject({ guideline: 'EUCAST', year: 2021, antibiotic: null, taxon: null });
  });

  // What microbiologists type: abbreviated binomials, short names, clinical abbreviations, drug
  // abbreviations and class names. One matcher: autocomplete, the search page and the lab's
  // organism picker must find the same organism first.
  it.each([
    ['E. coli', 'B_ESCHR_COLI', 'eco'],
    ['E.coli', 'B_ESCHR_COLI', 'eco'],
    ['e coli', 'B_ESCHR_COLI', 'eco'],
    ['ecoli', 'B_ESCHR_COLI', 'eco'],
    ['E. co', 'B_ESCHR_COLI', 'eco'],
    ['K. pneumoniae', 'B_KLBSL_PNMN', 'kpn'],
    ['Klebsiella pneumoniae', 'B_KLBSL_PNMN', 'kpn'],
    ['P. aeruginosa', 'B_PSDMN_AERG', 'pae'],
    ['S. aureus', 'B_STPHY_AURS', 'sau'],
    ['Staph aureus', 'B_STPHY_AURS', 'sau'],
    ['staph. aureus', 'B_STPHY_AURS', 'sau'],
    ['MRSA', 'B_STPHY_AURS', 'sau'],
    ['金葡菌', 'B_STPHY_AURS', 'sau'],
    ['大肠杆菌', 'B_ESCHR_COLI', 'eco'],
    ['CoNS', 'B_STPHY_CONS', 'scn'],
  ])('finds the organism typed as %j the same way everywhere', async (typed, taxon, whonet) => {
    expect((await values(typed))[0], 'autocomplete').toBe(taxon);
    const page = await call(portal, 'GET', `/api/search?k=${encodeURIComponent(typed)}`);
    expect(page.body.data.taxa.list[0]?.id, 'search page').toBe(taxon);
    expect(page.body.data.taxa.total).toBeGreaterThan(0);
    const picker = await call(portal, 'GET', `/api/lab/organisms?q=${encodeURIComponent(typed)}`);
    expect(picker.body.data[0]?.code, 'lab picker').toBe(whonet);
  });

  it.each([
    ['pip/tazo', ['TZP']],
    ['P/T', ['TZP']],
    ['pip-tazo', ['TZP']],
    ['amox clav', ['AMC']],
    ['co-amoxiclav', ['AMC']],
    ['carbapenem', ['MEM']],
    ['carbapenems', ['MEM']],
    ['碳青霉烯', ['MEM']],
    ['碳青霉烯类', ['MEM']],
    ['aminoglycosides', ['GEN']],
    ['三代头孢', ['CAZ', 'CRO']],
    ['glycopeptides', ['VAN']],
    ['ESBL', ['CAZ']],
  ])('finds the drugs typed as %j', async (typed, codes) => {
    const page = await call(portal, 'GET', `/api/search?k=${encodeURIComponent(typed)}`);
    const found = page.body.data.antibiotics.list.map((i: { id: string }) => i.id);
    expect(found).toEqual(expect.arrayContaining(codes));
    expect(page.body.data.antibiotics.total).toBeGreaterThanOrEqual(codes.length);
    expect(await values(typed)).toEqual(expect.arrayContaining(codes));
  });

  it('leads ESBL and the carbapenem-resistance words to the organisms they are about', async () => {
    const esbl = await call(portal, 'GET', '/api/search?k=ESBL');
    expect(esbl.body.data.taxa.list.map((i: { id: string }) => i.id)).toContain('B_[ORD]_ENTRBCTR');
    const cre = await call(portal, 'GET', `/api/search?k=${encodeURIComponent('耐碳青霉烯肠杆菌')}`);
    expect(cre.body.data.taxa.list[0].id).toBe('B_[ORD]_ENTRBCTR');
    // A class name is shown as what matched. Ertapenem, imipenem and meropenem all have
    // breakpoints now (AMR 3.0.0's 2023–2025 rows), so they rank alike and by name: ertapenem first.
    const carbapenems = (await autocomplete('carbapenem')).body.data.list;
    expect(carbapenems[0]).toMatchObject({ id: 'ETP', via: 'class' });
    for (const code of ['MEM', 'IPM']) expect(carbapenems.find((i: { id: string }) => i.id === code)).toMatchObject({ via: 'class' });
  });

  it('answers the search page for empty, plain-text and too long keywords', async () => {
    const empty = await call(portal, 'GET', '/api/search?k=');
    expect(empty.body).toMatchObject({ code: 0, data: { total: 0 } });
    const literal = await call(portal, 'GET', `/api/search?k=${encodeURIComponent('%_\\')}`);
    expect(literal.body).toMatchObject({ code: 0, data: { total: 0 } });
    const long = await call(portal, 'GET', `/api/search?k=${'x'.repeat(201)}`, undefined, { locale: 'en' });
    expect(long.body.code).toBe(1000);
    expect(long.body.msg).toContain('too long');
  });
});

describe.each(dbKinds)('search before the reference data is there, on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind);
  });
  afterAll(async () => portal?.close());

  it('says the data is not there yet, then that it is loading with its progress, never a bare "no results"', async () => {
    const empty = await call(portal, 'POST', '/api/search/autocomplete', { kwd: 'Klebs' }, { locale: 'en' });
    expect(empty.body).toMatchObject({ code: 0, data: { list: [], loading: { running: false } } });
    expect(empty.body.msg).toMatch(/not been imported/);
    const page = await call(portal, 'GET', '/api/search?k=Klebs');
    expect(page.body.data.loading).toMatchObject({ running: false });
    expect(page.body.msg).toMatch(/尚未导入/);

    const importing = portal.app.refdata.runImport(small);
    const during = await call(portal, 'POST', '/api/search/autocomplete', { kwd: 'Klebs' });
    expect(during.body.data.loading).toMatchObject({ running: true });
    expect(during.body.msg).toMatch(/正在导入/);
    await importing;
    const after = await call(portal, 'POST', '/api/search/autocomplete', { kwd: 'Klebs' });
    expect(after.body.data.loading ?? null).toBeNull();
    expect(after.body.data.list.length).toBeGreaterThan(0);
  });
});

