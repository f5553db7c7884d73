import { describe, expect, it } from 'vitest';
import {
  FuzzyIndex,
  boundedEditDistance,
  clinicalCategory,
  categorizeClinical,
  evaluateCriteria,
  measuredInterval,
  message,
  normalizeAntibioticName,
  normalizeMethod,
  normalizeSite,
  parseCriteria,
  parseLabValue,
  parsePotency,
  parseTestCode,
  samePotency,
  CriteriaSyntaxError,
  type AstCategory,
  type CriteriaContext,
  type ParsedValue,
} from '@mdc/core/ast';

function parsed(input: string | number): ParsedValue {
  const result = parseLabValue(input);
  if (!result.ok) throw new Error(`could not parse ${String(input)}`);
  return result.value;
}

describe('parseLabValue: values as labs write them', () => {
  it.each([
    ['16', '=', 16, '16'],
    ['<=0.25', '<=', 0.25, '≤0.25'],
    ['≤0.25', '<=', 0.25, '≤0.25'],
    ['=<0.25', '<=', 0.25, '≤0.25'],
    ['≦0.25', '<=', 0.25, '≤0.25'],
    ['>32', '>', 32, '>32'],
    ['＞32', '>', 32, '>32'],
    ['>=8', '>=', 8, '≥8'],
    ['≥8', '>=', 8, '≥8'],
    ['=2', '=', 2, '2'],
    ['0,5', '=', 0.5, '0.5'],
    ['< 0.5', '<', 0.5, '<0.5'],
    [' 16 mg/L ', '=', 16, '16'],
    ['19mm', '=', 19, '19'],
    ['１６', '=', 16, '16'],
    ['.5', '=', 0.5, '0.5'],
    ['1,024', '=', 1024, '1024'],
  ])('%s → %s %s', (input, qualifier, value, display) => {
    expect(parsed(input)).toMatchObject({ qualifier, value, display, raw: input });
  });

  it('accepts numbers as they are', () => {
    expect(parsed(0.125)).toMatchObject({ qualifier: '=', value: 0.125, display: '0.125' });
  });

  it('reads the trimethoprim part of a trimethoprim/sulfamethoxazole MIC and flags it', () => {
    const result = parseLabValue('<=0.5/9.5');
    expect(result).toMatchObject({ ok: true, combination: true, value: { qualifier: '<=', value: 0.5 } });
  });

  it('reports the unit written with the value', () => {
    expect(parseLabValue('16 mg/l')).toMatchObject({ ok: true, unit: 'mg/L' });
    expect(parseLabValue('22 mm')).toMatchObject({ ok: true, unit: 'mm' });
    expect(parseLabValue('22')).toMatchObject({ ok: true, unit: null });
  });

  it.each(['', '   ', 'abc', 'S', '16..2', '>', '1/x', '--4', '4-8'])('rejects %j', (input) => {
    expect(parseLabValue(input).ok).toBe(false);
  });

  it('rejects null, undefined and non-finite numbers', () => {
    expect(parseLabValue(null).ok).toBe(false);
    expect(parseLabValue(undefined).ok).toBe(false);
    expect(parseLabValue(Number.NaN).ok).toBe(false);
    expect(parseLabValue(Number.POSITIVE_INFINITY).ok).toBe(false);
  });
});

