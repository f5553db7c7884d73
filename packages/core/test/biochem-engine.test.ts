import { describe, expect, it } from 'vitest';
import {
  BiochemInputError,
  QUALITY_LEVELS,
  UNACCEPTABLE_TYPICITY,
  chooseNextTests,
  identifyBiochem,
  matrixProblems,
  qualityLevel,
  typicalReactions,
  typicityFromDecades,
  type MatrixTaxon,
  type ProbabilityMatrix,
} from '@mdc/core/identify/biochem';

const taxon = (name: string, percent: Record<string, number>, extra: Partial<MatrixTaxon> = {}): MatrixTaxon => ({
  name,
  synonyms: [],
  percent,
  source: 'hand-made for the test',
  ...extra,
});

/** Two taxa, three tests: small enough to compute by hand. */
const small: ProbabilityMatrix = {
  id: 'small',
  panel: 'conventional',
  name: { en: 'small', zh: '小' },
  tests: ['IND', 'VP', 'CIT'],
  taxa: [taxon('Alpha alpha', { IND: 90, VP: 10, CIT: 50 }), taxon('Beta beta', { IND: 20, VP: 80, CIT: 50 })],
  source: 'test',
};

describe('%ID and typicity on a hand-computed matrix', () => {
  it('computes %ID with equal priors and T from the modal likelihood fraction', () => {
    // Alpha: L = 0.9 × 0.9 = 0.81, Lmax = 0.81 → T = 1.
    // Beta:  L = 0.2 × 0.2 = 0.04, Lmax = 0.8 × 0.8 = 0.64 → D = log10(16) = 1.2041, T = 1 / 2.2041 = 0.4537.
    const result = identifyBiochem(small, { IND: '+', VP: '-' });
    const [alpha, beta] = result.candidates;
    expect(alpha!.taxon).toBe('Alpha alpha');
    expect(alpha!.percentId).toBeCloseTo((100 * 0.81) / 0.85, 6);
    expect(beta!.percentId).toBeCloseTo((100 * 0.04) / 0.85, 6);
    expect(alpha!.typicity).toBeCloseTo(1, 9);
    expect(beta!.typicity).toBeCloseTo(1 / (1 + Math.log10(16)), 6);
    expect(alpha!.log10Likelihood).toBeCloseTo(Math.log10(0.81), 9);
    // 95.29 % and T = 1: good (below 99.0).
    expect(result.call.level).toBe('good');
    expect(result.call.label.en).toBe('Good identification');
    expect(beta!.testsAgainst.map((t) => `${t.code}${t.entered}${t.percentPositive}`)).toEqual(['IND+20', 'VP-80']);
    expect(alpha!.testsAgainst).toEqual([]);
    expect(alpha!.tests).toEqual([
      { code: 'IND', entered: '+', percentPositive: 90, against: false },
      { code: 'VP', entered: '-', percentPositive: 10, against: false },
    ]);
  });

  it('does not count missing reactions, and a 50 % test changes neither %ID nor T', () => {
    const one = identifyBiochem(small, { IND: '+' });
    expect(one.candidates[0]!.percentId).toBeCloseTo((100 * 0.9) / 1.1, 6);
    expect(one.counted.map((c) => c.code)).toEqual(['IND']);
    const withCit = identifyBiochem(small, { IND: '+', VP: '-', CIT: '+' });
    const without = identifyBiochem(small, { IND: '+', VP: '-' });
    expect(withCit.candidates[0]!.percentId).toBeCloseTo(without.candidates[0]!.percentId, 9);
    expect(withCit.candidates[1]!.typicity).toBeCloseTo(without.candidates[1]!.typicity, 9);
  });

  it('weighs a test without data as 50 % and leaves T untouched by it', () => {
    const gappy: ProbabilityMatrix = { ...small, taxa: [taxon('Alpha alpha', { IND: 90, VP: 10 }), taxon('Beta beta', { IND: 20, VP: 80, CIT: 90 })] };
    const result = identifyBiochem(gappy, { IND: '+', CIT: '+' });
    // Alpha: 0.9 × 0.5 = 0.45; Beta: 0.2 × 0.9 = 0.18.
    expect(result.candidates[0]!.percentId).toBeCloseTo((100 * 0.45) / 0.63, 6);
    expect(result.candidates[0]!.typicity).toBeCloseTo(1, 9);
    const cit = result.candidates[0]!.testsAgainst.find((t) => t.code === 'CIT');
    expect(cit).toBeUndefined();
  });

  it('refuses codes outside the matrix and empty input', () => {
    expect(() => identifyBiochem(small, { ODC: '+' })).toThrow(BiochemInputError);
    expect(() => identifyBiochem(small, { FOO: '+' })).toThrow(/unknown test code/);
    expect(() => identifyBiochem(small, {})).toThrow(BiochemInputError);
    expect(() => identifyBiochem({ ...small, taxa: [] }, { IND: '+' })).toThrow(/no probability matrix/);
  });
});

