import { beforeAll, describe, expect, it } from 'vitest';
import type { IsolateInput, IsolateOptions, IsolateResult, KnowledgeBase } from '@mdc/core/ast';
import { CHINESE_NAMES, realKnowledgeBase } from './ast/knowledge-base';

let kb: KnowledgeBase;
beforeAll(() => {
  kb = realKnowledgeBase({ names: CHINESE_NAMES });
});

const byDrug = (results: IsolateResult[], code: string) => {
  const found = results.filter((r) => r.antibiotic?.code === code);
  if (found.length !== 1) throw new Error(`expected one ${code} result, found ${found.length}`);
  return found[0]!;
};

function isolate(input: IsolateInput, options?: IsolateOptions) {
  return kb.interpretIsolate(input, options);
}

describe('expected resistant phenotypes (intrinsic resistance)', () => {
  it('EUCAST: Klebsiella pneumoniae ampicillin → R whatever the MIC, naming the rule', () => {
    const result = kb.interpret({ organism: 'Klebsiella pneumoniae', antibiotic: 'AMP', method: 'MIC', value: '2', guideline: 'EUCAST', year: 2022 });
    expect(result).toMatchObject({
      outcome: 'interpreted',
      category: 'R',
      reason: 'expected-resistance',
      expectedResistance: { guideline: 'EUCAST', referenceTable: 'Enterobacterales', organismCode: 'kpn', level: 'WHONET_ORG_CODE' },
    });
    expect(result.expectedResistance?.source).toMatch(/^ExpectedResistancePhenotypes\.txt:\d+$/);
    expect(result.explanation.en).toContain('expected to be resistant to Ampicillin');
    expect(result.explanation.zh).toBe('肺炎克雷伯菌对氨苄西林天然耐药（EUCAST 预期耐药表型：Enterobacterales）→ 耐药(R)');
  });

  it('CLSI: Klebsiella pneumoniae ampicillin disk 25 mm → R as well', () => {
    const result = kb.interpret({ organism: 'kpn', antibiotic: 'AMP', method: 'DISK', value: '25', guideline: 'CLSI', year: 2022 });
    expect(result).toMatchObject({ category: 'R', reason: 'expected-resistance', expectedResistance: { guideline: 'CLSI' } });
  });

  it('can be switched off: the breakpoint then decides (EUCAST 2022 Enterobacterales ampicillin S ≤ 8)', () => {
    const result = kb.interpret(
      { organism: 'kpn', antibiotic: 'AMP', method: 'MIC', value: '2', guideline: 'EUCAST', year: 2022 },
      { expectedResistance: false },
    );
    expect(result).toMatchObject({ category: 'S', reason: 'breakpoint' });
  });

  it('respects exception organisms: EUCAST Enterobacterales azithromycin, except Salmonella and Shigella', () => {
    const eco = kb.interpret({ organism: 'eco', antibiotic: 'AZM', method: 'MIC', value: '4', guideline: 'EUCAST', year: 2022 });
    expect(eco).toMatchObject({ category: 'R', reason: 'expected-resistance' });
    const salmonella = kb.interpret({ organism: 'Salmonella Typhi', antibiotic: 'AZM', method: 'MIC', value: '4', guideline: 'EUCAST', year: 2022 });
    expect(salmonella.reason).not.toBe('expected-resistance');
  });

  it('expands ATC groups minus drug exceptions: CLSI E. faecalis aminoglycosides R, high-level gentamicin interpreted', () => {
    const gentamicin = kb.interpret({ organism: 'efa', antibiotic: 'GEN', method: 'MIC', value: '4', guideline: 'CLSI', year: 2022 });
    expect(gentamicin).toMatchObject({ category: 'R', reason: 'expected-resistance' });
    const highLevel = kb.interpret({ organism: 'efa', antibiotic: 'GEH', method: 'MIC', value: '256', guideline: 'CLSI', year: 2022 });
    expect(highLevel).toMatchObject({ category: 'S', reason: 'breakpoint', breakpoint: { s: 512, r: 513 } });
  });

  it('covers Gram-positive bacteria as a whole (EUCAST: aztreonam) and anaerobes (EUCAST: aminoglycosides)', () => {
    expect(kb.interpret({ organism: 'sau', antibiotic: 'ATM', method: 'MIC', value: '1', guideline: 'EUCAST' }).reason).toBe('expected-resistance');
    expect(kb.interpret({ organism: 'Bacteroides fragilis', antibiotic: 'AMK', method: 'MIC', value: '1', guideline: 'EUCAST' })).toMatchObject({
      category: 'R',
      expectedResistance: { level: 'ANAEROBE' },
    });
  });
});

