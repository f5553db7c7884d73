import { describe, expect, it } from 'vitest';
import type { AstCategory } from '../src/ast/types';
import { buildAntibiogram, combination, describeRules, phenotypeRates, AntibiogramBuilder, type AntibiogramIsolate, type AntibiogramResult, type AntibiogramTaxon } from '../src/antibiogram';

let seq = 0;
function isolate(patientId: string, date: string | null, results: Record<string, AstCategory | [AstCategory, 'intrinsic']>, more: Partial<AntibiogramIsolate> = {}): AntibiogramIsolate {
  const list: AntibiogramResult[] = Object.entries(results).map(([drug, c]) =>
    Array.isArray(c) ? { drug, category: c[0], guideline: 'CLSI', year: 2022, intrinsic: true } : { drug, category: c, guideline: 'CLSI', year: 2022 },
  );
  return { seq: seq++, patientId, organism: 'eco', organismName: { en: 'Escherichia coli', zh: '大肠埃希菌' }, gram: '-', collectionDate: date, results: list, ...more };
}

/** n distinct patients, the first `s` of them S to the drug, the rest R. */
function patients(n: number, s: number, drug = 'CIP', more: Partial<AntibiogramIsolate> = {}): AntibiogramIsolate[] {
  return Array.from({ length: n }, (_, i) => isolate(`P${i}`, '2024-03-01', { [drug]: i < s ? 'S' : 'R' }, more));
}

const cell = (ag: ReturnType<typeof buildAntibiogram>, drug: string, organism = 'eco', table = 0) => ag.tables[table]!.organisms.find((o) => o.organism === organism)!.cells.find((c) => c.drug === drug);

describe('first isolate per patient per period', () => {
  it('counts a patient once per organism and period, keeping the earliest isolate whatever its order in the file', () => {
    // P1 resistant on 1 Feb and susceptible on 10 Jan: the January one is first.
    const set = [isolate('P1', '2024-02-01', { CIP: 'R' }), isolate('P1', '2024-01-10', { CIP: 'S' }), isolate('P2', '2024-05-01', { CIP: 'R' }), isolate('P2', '2025-01-02', { CIP: 'S' })];
    const ag = buildAntibiogram(set, { minIsolates: 1 });
    expect(ag.tables.map((t) => t.period)).toEqual(['2024', '2025']);
    expect(cell(ag, 'CIP')).toMatchObject({ n: 2, susceptible: 1, percent: 50 });
    expect(cell(ag, 'CIP', 'eco', 1)).toMatchObject({ n: 1, susceptible: 1, percent: 100 });
    expect(ag.counts).toMatchObject({ received: 4, first: 3, repeats: 1 });
  });

  it('keeps a second organism of the same patient', () => {
    const set = [isolate('P1', '2024-01-10', { CIP: 'S' }), isolate('P1', '2024-01-10', { CIP: 'R' }, { organism: 'kpn', organismName: { en: 'Klebsiella pneumoniae', zh: '肺炎克雷伯菌' } })];
    const ag = buildAntibiogram(set, { minIsolates: 1 });
    expect(ag.tables[0]!.organisms.map((o) => [o.organism, o.isolates])).toEqual([
      ['eco', 1],
      ['kpn', 1],
    ]);
  });

  it('with --period all, the whole set is one period; isolates without a patient ID each stand alone', () => {
    const set = [isolate('P1', '2024-02-01', { CIP: 'S' }), isolate('P1', '2025-02-01', { CIP: 'R' }), isolate('', null, { CIP: 'R' }), isolate('', null, { CIP: 'R' })];
    const ag = buildAntibiogram(set, { minIsolates: 1, period: 'all' });
    expect(ag.tables).toHaveLength(1);
    expect(cell(ag, 'CIP')).toMatchObject({ n: 3, susceptible: 1 });
    expect(ag.counts).toMatchObject({ withoutPatient: 2, undated: 0 });
    // By year an undated isolate has no period and is counted as left out.
    expect(buildAntibiogram(set, { minIsolates: 1 }).counts.undated).toBe(2);
  });

  it('by episode: a new first isolate only after the episode window', () => {
    const set = [isolate('P1', '2024-01-01', { CIP: 'S' }), isolate('P1', '2024-01-20', { CIP: 'R' }), isolate('P1', '2024-02-15', { CIP: 'R' })];
    const by30 = buildAntibiogram(set, { minIsolates: 1, firstIsolate: 'episode', episodeDays: 30 });
    // 1 Jan starts an episode; 20 Jan is inside it; 15 Feb is 45 days after its start.
    expect(cell(by30, 'CIP')).toMatchObject({ n: 2, susceptible: 1 });
    const by60 = buildAntibiogram(set, { minIsolates: 1, firstIsolate: 'episode', episodeDays: 60 });
    expect(cell(by60, 'CIP')).toMatchObject({ n: 1, susceptible: 1 });
    expect(cell(buildAntibiogram(set, { minIsolates: 1, firstIsolate: 'all' }), 'CIP')).toMatchObject({ n: 3, susceptible: 1 });
  });
});