describe('quality labels', () => {
  it('follows the APIweb thresholds exactly at their edges', () => {
    expect(qualityLevel(99.9, 0.75)).toBe('excellent');
    expect(qualityLevel(99.89, 0.75)).toBe('very good');
    expect(qualityLevel(99.9, 0.7499)).toBe('very good');
    expect(qualityLevel(99.0, 0.5)).toBe('very good');
    expect(qualityLevel(98.99, 0.9)).toBe('good');
    expect(qualityLevel(99.5, 0.4999)).toBe('good');
    expect(qualityLevel(90.0, 0.25)).toBe('good');
    expect(qualityLevel(89.99, 0.9)).toBe('acceptable');
    expect(qualityLevel(95, 0.2499)).toBe('acceptable');
    expect(qualityLevel(80.0, UNACCEPTABLE_TYPICITY)).toBe('acceptable');
    expect(qualityLevel(79.99, 1)).toBe('low discrimination');
    expect(qualityLevel(100, UNACCEPTABLE_TYPICITY - 1e-9)).toBe('unacceptable');
    expect(QUALITY_LEVELS).toHaveLength(6);
  });

  it('maps decades below the typical profile to T', () => {
    expect(typicityFromDecades(0)).toBe(1);
    expect(typicityFromDecades(1)).toBe(0.5);
    expect(typicityFromDecades(2)).toBeCloseTo(1 / 3, 12);
    expect(typicityFromDecades(-3)).toBe(1);
  });

  it('calls a profile unacceptable when even the best taxon is far from its typical reactions', () => {
    const sharp: ProbabilityMatrix = {
      ...small,
      tests: ['IND', 'VP', 'CIT', 'ODC', 'LDC', 'ADH'],
      taxa: [taxon('Alpha alpha', { IND: 99, VP: 99, CIT: 99, ODC: 99, LDC: 99, ADH: 99 }), taxon('Beta beta', { IND: 99, VP: 99, CIT: 99, ODC: 99, LDC: 99, ADH: 1 })],
    };
    const typical = identifyBiochem(sharp, { IND: '+', VP: '+', CIT: '+', ODC: '+', LDC: '+', ADH: '+' });
    expect(typical.call.taxon).toBe('Alpha alpha');
    expect(typical.call.level).toBe('very good');
    // Three tests at 99 % against: D = 3 × log10(99) ≈ 5.99 > 5.
    const odd = identifyBiochem(sharp, { IND: '-', VP: '-', CIT: '-', ODC: '+', LDC: '+', ADH: '+' });
    expect(odd.call.level).toBe('unacceptable');
    expect(odd.call.label.zh).toBe('不可接受的生化谱');
  });
});

describe('groups of tests that describe one character', () => {
  const shapes: ProbabilityMatrix = {
    id: 'shapes',
    panel: 'primary',
    name: { en: 'shapes', zh: '形态' },
    tests: ['COCC', 'ROD', 'CAT'],
    taxa: [taxon('Coccus', { COCC: 99, ROD: 1, CAT: 50 }), taxon('Bacillus', { COCC: 1, ROD: 99, CAT: 50 })],
    source: 'test',
  };

  it('does not count the "–" of other shapes once a shape is "+"', () => {
    const chosen = identifyBiochem(shapes, { COCC: '+', ROD: '-' });
    const alone = identifyBiochem(shapes, { COCC: '+' });
    expect(chosen.impliedByGroup).toEqual(['ROD']);
    expect(chosen.candidates[0]!.percentId).toBeCloseTo(alone.candidates[0]!.percentId, 12);
    // Without a "+" in the group, each "–" counts.
    const negative = identifyBiochem(shapes, { ROD: '-' });
    expect(negative.impliedByGroup).toEqual([]);
    expect(negative.candidates[0]!.taxon).toBe('Coccus');
  });
});