describe('WHONET expert rules', () => {
  it('ESBL-CONFIRMED: E. coli with a positive ESBL test → cefoperazone, moxalactam… R, keeping the measured category', () => {
    const result = isolate({
      organism: 'eco',
      guideline: 'CLSI',
      year: 2022,
      tests: { ESBL: '+' },
      results: [
        { antibiotic: 'CFP', method: 'MIC', value: '8', id: 'row-1' },
        { antibiotic: 'MOX', method: 'MIC', value: '4' },
        { antibiotic: 'MEM', method: 'MIC', value: '0.25' },
      ],
    });
    const cfp = byDrug(result.results, 'CFP');
    expect(cfp).toMatchObject({ id: 'row-1', category: 'R', originalCategory: 'S' });
    expect(cfp.changes).toEqual([
      expect.objectContaining({ source: 'whonet-expert-rule', rule: 'ESBL-CONFIRMED', from: 'S', to: 'R' }),
    ]);
    expect(cfp.explanation.en).toContain('WHONET expert rule ESBL-CONFIRMED (ESBL-producing Enterobacterales): Cefoperazone S → R');
    expect(byDrug(result.results, 'MOX')).toMatchObject({ category: 'R', originalCategory: 'S' });
    expect(byDrug(result.results, 'MEM')).toMatchObject({ category: 'S' });
    expect(byDrug(result.results, 'MEM').originalCategory).toBeUndefined();
    // in the order the rule lists them: MOX, CID, MAN, CFP
    expect(result.rules).toEqual([expect.objectContaining({ rule: 'ESBL-CONFIRMED', changed: ['MOX', 'CFP'] })]);
  });

  it('ESBL-AMPC-PROBABLE: a third-generation cephalosporin R (CLSI 2022 cefotaxime MIC 4) → cefamandole R', () => {
    const result = isolate({
      organism: 'Escherichia coli',
      guideline: 'CLSI',
      year: 2022,
      results: [
        { antibiotic: 'CTX', method: 'MIC', value: '4' },
        { antibiotic: 'MAN', method: 'MIC', value: '2' },
      ],
    });
    expect(byDrug(result.results, 'CTX').category).toBe('R');
    expect(byDrug(result.results, 'MAN')).toMatchObject({ category: 'R', originalCategory: 'S' });
    expect(result.rules.map((r) => r.rule)).toEqual(['ESBL-AMPC-PROBABLE']);
  });

  it('BLNAR-HFLU: β-lactamase negative, ampicillin not susceptible H. influenzae → amoxicillin/clavulanic acid R', () => {
    const input: IsolateInput = {
      organism: 'Haemophilus influenzae',
      guideline: 'CLSI',
      year: 2022,
      tests: { BETA_LACT: '-' },
      results: [
        { antibiotic: 'AMP', method: 'MIC', value: '4' },
        { antibiotic: 'AMC', method: 'MIC', value: '2' },
      ],
    };
    const result = isolate(input);
    expect(byDrug(result.results, 'AMP').category).toBe('R');
    expect(byDrug(result.results, 'AMC')).toMatchObject({ category: 'R', originalCategory: 'S' });
    const lactamasePositive = isolate({ ...input, tests: { BETA_LACT: '+' } });
    expect(byDrug(lactamasePositive.results, 'AMC').category).toBe('S');
  });

  it('MRS: S. aureus cefoxitin disk 20 mm (CLSI 2022 R ≤ 21) → penicillin R, ceftaroline excepted', () => {
    const result = isolate({
      organism: 'Staphylococcus aureus',
      guideline: 'CLSI',
      year: 2022,
      results: [
        { antibiotic: 'FOX', method: 'DISK', value: '20' },
        { antibiotic: 'PEN', method: 'MIC', value: '0.06' },
        { antibiotic: 'CPT', method: 'MIC', value: '1' },
        { antibiotic: 'ERY', method: 'MIC', value: '0.5' },
      ],
    });
    expect(byDrug(result.results, 'FOX').category).toBe('R');
    expect(byDrug(result.results, 'PEN')).toMatchObject({ category: 'R', originalCategory: 'S' });
    expect(byDrug(result.results, 'CPT').category).toBe('S');
    expect(byDrug(result.results, 'ERY').category).toBe('S');
    expect(result.rules).toEqual([expect.objectContaining({ rule: 'MRS', changed: ['PEN'] })]);
  });

  it('MRS from a test alone: mecA PCR positive', () => {
    const result = isolate({
      organism: 'sau',
      guideline: 'CLSI',
      year: 2022,
      tests: { MECA_PCR: '+' },
      results: [{ antibiotic: 'OXA', method: 'MIC', value: '1' }],
    });
    expect(byDrug(result.results, 'OXA')).toMatchObject({ category: 'R', originalCategory: 'S' });
  });

  it('ICR: inducible clindamycin resistance → clindamycin and erythromycin R', () => {
    const result = isolate({
      organism: 'sau',
      guideline: 'CLSI',
      year: 2022,
      tests: { INDUC_CLI: '+' },
      results: [
        { antibiotic: 'CLI', method: 'MIC', value: '0.25' },
        { antibiotic: 'ERY', method: 'MIC', value: '0.5' },
      ],
    });
    expect(byDrug(result.results, 'CLI')).toMatchObject({ category: 'R', originalCategory: 'S' });
    expect(byDrug(result.results, 'ERY')).toMatchObject({ category: 'R', originalCategory: 'S' });
  });

  it('can be switched off', () => {
    const result = isolate(
      {
        organism: 'sau',
        guideline: 'CLSI',
        year: 2022,
        tests: { INDUC_CLI: '+' },
        results: [{ antibiotic: 'CLI', method: 'MIC', value: '0.25' }],
      },
      { whonetExpertRules: false },
    );
    expect(byDrug(result.results, 'CLI').category).toBe('S');
    expect(result.rules).toEqual([]);
  });

  it('adds inferred results for untested drugs a rule names by code, when asked', () => {
    const result = isolate(
      { organism: 'eco', guideline: 'CLSI', year: 2022, tests: { ESBL: 'pos' }, results: [{ antibiotic: 'MEM', method: 'MIC', value: '0.25' }] },
      { inferUntested: true },
    );
    const inferred = result.results.filter((r) => r.inferred);
    expect(inferred.map((r) => r.antibiotic?.code).sort()).toEqual(['CFP', 'CID', 'MAN', 'MOX']);
    expect(inferred[0]).toMatchObject({ category: 'R', reason: 'inferred-by-rule', value: null, originalCategory: null });
  });
});