describe('diagnostic isolates only', () => {
  it('leaves out screening specimens when asked, and counts them', () => {
    const set = [...patients(2, 2), isolate('S1', '2024-03-01', { CIP: 'R' }, { screening: true })];
    expect(cell(buildAntibiogram(set, { minIsolates: 1 }), 'CIP')).toMatchObject({ n: 2, susceptible: 2 });
    expect(buildAntibiogram(set, { minIsolates: 1 }).counts.screening).toBe(1);
    expect(cell(buildAntibiogram(set, { minIsolates: 1, diagnosticOnly: false }), 'CIP')).toMatchObject({ n: 3, susceptible: 2 });
  });
});

describe('the 30-isolate rule', () => {
  it('shows no percentage below 30 first isolates, but the count', () => {
    const c29 = cell(buildAntibiogram(patients(29, 20)), 'CIP')!;
    expect(c29).toMatchObject({ n: 29, susceptible: 20, percent: null, belowMinimum: true });
    const c30 = cell(buildAntibiogram(patients(30, 20)), 'CIP')!;
    expect(c30).toMatchObject({ n: 30, susceptible: 20, percent: 66.7, belowMinimum: false });
  });

  it('counts first isolates, not repeats, towards the 30', () => {
    const repeats = [...patients(29, 29), isolate('P0', '2024-04-01', { CIP: 'S' })];
    expect(cell(buildAntibiogram(repeats), 'CIP')).toMatchObject({ n: 29, percent: null });
  });
});

describe('susceptible, SDD and EUCAST I', () => {
  const mixed = () => [
    ...Array.from({ length: 10 }, (_, i) => isolate(`S${i}`, '2024-01-01', { FEP: 'S' })),
    ...Array.from({ length: 10 }, (_, i) => isolate(`D${i}`, '2024-01-01', { FEP: 'SDD' })),
    ...Array.from({ length: 10 }, (_, i) => isolate(`I${i}`, '2024-01-01', { FEP: 'I' })),
    ...Array.from({ length: 10 }, (_, i) => isolate(`R${i}`, '2024-01-01', { FEP: 'R' })),
  ];
  it('counts only S by default', () => {
    expect(cell(buildAntibiogram(mixed()), 'FEP')).toMatchObject({ n: 40, susceptible: 10, percent: 25 });
  });
  it('counts I with S only when asked (EUCAST susceptible, increased exposure)', () => {
    expect(cell(buildAntibiogram(mixed(), { susceptible: 'S+I' }), 'FEP')).toMatchObject({ susceptible: 20, percent: 50 });
  });
  it('counts SDD with S only when asked', () => {
    expect(cell(buildAntibiogram(mixed(), { susceptible: 'S+SDD' }), 'FEP')).toMatchObject({ susceptible: 20, percent: 50 });
  });
  it('ECOFF categories are not tested results', () => {
    const set = [isolate('P1', '2024-01-01', { CIP: 'WT' as AstCategory }), isolate('P2', '2024-01-01', { CIP: 'S' })];
    expect(cell(buildAntibiogram(set, { minIsolates: 1 }), 'CIP')).toMatchObject({ n: 1 });
  });
});