describe('next tests', () => {
  const close: ProbabilityMatrix = {
    ...small,
    tests: ['IND', 'VP', 'CIT', 'ODC'],
    taxa: [
      taxon('Alpha alpha', { IND: 99, VP: 99, CIT: 80, ODC: 50 }),
      taxon('Beta beta', { IND: 99, VP: 1, CIT: 20, ODC: 50 }),
      taxon('Gamma gamma', { IND: 1, VP: 1, CIT: 50, ODC: 50 }),
    ],
  };

  it('proposes the test that separates the leading taxa best, with each one\'s expected reaction', () => {
    const result = identifyBiochem(close, { IND: '+' });
    expect(result.call.level).toBe('low discrimination');
    expect(result.nextTests[0]!.code).toBe('VP');
    expect(result.nextTests[0]!.expected.map((e) => [e.taxon, e.percentPositive])).toEqual([
      ['Alpha alpha', 99],
      ['Beta beta', 1],
    ]);
    expect(result.nextTests.map((t) => t.code)).toContain('CIT');
    expect(result.nextTests.map((t) => t.code)).not.toContain('ODC');
    expect(result.nextTests.map((t) => t.code)).not.toContain('IND');
    expect(result.nextTests[0]!.informationBits).toBeGreaterThan(result.nextTests[1]!.informationBits);
  });

  it('proposes nothing when the call is already separated', () => {
    // Alpha 0.99 × 0.99 × 0.8, Beta 0.99 × 0.01 × 0.2, Gamma 0.01 × 0.01 × 0.5: 99.74 %.
    const result = identifyBiochem(close, { IND: '+', VP: '+', CIT: '+' });
    expect(result.call.taxon).toBe('Alpha alpha');
    expect(result.call.percentId).toBeGreaterThan(99);
    expect(result.nextTests).toEqual([]);
  });

  it('draws on other matrices for tests this panel lacks', () => {
    const extra: ProbabilityMatrix = { ...close, id: 'extra', tests: ['MR'], taxa: close.taxa.map((t) => ({ ...t, percent: { MR: t.name === 'Alpha alpha' ? 95 : 5 } })) };
    const pool = close.taxa.slice(0, 2).map((t) => ({ taxon: t, percentId: 50 }));
    const tests = chooseNextTests(pool, new Set(['IND', 'VP', 'CIT', 'ODC']), [close, extra]);
    expect(tests.map((t) => t.code)).toEqual(['MR']);
    expect(tests[0]!.from).toBe('conventional');
  });
});

describe('primary tests narrowing a panel', () => {
  const primary: ProbabilityMatrix = {
    id: 'primary-small',
    panel: 'primary',
    name: { en: 'p', zh: 'p' },
    tests: ['GRAM', 'OX'],
    taxa: [taxon('Rods', { GRAM: 1, OX: 1 }), taxon('Cocci', { GRAM: 99, OX: 99 })],
    source: 'test',
  };
  const panel: ProbabilityMatrix = { ...small, taxa: small.taxa.map((t) => ({ ...t, primary: 'Rods' })) };

  it('multiplies in the primary reactions and flags a profile the primary tests place outside the panel', () => {
    const fits = identifyBiochem(panel, { IND: '+', VP: '-', GRAM: '-' }, { primary });
    expect(fits.primaryFit!.outsidePanel).toBe(false);
    expect(fits.counted.map((c) => `${c.code}:${c.from}`)).toEqual(['IND:panel', 'VP:panel', 'GRAM:primary']);
    // GRAM+ and OX+: the rods keep 0.01 × 0.01 against 0.99 × 0.99, below 1 % of the primary answer.
    const coccus = identifyBiochem(panel, { IND: '+', VP: '-', GRAM: '+', OX: '+' }, { primary });
    expect(coccus.primaryFit!.outsidePanel).toBe(true);
    expect(coccus.primaryFit!.best.taxon).toBe('Cocci');
    expect(coccus.call.level).toBe('unacceptable');
    expect(coccus.call.note!.en).toContain('Cocci');
  });
});

describe('matrix checks and typical profiles', () => {
  it('finds out-of-range values, unknown columns and missing sources', () => {
    const bad: ProbabilityMatrix = { ...small, taxa: [taxon('A', { IND: 0, ODC: 50 }), taxon('A', { IND: 50 }, { source: ' ' })] };
    const problems = matrixProblems(bad);
    expect(problems.some((p) => p.includes('IND = 0'))).toBe(true);
    expect(problems.some((p) => p.includes('ODC is not a column'))).toBe(true);
    expect(problems.some((p) => p.includes('appears twice'))).toBe(true);
    expect(problems.some((p) => p.includes('no source'))).toBe(true);
    expect(matrixProblems(small)).toEqual([]);
  });

  it('leaves 50 % tests out of the typical profile', () => {
    expect(typicalReactions(small.taxa[0]!, small.tests)).toEqual({ IND: '+', VP: '-' });
  });
});