describe('EUCAST expert rules table', () => {
  it('Staphylococcus cefoxitin R → β-lactams R (EUCAST 2022 S. aureus cefoxitin screen disk 18 mm)', () => {
    const result = isolate(
      {
        organism: 'sau',
        guideline: 'EUCAST',
        year: 2022,
        results: [
          { antibiotic: 'FOX', method: 'DISK', value: '18' },
          { antibiotic: 'PEN', method: 'MIC', value: '0.06' },
        ],
      },
      { whonetExpertRules: false },
    );
    expect(byDrug(result.results, 'FOX').category).toBe('R');
    const pen = byDrug(result.results, 'PEN');
    expect(pen).toMatchObject({ category: 'R', originalCategory: 'S' });
    expect(pen.changes?.[0]).toMatchObject({ source: 'eucast-rule', rule: 'Staphylococcus (Breakpoints 11)' });
  });

  it('Staphylococcus erythromycin R → azithromycin, clarithromycin R', () => {
    const result = isolate({
      organism: 'sau',
      guideline: 'EUCAST',
      year: 2022,
      results: [
        { antibiotic: 'ERY', method: 'MIC', value: '4' },
        { antibiotic: 'AZM', method: 'MIC', value: '0.5' },
      ],
    });
    expect(byDrug(result.results, 'AZM')).toMatchObject({ category: 'R', originalCategory: 'S' });
  });

  it('Enterococcus ampicillin S → amoxicillin S is inferred for an untested drug, never over a measured R', () => {
    const inferred = isolate(
      { organism: 'efa', guideline: 'EUCAST', year: 2022, results: [{ antibiotic: 'AMP', method: 'MIC', value: '2' }] },
      { inferUntested: true },
    );
    expect(byDrug(inferred.results, 'AMX')).toMatchObject({ inferred: true, category: 'S' });

    const measured = isolate({
      organism: 'efa',
      guideline: 'EUCAST',
      year: 2022,
      results: [
        { antibiotic: 'AMP', method: 'MIC', value: '2' },
        { antibiotic: 'AMX', method: 'MIC', value: '32' },
      ],
    });
    const amx = byDrug(measured.results, 'AMX');
    expect(amx.category).toBe('R');
    expect(amx.notes.map((n) => n.en).join()).toContain('the measured result is kept — please review');
  });

  it('intrinsic resistance by order: Enterobacterales glycopeptides R (WHONET names the order Enterobacteriales)', () => {
    const result = isolate(
      { organism: 'eco', guideline: 'EUCAST', year: 2022, results: [{ antibiotic: 'VAN', method: 'MIC', value: '2' }] },
      { expectedResistance: false },
    );
    expect(byDrug(result.results, 'VAN')).toMatchObject({ category: 'R', originalCategory: null, outcome: 'interpreted' });
    expect(result.rules.map((r) => r.rule)).toContain(
      'Table 1: Intrinsic resistance in Enterobacterales and Aeromonas spp. (Expert Rules 3.2)',
    );
  });

  it('"do not report": Staphylococcus ceftazidime/avibactam → NI', () => {
    const result = isolate({ organism: 'sau', guideline: 'EUCAST', year: 2022, results: [{ antibiotic: 'CZA', method: 'MIC', value: '2' }] });
    expect(byDrug(result.results, 'CZA').category).toBe('NI');
  });

  it('notes without changes: AmpC de-repressed cephalosporins for Enterobacter cloacae', () => {
    const result = isolate({ organism: 'Enterobacter cloacae', guideline: 'EUCAST', year: 2022, results: [{ antibiotic: 'CTX', method: 'MIC', value: '0.5' }] });
    const ctx = byDrug(result.results, 'CTX');
    expect(ctx.category).toBe('S');
    expect(ctx.notes.map((n) => n.en).join()).toContain('AmpC');
  });

  it('breakpoint-table rules (v11) apply from 2021 on: in EUCAST 2019 a Staphylococcus norfloxacin-screen S leaves ciprofloxacin S', () => {
    const input = (year: number): IsolateInput => ({
      organism: 'sau',
      guideline: 'EUCAST',
      year,
      results: [
        { antibiotic: 'NOR', method: 'DISK', value: '20' },
        { antibiotic: 'CIP', method: 'MIC', value: '1' },
      ],
    });
    const in2019 = isolate(input(2019));
    expect(byDrug(in2019.results, 'NOR').category).toBe('S');
    expect(byDrug(in2019.results, 'CIP')).toMatchObject({ category: 'S', breakpoint: { s: 1, r: 2 } });
    expect(byDrug(in2019.results, 'CIP').changes).toBeUndefined();
    // from 2021 the table itself has no S for ciprofloxacin in staphylococci (S ≤ 0.001)
    expect(byDrug(isolate(input(2022)).results, 'CIP')).toMatchObject({ category: 'I', breakpoint: { s: 0.001 } });
  });

  it('applies to EUCAST interpretations only, and can be switched off', () => {
    const clsi = isolate({
      organism: 'sau',
      guideline: 'CLSI',
      year: 2022,
      results: [
        { antibiotic: 'ERY', method: 'MIC', value: '8' },
        { antibiotic: 'AZM', method: 'MIC', value: '1' },
      ],
    });
    expect(byDrug(clsi.results, 'AZM').category).toBe('S');
    const off = isolate(
      {
        organism: 'sau',
        guideline: 'EUCAST',
        year: 2022,
        results: [
          { antibiotic: 'ERY', method: 'MIC', value: '4' },
          { antibiotic: 'AZM', method: 'MIC', value: '0.5' },
        ],
      },
      { eucastRules: false },
    );
    expect(byDrug(off.results, 'AZM').category).toBe('S');
  });
});