describe('intrinsic resistance and selective reporting', () => {
  it('an intrinsic-R cell is shown as intrinsic, not as 0 %', () => {
    const set = Array.from({ length: 35 }, (_, i) => isolate(`P${i}`, '2024-01-01', { VAN: ['R', 'intrinsic'], CIP: 'S' }));
    const van = cell(buildAntibiogram(set), 'VAN')!;
    expect(van).toMatchObject({ intrinsic: true, percent: null, n: 35, susceptible: 0 });
    expect(cell(buildAntibiogram(set), 'CIP')).toMatchObject({ intrinsic: false, percent: 100 });
  });

  it('a drug the reporting rules forbid for the organism is left out, with its note', () => {
    const salmonella = { organism: 'sal', organismName: { en: 'Salmonella', zh: '沙门菌' } };
    const set = Array.from({ length: 31 }, (_, i) => isolate(`P${i}`, '2024-01-01', { CZO: 'S', GEN: 'S', CIP: 'S' }, salmonella));
    const note = { en: 'not reported susceptible for Salmonella', zh: '沙门菌不报告敏感' };
    const seen: string[][] = [];
    const policy = {
      suppressed: (organism: string, drug: string, guidelines: readonly string[]) => {
        seen.push([...guidelines]);
        return organism === 'sal' && (drug === 'CZO' || drug === 'GEN') ? note : null;
      },
    };
    const ag = buildAntibiogram(set, {}, {}, policy);
    expect(ag.tables[0]!.organisms[0]!.cells.map((c) => c.drug)).toEqual(['CIP']);
    expect(ag.tables[0]!.suppressed).toEqual([
      { organism: 'sal', drug: 'CZO', n: 31, note },
      { organism: 'sal', drug: 'GEN', n: 31, note },
    ]);
    // The policy is asked with the guideline of the cell (a rule may belong to CLSI only).
    expect(seen[0]).toEqual(['CLSI 2022']);
  });
});

describe('guideline per cell, filters, views, rules', () => {
  it('names every guideline and year its categories came from', () => {
    const set = [isolate('P1', '2024-01-01', { CIP: 'S' }), { ...isolate('P2', '2024-01-01', {}), results: [{ drug: 'CIP', category: 'R' as AstCategory, guideline: 'EUCAST', year: 2022 }] }];
    expect(cell(buildAntibiogram(set, { minIsolates: 1 }), 'CIP')!.guidelines).toEqual(['CLSI 2022', 'EUCAST 2022']);
  });

  it('filters by ward before the first-isolate rule', () => {
    // P1 first in the ICU on 2 Jan after a ward isolate on 1 Jan: the ICU table still counts them.
    const set = [isolate('P1', '2024-01-01', { CIP: 'S' }, { ward: 'med' }), isolate('P1', '2024-01-02', { CIP: 'R' }, { ward: 'icu' })];
    expect(cell(buildAntibiogram(set, { minIsolates: 1 }, { ward: ['icu'] }), 'CIP')).toMatchObject({ n: 1, susceptible: 0 });
    expect(cell(buildAntibiogram(set, { minIsolates: 1 }), 'CIP')).toMatchObject({ n: 1, susceptible: 1 });
  });

  it('combination: susceptible to either drug among isolates tested to both', () => {
    const set = [
      isolate('A', '2024-01-01', { GEN: 'S', CIP: 'R' }),
      isolate('B', '2024-01-01', { GEN: 'R', CIP: 'R' }),
      isolate('C', '2024-01-01', { GEN: 'R', CIP: 'S' }),
      isolate('D', '2024-01-01', { GEN: 'S' }),
    ];
    const first = new AntibiogramBuilder({ minIsolates: 1 });
    set.forEach((i) => first.add(i));
    expect(combination(first.firstIsolates(), 'eco', 'GEN', 'CIP', { minIsolates: 1, susceptible: 'S' })).toMatchObject({ n: 3, susceptible: 2, percent: 66.7 });
    expect(combination(first.firstIsolates(), 'eco', 'GEN', 'CIP', { minIsolates: 30, susceptible: 'S' })).toMatchObject({ percent: null, belowMinimum: true });
  });

  it('states the rules it used in both languages', () => {
    const ag = buildAntibiogram([], { susceptible: 'S+I', firstIsolate: 'episode', episodeDays: 90 });
    const texts = describeRules(ag.rules);
    expect(texts.map((t) => t.en).join('\n')).toMatch(/episode of 90 days[\s\S]*at least 30[\s\S]*increased exposure/);
    expect(texts.every((t) => t.zh.length > 0)).toBe(true);
  });
});

