import { describe, expect, it } from 'vitest';
import { compareGenomeToMeasured, type DrugPrediction } from '@mdc/core/resistome';

const predicted = (drug: string, prediction: DrugPrediction['prediction'], evidence = ''): DrugPrediction => ({ drug, drugName: drug, prediction, evidence, rule: `rule-${drug}` });

const verdict = (category: string | null, prediction: DrugPrediction['prediction'] | null) => {
  const result = compareGenomeToMeasured([{ drug: 'MEM', category }], prediction ? [predicted('MEM', prediction)] : []);
  return result.drugs[0];
};

describe('genome prediction vs measured', () => {
  it('agrees when both sides say the same', () => {
    expect(verdict('R', 'R')).toMatchObject({ verdict: 'agree', checks: [] });
    expect(verdict('S', 'S')).toMatchObject({ verdict: 'agree', checks: [] });
    // NS (no R breakpoint) is non-susceptible: on the resistant side.
    expect(verdict('NS', 'R')!.verdict).toBe('agree');
  });

  it('very major: measured R, predicted S — repeat the AST, a mechanism the genome lacks, heteroresistance', () => {
    const d = verdict('R', 'S')!;
    expect(d.verdict).toBe('very-major');
    expect(d.reason.en).toMatch(/^Very major/);
    expect(d.reason.zh).toMatch(/极重大不符/);
    expect(d.checks.map((c) => c.en).join(' | ')).toMatch(/Repeat the AST.*\|.*porin loss.*\|.*Heteroresistance/);
    expect(d.checks.every((c) => c.zh.length > 0)).toBe(true);
    expect(verdict('NS', 'S')!.verdict).toBe('very-major');
  });

  it('major: measured S, predicted R — repeat the AST, a silent gene, the same isolate', () => {
    const d = verdict('S', 'R')!;
    expect(d.verdict).toBe('major');
    expect(d.checks.map((c) => c.en).join(' | ')).toMatch(/Repeat the AST.*\|.*silent.*\|.*same isolate/);
  });

  it('minor: one side intermediate (I, SDD)', () => {
    expect(verdict('I', 'R')!.verdict).toBe('minor');
    expect(verdict('I', 'S')!.verdict).toBe('minor');
    expect(verdict('SDD', 'R')!.verdict).toBe('minor');
    expect(verdict('I', 'R')!.checks).toHaveLength(1);
  });

  it('not comparable: uncertain or not predicted', () => {
    expect(verdict('R', 'uncertain')).toMatchObject({ verdict: 'not-comparable', predicted: 'uncertain', reason: { en: expect.stringMatching(/does not separate/) } });
    expect(verdict('R', null)).toMatchObject({ verdict: 'not-comparable', predicted: null, reason: { en: expect.stringMatching(/does not cover/) } });
  });

  it('leaves out results without a category, counts each verdict, keeps the Lab order and reads STR1 as STR', () => {
    const result = compareGenomeToMeasured(
      [
        { drug: 'MEM', category: 'S' },
        { drug: 'CHL', category: 'R' },
        { drug: 'CIP', category: 'I' },
        { drug: 'LVX', category: 'R' },
        { drug: 'CRO', category: 'R' },
        { drug: 'VAN', category: null },
        { drug: 'AMP', category: 'WT' },
        { drug: 'STR', category: 'R' },
      ],
      [predicted('MEM', 'R', 'blaKPC-2'), predicted('CHL', 'S'), predicted('CIP', 'R'), predicted('LVX', 'uncertain'), predicted('CRO', 'R'), predicted('AMP', 'R'), predicted('STR1', 'R')],
    );
    expect(result.drugs.map((d) => [d.drug, d.verdict])).toEqual([
      ['MEM', 'major'],
      ['CHL', 'very-major'],
      ['CIP', 'minor'],
      ['LVX', 'not-comparable'],
      ['CRO', 'agree'],
      ['STR', 'agree'],
    ]);
    expect(result.drugs[0]).toMatchObject({ evidence: 'blaKPC-2', rule: 'rule-MEM', measured: 'S', predicted: 'R' });
    expect(result.counts).toEqual({ compared: 5, agree: 2, veryMajor: 1, major: 1, minor: 1, notComparable: 1 });
  });
});