describe('measuredInterval: where a written value can lie', () => {
  it('keeps MICs on the two-fold series, rounds others up', () => {
    expect(measuredInterval('MIC', parsed('16'))).toEqual({ low: 16, high: 16, adjusted: null });
    expect(measuredInterval('MIC', parsed('0.12'))).toMatchObject({ low: 0.12, adjusted: null });
    expect(measuredInterval('MIC', parsed('12'))).toEqual({ low: 16, high: 16, adjusted: { from: 12, to: 16 } });
    expect(measuredInterval('MIC', parsed('0.19'))).toMatchObject({ low: 0.25, adjusted: { to: 0.25 } });
  });

  it('opens one end for qualified MICs; strict qualifiers move one dilution', () => {
    expect(measuredInterval('MIC', parsed('<=4'))).toMatchObject({ low: 0, high: 4 });
    expect(measuredInterval('MIC', parsed('<4'))).toMatchObject({ low: 0, high: 2 });
    expect(measuredInterval('MIC', parsed('>=8'))).toMatchObject({ low: 8, high: Infinity });
    expect(measuredInterval('MIC', parsed('>32'))).toMatchObject({ low: 64, high: Infinity });
  });

  it('reads zones in whole millimetres', () => {
    expect(measuredInterval('DISK', parsed('17.6'))).toEqual({ low: 18, high: 18, adjusted: { from: 17.6, to: 18 } });
    expect(measuredInterval('DISK', parsed('<6'))).toMatchObject({ low: -Infinity, high: 5 });
    expect(measuredInterval('DISK', parsed('>25'))).toMatchObject({ low: 26, high: Infinity });
  });
});

describe('clinicalCategory on a breakpoint row', () => {
  const micRow = { s: 2, r: 8, sdd: '', ecoff: null };
  it.each<[number, AstCategory]>([
    [1, 'S'],
    [2, 'S'],
    [4, 'I'],
    [8, 'R'],
    [16, 'R'],
  ])('MIC %s with S ≤ 2, R ≥ 8 → %s', (value, category) => {
    expect(clinicalCategory('MIC', value, micRow)).toBe(category);
  });

  it('uses SDD between S and R when the row has an SDD range', () => {
    expect(clinicalCategory('MIC', 4, { s: 2, r: 16, sdd: '4-8', ecoff: null })).toBe('SDD');
    expect(clinicalCategory('MIC', 4, { s: 2, r: 16, sdd: '-', ecoff: null })).toBe('I');
  });

  it('gives NS above an S-only breakpoint, and nothing below an R-only one', () => {
    expect(clinicalCategory('MIC', 4, { s: 2, r: null, sdd: '', ecoff: null })).toBe('NS');
    expect(clinicalCategory('MIC', 2, { s: null, r: 8, sdd: '', ecoff: null })).toBeNull();
    expect(clinicalCategory('DISK', 15, { s: 20, r: null, sdd: '', ecoff: null })).toBe('NS');
  });

  it('reads disks the other way round: S ≥ s, R ≤ r', () => {
    const disk = { s: 22, r: 18, sdd: '', ecoff: null };
    expect(clinicalCategory('DISK', 22, disk)).toBe('S');
    expect(clinicalCategory('DISK', 20, disk)).toBe('I');
    expect(clinicalCategory('DISK', 18, disk)).toBe('R');
  });

  it('lets S win where a row gives the same value for S and R (EUCAST "S ≥ 17, R < 17")', () => {
    expect(clinicalCategory('DISK', 17, { s: 17, r: 17, sdd: '', ecoff: null })).toBe('S');
    expect(clinicalCategory('DISK', 16, { s: 17, r: 17, sdd: '', ecoff: null })).toBe('R');
  });

  it('categorizes a qualified value only when the whole interval agrees', () => {
    expect(categorizeClinical('MIC', parsed('<=1'), micRow)).toMatchObject({ kind: 'category', category: 'S' });
    expect(categorizeClinical('MIC', parsed('<=4'), micRow)).toMatchObject({ kind: 'spans', from: 'S', to: 'I' });
    expect(categorizeClinical('MIC', parsed('>4'), micRow)).toMatchObject({ kind: 'category', category: 'R' });
  });
});

describe('disk contents', () => {
  it('treats the usual spellings of one disk as the same', () => {
    const same = (a: string, b: string) => samePotency(parsePotency(a)!, parsePotency(b)!);
    expect(same('30μg', '30 µg')).toBe(true);
    expect(same('30µg', '30ug')).toBe(true);
    expect(same('30', '30 mcg')).toBe(true);
    expect(same('1.25μg/23.75μg', '1.25/23.75µg')).toBe(true);
    expect(same('10 units', '10U')).toBe(true);
    expect(same('10 units', '10µg')).toBe(false);
    expect(same('2µg', '10µg')).toBe(false);
  });

  it('has no potency for empty text', () => {
    expect(parsePotency('')).toBeNull();
    expect(parsePotency(undefined)).toBeNull();
  });
});