describe('rules that cannot be read', () => {
  it('are skipped with a warning when the knowledge base is built', async () => {
    const { buildKnowledgeBase } = await import('@mdc/core/ast');
    const broken = buildKnowledgeBase({
      ...kb.tables,
      whonetExpertRules: [
        { ruleCode: 'BROKEN', description: '', organismCode: 'EBC', organismLevel: 'FAMILY_CODE', criteria: 'ESBL=+ OR', affectedAntibiotics: ['MOX'], antibioticExceptions: [] },
      ],
    });
    expect(broken.warnings.join()).toContain('WHONET expert rule BROKEN skipped');
    const result = broken.interpretIsolate({ organism: 'eco', guideline: 'CLSI', year: 2022, tests: { ESBL: '+' }, results: [{ antibiotic: 'MOX', method: 'MIC', value: '4' }] });
    expect(result.rules).toEqual([]);
  });
});

describe('isolates', () => {
  it('interprets every result with the isolate settings and keeps per-result sites and ids', () => {
    const result = isolate({
      organism: '肺炎链球菌',
      guideline: 'EUCAST',
      year: 2022,
      results: [
        { antibiotic: 'PEN', method: 'MIC', value: '0.12', id: 'a' },
        { antibiotic: 'PEN', method: 'MIC', value: '0.12', site: 'meningitis', id: 'b' },
      ],
    });
    expect(result.organism).toMatchObject({ code: 'spn', kind: 'names-map' });
    expect(result.results.map((r) => [r.id, r.category])).toEqual([
      ['a', 'I'],
      ['b', 'R'],
    ]);
  });

  it('reports an unknown organism on every result and applies no rule', () => {
    const result = isolate({ organism: 'Xyzzy plugh', guideline: 'EUCAST', results: [{ antibiotic: 'AMP', method: 'MIC', value: '2' }] });
    expect(result.organism).toBeNull();
    expect(result.results[0]).toMatchObject({ outcome: 'error', reason: 'unknown-organism' });
    expect(result.rules).toEqual([]);
  });
});
