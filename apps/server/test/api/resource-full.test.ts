import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPortal, type TestPortal } from '../support/portal';
import { realDataDir } from '../unit/support/small-refdata';

/** The whole of ../shared/data on the embedded database: real counts and the searches users make. */
describe('full reference data on pglite', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal('pglite');
    await portal.app.refdata.runImport(realDataDir());
  }, 600_000);
  afterAll(async () => portal?.close());

  const autocomplete = async (kwd: string) => (await call(portal, 'POST', '/api/search/autocomplete', { kwd })).body.data.list as { id: string; value: string; type: string }[];

  it('holds every record of the published files', async () => {
    const { body } = await call(portal, 'GET', '/api/resource/summary');
    // Figures as published with the data (shared/README.md).
    expect(body.data.counts).toMatchObject({
      // AMR 3.0.0's 78,679 taxa and the 312 codes of the 2022 list it retired, kept so their addresses still work.
      taxa: 78991,
      whonetOrganisms: expect.any(Number),
      // WHONET's 29,055 rows (2011–2022) and the AMR 3.0.0 rows of 2023–2025 placed on WHONET organism codes.
      breakpoints: 63041,
      // WHONET's 1,024 rows and AMR 3.0.0's intrinsic_resistant pairs (EUCAST v1.2) placed on WHONET codes: 21,660.
      expectedResistance: 22684,
      expertRules: 7,
      qcRanges: 23136,
      sequences16S: 15322,
      sequences18S: 570,
      // ITS1 44,275 + ITS2 43,172 + whole ITS 13,700: every record, also those no evidence.
      sequencesITS: 101147,
    });
    const rows = await portal.db.query<{ organisms: number; antibiotics: number; eucast: number }>(
      `SELECT (SELECT count(*)::int FROM whonet_organism) AS organisms, (SELECT count(*)::int FROM antibiotic_row) AS antibiotics,
              (SELECT count(*)::int FROM eucast_rule) AS eucast`,
    );
    expect(rows[0]).toMatchObject({ organisms: 2978, antibiotics: 565 });
    // AMR 3.0.0 interpretive_rules.tsv, every row (Expert Rules 3.1–3.3, Expected phenotypes 1.2, breakpoint tables 10–15).
    expect(rows[0]!.eucast).toBe(1329);
  });

  it('finds what users type: typos, Chinese, codes', async () => {
    expect((await autocomplete('Eschrichia coli'))[0]).toMatchObject({ id: 'B_ESCHR_COLI', value: 'Escherichia coli' });
    expect((await autocomplete('大肠埃希'))[0]).toMatchObject({ id: 'B_ESCHR_COLI', value: '大肠埃希菌' });
    const amoxicillin = (await autocomplete('阿莫西林')).map((i) => i.id);
    expect(amoxicillin.slice(0, 2)).toEqual(['AMX', 'AMC']);
    expect((await autocomplete('AMC'))[0]).toMatchObject({ type: 'antibiotic', id: 'AMC' });
    expect((await autocomplete('kpn'))[0]).toMatchObject({ id: 'B_KLBSL_PNMN', value: 'Klebsiella pneumoniae' });
    expect((await autocomplete('Klebsiela pneumonia'))[0]?.id).toBe('B_KLBSL_PNMN');
    expect((await autocomplete('铜绿'))[0]).toMatchObject({ id: 'B_PSDMN_AERG', value: '铜绿假单胞菌' });
    expect((await autocomplete('头孢他啶/阿维巴坦'))[0]).toMatchObject({ id: 'CZA' });
  });

  it('understands what microbiologists type, in the search and in the lab organism picker alike', async () => {
    const first = async (kwd: string) => (await autocomplete(kwd))[0]?.id;
    const picker = async (q: string) => (await call(portal, 'GET', `/api/lab/organisms?q=${encodeURIComponent(q)}`)).body.data[0]?.code as string | undefined;
    for (const [typed, taxon, whonet] of [
      ['E. coli', 'B_ESCHR_COLI', 'eco'],
      ['E.coli', 'B_ESCHR_COLI', 'eco'],
      ['K. pneumoniae', 'B_KLBSL_PNMN', 'kpn'],
      ['P. aeruginosa', 'B_PSDMN_AERG', 'pae'],
      ['S. aureus', 'B_STPHY_AURS', 'sau'],
      ['Staph aureus', 'B_STPHY_AURS', 'sau'],
      ['MRSA', 'B_STPHY_AURS', 'sau'],
      ['A. baumannii', 'B_ACNTB_BMNN', 'aba'],
      ['GBS', 'B_STRPT_AGLC', 'sgc'],
      ['C. diff', 'B_CRDDS_DFFC', 'cdf'],
    ] as const) {
      expect(await first(typed), typed).toBe(taxon);
      expect(await picker(typed), `lab picker: ${typed}`).toBe(whonet);
    }
    const drugs = async (k: string) => ((await call(portal, 'GET', `/api/search?k=${encodeURIComponent(k)}&limit=50`)).body.data.antibiotics.list as { id: string }[]).map((i) => i.id);
    for (const k of ['carbapenem', '碳青霉烯', '碳青霉烯类']) expect(await drugs(k), k).toEqual(expect.arrayContaining(['MEM', 'IPM', 'ETP', 'DOR']));
    expect(await drugs('ESBL')).toEqual(expect.arrayContaining(['CTX', 'CAZ', 'CTC', 'CCV']));
    expect((await drugs('pip/tazo'))[0]).toBe('TZP');
    expect((await drugs('TMP-SMX'))[0]).toBe('SXT');
    expect(await drugs('aminoglycosides')).toEqual(expect.arrayContaining(['GEN', 'AMK', 'TOB']));
    // The organism-filtered breakpoint table the issue names: EUCAST, K. pneumoniae, meropenem.
    const kpn = await call(portal, 'GET', '/api/resource/breakpoints?guideline=EUCAST&organism=kpn&antibiotic=MEM&pageSize=50');
    const human = kpn.body.data.list.filter((r: { breakpointType: string }) => r.breakpointType === 'Human');
    expect(human.length).toBeGreaterThan(0);
    expect(human.every((r: { organism: { code: string } }) => r.organism.code === 'EBC')).toBe(true);
  });

  // The whole taxonomy gives every Klebsiella, Staphylococcus and Streptococcus the same
  // prevalence: what clinics ask for must come first all the same, in either language.
  it.each(['zh', 'en'] as const)('puts what clinics ask for first in autocomplete (%s)', async (locale) => {
    const ids = async (kwd: string) =>
      ((await call(portal, 'POST', '/api/search/autocomplete', { kwd }, { locale })).body.data.list as { id: string; match: string }[]).map((i) => i.id);
    expect((await ids('Klebs')).slice(0, 3)).toContain('B_KLBSL_PNMN');
    expect((await ids('Staph')).slice(0, 2)).toContain('B_STPHY_AURS');
    const strep = (await ids('Strep')).slice(0, 5);
    expect(['B_STRPT_PNMN', 'B_STRPT_PYGN', 'B_STRPT_AGLC'].filter((id) => strep.includes(id)).length).toBeGreaterThanOrEqual(2);
    expect((await ids('MRSA')).slice(0, 3)).toContain('B_STPHY_AURS');
    expect((await ids('mero'))[0]).toBe('MEM');
    // An abbreviation means what labs mean by it, not a name one letter away (Mrazekia) or a lab code (cre).
    const mrsa = (await call(portal, 'POST', '/api/search/autocomplete', { kwd: 'MRSA' }, { locale })).body.data.list as { match: string }[];
    expect(mrsa.every((i) => i.match !== 'fuzzy')).toBe(true);
    expect((await ids('CRE'))[0]).toBe('B_[ORD]_ENTRBCTR');
    expect((await ids('CRAB'))[0]).toBe('B_ACNTB_BMNN');
    expect((await ids('CRPA'))[0]).toBe('B_PSDMN_AERG');
  });

  it('answers the questions the Resource area is for', async () => {
    // "EUCAST 2022 disk breakpoint of meropenem for Pseudomonas in meningitis"
    const mem = await call(portal, 'GET', `/api/resource/breakpoints?guideline=EUCAST&year=2022&method=DISK&antibiotic=MEM&taxon=B_PSDMN_AERG&site=Meningitis`);
    expect(mem.body.data.list).toHaveLength(1);
    expect(mem.body.data.list[0]).toMatchObject({ potency: '10μg', organism: { code: 'pae' } });
    // "which drugs is Klebsiella pneumoniae intrinsically resistant to"
    const kpn = await call(portal, 'GET', '/api/resource/taxa/B_KLBSL_PNMN');
    const intrinsic = new Set(kpn.body.data.expectedResistance.flatMap((r: { antibiotics: { code: string }[] }) => r.antibiotics.map((a) => a.code)));
    expect(intrinsic.has('AMP')).toBe(true);
    // "what is 头孢他啶/阿维巴坦 called in English and what is its code"
    const cza = await call(portal, 'GET', `/api/resource/antibiotics?q=${encodeURIComponent('头孢他啶/阿维巴坦')}`);
    expect(cza.body.data.list[0]).toMatchObject({ code: 'CZA', name: 'Ceftazidime/Avibactam' });
  });
});