describe('WHONET test codes', () => {
  it('reads drug, method, guideline and disk content', () => {
    expect(parseTestCode('AMP_ND10')).toEqual({ antibioticCode: 'AMP', method: 'DISK', potency: '10', guideline: 'CLSI' });
    expect(parseTestCode('sxt_nd1_2')).toMatchObject({ antibioticCode: 'SXT', potency: '1.2' });
    expect(parseTestCode('CIP_EM')).toEqual({ antibioticCode: 'CIP', method: 'MIC', potency: '', guideline: 'EUCAST' });
    expect(parseTestCode('PEN_NE')).toMatchObject({ method: 'MIC' });
    expect(parseTestCode('ROW_IDX')).toBeNull();
    expect(parseTestCode('Ampicillin')).toBeNull();
  });
});

describe('words for methods and sites', () => {
  it.each([
    ['MIC', 'MIC'],
    ['E-test', 'MIC'],
    ['disk diffusion', 'DISK'],
    ['Disc', 'DISK'],
    ['纸片扩散法', 'DISK'],
    ['K-B', 'DISK'],
  ])('method %s → %s', (text, method) => {
    expect(normalizeMethod(text)).toBe(method);
  });

  it.each([
    ['meningitis', 'meningitis'],
    ['Non-meningitis', 'non-meningitis'],
    ['uncomplicated UTI', 'urinary tract infection'],
    ['尿路感染', 'urinary tract infection'],
    ['screening', 'screen'],
    ['IV', 'intravenous'],
    ['口服', 'oral'],
  ])('site %s → %s', (text, token) => {
    expect(normalizeSite(text)).toBe(token);
  });

  it('does not guess unknown sites or methods', () => {
    expect(normalizeSite('elbow')).toBeNull();
    expect(normalizeMethod('PCR')).toBeNull();
  });
});

describe('antibiotic name normalisation', () => {
  it('unifies combination separators but keeps "co-" names', () => {
    expect(normalizeAntibioticName('Amoxicillin-Clavulanic acid')).toBe('amoxicillin/clavulanic acid');
    expect(normalizeAntibioticName('Piperacillin + Tazobactam')).toBe('piperacillin/tazobactam');
    expect(normalizeAntibioticName('Co-trimoxazole')).toBe('co-trimoxazole');
  });
});

describe('bounded edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(boundedEditDistance('eschericia coli', 'escherichia coli', 3)).toBe(1);
    expect(boundedEditDistance('klebsiela pneumonia', 'klebsiella pneumoniae', 3)).toBe(2);
    expect(boundedEditDistance('staphylocoucs', 'staphylococus', 3)).toBe(1);
    expect(boundedEditDistance('abc', 'abc', 0)).toBe(0);
  });

  it('stops early above the limit', () => {
    expect(boundedEditDistance('escherichia coli', 'salmonella typhi', 2)).toBe(3);
  });
});

describe('fuzzy index', () => {
  const keys = ['escherichia coli', 'enterococcus faecalis', 'enterococcus faecium', 'klebsiella pneumoniae'];
  const index = new FuzzyIndex(keys);
  const found = (query: string, limit = 3) => index.search(query, limit).map((h) => [keys[h.index], h.distance]);

  it.each([
    ['escherichia col', 'deletion'],
    ['escherichia colii', 'insertion'],
    ['escherichia cola', 'substitution'],
    ['escherichia ocli', 'swap'],
  ])('finds %j one edit away (%s)', (query) => {
    expect(found(query)).toEqual([['escherichia coli', 1]]);
  });

  it('returns all keys at the smallest distance, then falls back to more edits', () => {
    expect(found('enterococcus faeci')).toEqual([
      ['enterococcus faecium', 2],
    ]);
    expect(found('klebsiela pneumonia')).toEqual([['klebsiella pneumoniae', 2]]);
    expect(found('klebsiela pneumonia', 1)).toEqual([]);
    expect(found('salmonella typhi')).toEqual([]);
  });
});