describe('resistance phenotype rates: within the species each definition is for, and the isolates tested for it', () => {
  const ENTEROBACTERIACEAE = { family: 'Enterobacteriaceae', order: 'Enterobacteriales' };
  const taxa: Record<string, { en: string; gram: '+' | '-'; taxon: AntibiogramTaxon }> = {
    eco: { en: 'Escherichia coli', gram: '-', taxon: { species: 'Escherichia coli', genus: 'Escherichia', ...ENTEROBACTERIACEAE } },
    kpn: { en: 'Klebsiella pneumoniae', gram: '-', taxon: { species: 'Klebsiella pneumoniae', genus: 'Klebsiella', ...ENTEROBACTERIACEAE } },
    ecl: { en: 'Enterobacter cloacae', gram: '-', taxon: { species: 'Enterobacter cloacae', genus: 'Enterobacter', ...ENTEROBACTERIACEAE } },
    sma: { en: 'Serratia marcescens', gram: '-', taxon: { species: 'Serratia marcescens', genus: 'Serratia', ...ENTEROBACTERIACEAE } },
    pmi: { en: 'Proteus mirabilis', gram: '-', taxon: { species: 'Proteus mirabilis', genus: 'Proteus', ...ENTEROBACTERIACEAE } },
    'pr-': { en: 'Proteus sp.', gram: '-', taxon: { species: '', genus: 'Proteus', ...ENTEROBACTERIACEAE } },
    pae: { en: 'Pseudomonas aeruginosa', gram: '-', taxon: { species: 'Pseudomonas aeruginosa', genus: 'Pseudomonas', family: 'Pseudomonadaceae', order: 'Pseudomonadales' } },
    sau: { en: 'Staphylococcus aureus', gram: '+', taxon: { species: 'Staphylococcus aureus', genus: 'Staphylococcus', family: 'Staphylococcaceae', order: 'Bacillales' } },
    sep: { en: 'Staphylococcus epidermidis', gram: '+', taxon: { species: 'Staphylococcus epidermidis', genus: 'Staphylococcus', family: 'Staphylococcaceae', order: 'Bacillales' } },
    efm: { en: 'Enterococcus faecium', gram: '+', taxon: { species: 'Enterococcus faecium', genus: 'Enterococcus', family: 'Enterococcaceae', order: 'Lactobacillales' } },
    ega: { en: 'Enterococcus gallinarum', gram: '+', taxon: { species: 'Enterococcus gallinarum', genus: 'Enterococcus', family: 'Enterococcaceae', order: 'Lactobacillales' } },
  };
  let patient = 0;
  /** One first isolate of the organism with these categories (and alerts), in 2024. */
  const of = (organism: string, results: Record<string, AstCategory>, alerts: string[] = []) => {
    const t = taxa[organism]!;
    return isolate(`Q${patient++}`, '2024-06-01', results, { organism, organismName: { en: t.en, zh: t.en }, gram: t.gram, taxon: t.taxon, alerts });
  };
  const rates = (set: AntibiogramIsolate[], min = 1) => phenotypeRates(set, (i) => i.collectionDate!.slice(0, 4), min).map((r) => [r.alert, r.organism, r.withAlert, r.isolates, r.percent]);

  it('ESBL screen only for E. coli, K. pneumoniae, K. oxytoca and P. mirabilis, never for AmpC producers or a genus', () => {
    const set = [
      of('eco', { CTX: 'R' }, ['ESBL screen']),
      of('eco', { CTX: 'S' }),
      of('kpn', { CAZ: 'S' }, ['ESBL screen']),
      of('pmi', { CTX: 'S' }),
      of('ecl', { CTX: 'R' }, ['ESBL screen']),
      of('sma', { CAZ: 'R' }, ['ESBL screen']),
      of('pr-', { CTX: 'R' }, ['ESBL screen']),
      // Not tested with a screen drug: not in the denominator.
      of('eco', { CIP: 'R' }),
    ];
    expect(rates(set).filter((r) => r[0] === 'ESBL screen')).toEqual([
      ['ESBL screen', 'eco', 1, 2, 50],
      ['ESBL screen', 'kpn', 1, 1, 100],
      ['ESBL screen', 'pmi', 0, 1, 0],
    ]);
  });

  it('CRE: resistant to a carbapenem; imipenem I alone is not CRE, and imipenem does not count for Proteus', () => {
    const set = [
      of('ecl', { IPM: 'I', MEM: 'S' }),
      of('ecl', { IPM: 'I' }),
      of('ecl', { ETP: 'R', MEM: 'S' }),
      of('ecl', { MEM: 'S' }),
      of('pmi', { IPM: 'R', MEM: 'S' }),
      // Proteus tested with imipenem alone: not tested for CRE.
      of('pmi', { IPM: 'R' }),
      of('pmi', { MEM: 'R' }),
      // Not an Enterobacterales: no CRE rate.
      of('pae', { MEM: 'R' }),
    ];
    expect(rates(set).filter((r) => r[0] === 'CRE')).toEqual([
      ['CRE', 'ecl', 1, 4, 25],
      ['CRE', 'pmi', 1, 2, 50],
    ]);
  });

  it('MRSA, VISA, VRSA only for S. aureus; VRE not for E. gallinarum; colistin not for Serratia or Proteus', () => {
    const set = [
      of('sau', { OXA: 'R', VAN: 'S' }),
      of('sau', { FOX: 'S', VAN: 'I' }),
      of('sau', { VAN: 'S' }),
      of('sep', { OXA: 'R', VAN: 'S' }, ['MRSA']),
      of('efm', { VAN: 'R' }),
      of('ega', { VAN: 'R' }),
      of('sma', { COL: 'R' }),
      of('pmi', { COL: 'R' }),
      of('pae', { COL: 'R' }),
      of('eco', { COL: 'S' }),
    ];
    const got = rates(set);
    expect(got.filter((r) => r[0] === 'MRSA')).toEqual([['MRSA', 'sau', 1, 2, 50]]);
    expect(got.filter((r) => r[0] === 'VISA')).toEqual([['VISA', 'sau', 1, 3, 33.3]]);
    expect(got.filter((r) => r[0] === 'VRSA')).toEqual([['VRSA', 'sau', 0, 3, 0]]);
    expect(got.filter((r) => r[0] === 'VRE')).toEqual([['VRE', 'efm', 1, 1, 100]]);
    expect(got.filter((r) => r[0] === 'Colistin R')).toEqual([
      ['Colistin R', 'eco', 0, 1, 0],
      ['Colistin R', 'pae', 1, 1, 100],
    ]);
    expect(got.some((r) => r[1] === 'sep')).toBe(false);
  });

  it('the file’s ESBL column counts only isolates with a result in it: a blank is not tested', () => {
    const withColumn = (organism: string, value: '+' | '-' | '') => ({ ...of(organism, { CTX: 'S' }, value === '+' ? ['ESBL'] : []), ...(value ? { phenotypeTests: ['ESBL'] } : {}) });
    const set = [withColumn('eco', '+'), withColumn('eco', '-'), withColumn('eco', ''), withColumn('eco', ''), withColumn('ecl', '+')];
    expect(rates(set).filter((r) => r[0] === 'ESBL')).toEqual([['ESBL', 'eco', 1, 2, 50]]);
  });

  it('below the minimum number of isolates a rate gives its count, never a percentage', () => {
    const set = [of('ecl', { MEM: 'R' }), ...Array.from({ length: 30 }, () => of('eco', { MEM: 'S' }))];
    set.push(of('eco', { MEM: 'R' }));
    const rows = phenotypeRates(set, () => '2024', 30).filter((r) => r.alert === 'CRE');
    expect(rows.map((r) => [r.organism, r.withAlert, r.isolates, r.percent, r.belowMinimum])).toEqual([
      ['eco', 1, 31, 3.2, false],
      ['ecl', 1, 1, null, true],
    ]);
  });

  it('per period, and an isolate without a taxonomy is in no scope', () => {
    const early = { ...of('sau', { OXA: 'R' }), collectionDate: '2023-02-01' };
    const unknown = { ...of('sau', { OXA: 'R' }), taxon: undefined };
    const rows = phenotypeRates([early, of('sau', { OXA: 'S' }), unknown], (i) => i.collectionDate!.slice(0, 4), 1).filter((r) => r.alert === 'MRSA');
    expect(rows.map((r) => [r.period, r.withAlert, r.isolates])).toEqual([
      ['2023', 1, 1],
      ['2024', 0, 1],
    ]);
  });
});