describe('WHONET rule criteria', () => {
  const context = (categories: Record<string, AstCategory | null>, tests: Record<string, string> = {}, classes: Record<string, AstCategory[]> = {}): CriteriaContext => ({
    drugCategory: (name) => (name in categories ? categories[name]! : undefined),
    classCategories: (name) => classes[name],
    test: (name) => tests[name],
  });

  it('parses OR of tests, AND binding tighter than OR, NOT and parentheses', () => {
    expect(parseCriteria('ESBL=+ OR X_BLEE=p')).toEqual({
      kind: 'or',
      items: [
        { kind: 'compare', name: 'ESBL', negated: false, value: '+' },
        { kind: 'compare', name: 'X_BLEE', negated: false, value: 'p' },
      ],
    });
    const tree = parseCriteria('A=R OR B=S AND C=R');
    expect(tree).toMatchObject({ kind: 'or', items: [{ kind: 'compare' }, { kind: 'and' }] });
    expect(parseCriteria('NOT (AMP=S)')).toMatchObject({ kind: 'not', item: { kind: 'compare', name: 'AMP' } });
  });

  it('evaluates test results and drug categories; NS covers I and R', () => {
    const blnar = parseCriteria('BETA_LACT=- AND AMP=NS');
    expect(evaluateCriteria(blnar, context({ AMP: 'R' }, { BETA_LACT: '-' }))).toBe(true);
    expect(evaluateCriteria(blnar, context({ AMP: 'I' }, { BETA_LACT: 'neg' }))).toBe(true);
    expect(evaluateCriteria(blnar, context({ AMP: 'S' }, { BETA_LACT: '-' }))).toBe(false);
    expect(evaluateCriteria(blnar, context({ AMP: 'R' }, { BETA_LACT: '+' }))).toBe(false);
    expect(evaluateCriteria(blnar, context({ AMP: null }, { BETA_LACT: '-' }))).toBe(false);
  });

  it('evaluates a class keyword as "any tested drug of the class"', () => {
    const ceph3 = parseCriteria('CEPH3=R');
    expect(evaluateCriteria(ceph3, context({}, {}, { CEPH3: ['S', 'R'] }))).toBe(true);
    expect(evaluateCriteria(ceph3, context({}, {}, { CEPH3: ['S', 'I'] }))).toBe(false);
    expect(evaluateCriteria(ceph3, context({}, {}, { CEPH3: [] }))).toBe(false);
  });

  it('reads "p" and "+" alike as positive', () => {
    const esbl = parseCriteria('ESBL=+ OR X_BLEE=p');
    expect(evaluateCriteria(esbl, context({}, { X_BLEE: '+' }))).toBe(true);
    expect(evaluateCriteria(esbl, context({}, { ESBL: 'positive' }))).toBe(true);
    expect(evaluateCriteria(esbl, context({}, { ESBL: '-' }))).toBe(false);
  });

  it.each(['', 'AMP', 'AMP=R OR', '(AMP=R', 'AMP=R)', 'AND AMP=R'])('rejects %j with its position', (text) => {
    expect(() => parseCriteria(text)).toThrowError(CriteriaSyntaxError);
  });
});

describe('message catalogue', () => {
  it('fills slots in both languages, localized values per language', () => {
    const text = message('interpreted.mic.S', {
      value: '0.5',
      s: 1,
      source: { en: 'CLSI 2022, Enterobacterales', zh: 'CLSI 2022，肠杆菌目' },
      category: { en: 'S', zh: '敏感(S)' },
    });
    expect(text).toEqual({
      en: 'MIC 0.5 mg/L ≤ S breakpoint 1 (CLSI 2022, Enterobacterales) → S',
      zh: 'MIC 0.5 mg/L ≤ 敏感折点 1（CLSI 2022，肠杆菌目）→ 敏感(S)',
    });
  });

  it('leaves a slot without a value visible rather than inventing one', () => {
    expect(message('error.organism', {}).en).toBe('unknown organism "{input}"');
  });
});
