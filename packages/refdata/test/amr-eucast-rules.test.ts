import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { RefdataFormatError, intrinsicResistanceAsWhonet, parseEucastRules, parseIntrinsicResistant, readEucastRules, readIntrinsicResistant, type EucastRuleRecord } from '@mdc/refdata/amr';
import { readCurrentTaxonomySync } from '@mdc/refdata/taxonomy';
import { readAntibiotics, readAstTables, readOrganisms } from '@mdc/refdata/whonet';

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data folder not found');
const amrDir = path.join(dataDir, 'amr');

describe('AMR package eucast_rules.tsv', () => {
  it('stops at the one malformed row of the 2021 file unless told to skip it', () => {
    expect(() => readEucastRules(amrDir, { legacy: true })).toThrowError(RefdataFormatError);
    expect(() => readEucastRules(amrDir, { legacy: true })).toThrowError(/line 55: expected 11 columns but found 9/);
  });

  describe('read with onInvalidRow', () => {
    let rules: EucastRuleRecord[];
    const problems: RefdataFormatError[] = [];
    beforeAll(() => {
      rules = readEucastRules(amrDir, { onInvalidRow: (e) => problems.push(e), legacy: true });
    });

    it('reads the 183 well-formed rules and reports line 55', () => {
      expect(rules).toHaveLength(183);
      expect(problems.map((p) => p.line)).toEqual([55]);
    });

    it('skips the ten comment lines: the first rule is on line 12', () => {
      expect(rules[0]).toMatchObject({
        line: 12,
        organismProperty: 'genus',
        operator: 'is',
        value: 'Pseudomonas',
        ifAntibiotics: ['TZP'],
        ifValues: ['S'],
        thenAntibiotics: ['TZP'],
        toValue: 'I',
        group: 'Breakpoints',
        version: '11',
        note: '',
      });
    });

    it('reads pairwise conditions and group targets (Staphylococcus cefoxitin R → β-lactams R)', () => {
      expect(rules.find((r) => r.line === 18)).toMatchObject({ ifAntibiotics: ['PEN', 'FOX'], ifValues: ['R', 'S'] });
      expect(rules.find((r) => r.line === 19)).toMatchObject({
        value: 'Staphylococcus',
        ifAntibiotics: ['FOX'],
        ifValues: ['R'],
        thenAntibiotics: ['betalactams'],
        toValue: 'R',
      });
    });

    it('reads intrinsic resistance rows without a condition', () => {
      const kpn = rules.find((r) => r.line === 133);
      expect(kpn).toMatchObject({
        organismProperty: 'fullname',
        operator: 'like',
        ifAntibiotics: [],
        ifValues: [],
        thenAntibiotics: ['aminopenicillins', 'TIC'],
        toValue: 'R',
        group: 'Expert Rules',
        version: '3.2',
      });
      // lines 125–189 of the file, minus the nine Enterococcus trimethoprim conditions
      expect(rules.filter((r) => r.ifAntibiotics.length === 0 && r.toValue === 'R')).toHaveLength(56);
    });

    it('reads rows that only document a rule (empty result) and "do not report" (NA)', () => {
      expect(rules.filter((r) => r.toValue === '').map((r) => r.line)).toEqual([190, 191, 192, 193, 194, 195]);
      expect(rules.find((r) => r.line === 24)).toMatchObject({ thenAntibiotics: ['CTB', 'CZA', 'CEI'], toValue: 'NA' });
    });
  });

  describe('broken copies', () => {
    let dir: string;
    const text = () => readFileSync(path.join(amrDir, 'eucast_rules.tsv'), 'utf8');
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'mdc-amr-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('rejects a result that is not S, I, R or NA', () => {
      const lines = text().split('\n');
      lines[11] = lines[11]!.replace('\tI\tPseudomonas', '\tQ\tPseudomonas');
      writeFileSync(path.join(dir, 'eucast_rules.tsv'), lines.join('\n'));
      const problems: RefdataFormatError[] = [];
      readEucastRules(dir, { onInvalidRow: (e) => problems.push(e), legacy: true });
      expect(problems.map((p) => [p.line, p.column]).sort()).toEqual([
        [12, 'to_value'],
        [55, undefined],
      ]);
    });

    it('rejects a header missing a column and an empty file', () => {
      expect(() => parseEucastRules(text().replace('\tto_value\t', '\tresult\t'))).toThrowError(/required column "to_value"/);
      expect(() => parseEucastRules('# only a comment\n')).toThrowError(/the file is empty/);
    });

    it('rejects a value count that does not fit the antibiotics', () => {
      const lines = text().split('\n');
      lines[17] = lines[17]!.replace('\tR, S\t', '\tR, S, I\t');
      const problems: RefdataFormatError[] = [];
      parseEucastRules(lines.join('\n'), { onInvalidRow: (e) => problems.push(e) });
      expect(problems.find((p) => p.line === 18)).toMatchObject({ column: 'have_these_values' });
    });
  });
});

describe('readAstTables', () => {
  it('maps every file onto the engine tables and reports the skipped AMR row', () => {
    const { tables, issues } = readAstTables(dataDir, { whonetOnly: true });
    expect(tables.breakpoints).toHaveLength(29055);
    expect(tables.organisms).toHaveLength(2978);
    expect(tables.antibiotics).toHaveLength(565);
    expect(tables.expectedResistance).toHaveLength(1024);
    expect(tables.whonetExpertRules).toHaveLength(7);
    expect(tables.eucastRules).toHaveLength(183);
    expect(issues.map((i) => i.line)).toEqual([55]);
    const gen = tables.breakpoints.filter((b) => b.organismCode === 'Gen');
    expect(new Set(gen.map((b) => b.organismLevel))).toEqual(new Set(['ALL']));
    expect(tables.breakpoints[0]!.source).toBe('Breakpoints.txt:2');
  });
});

describe('AMR 3.0.0 interpretive_rules.tsv and intrinsic_resistant.tsv.gz', () => {
  it('reads every rule of interpretive_rules.tsv: Expert Rules 3.1–3.3, Expected phenotypes 1.2, breakpoint tables 10–15', () => {
    const problems: RefdataFormatError[] = [];
    const rules = readEucastRules(amrDir, { onInvalidRow: (e) => problems.push(e) });
    expect(problems).toEqual([]);
    expect(rules).toHaveLength(1329);
    const versions = (group: string) => [...new Set(rules.filter((r) => r.group === group).map((r) => r.version))].sort();
    expect(versions('Expert Rules')).toEqual(['3.1', '3.2', '3.3']);
    expect(versions('Expected phenotypes')).toEqual(['1.2']);
    // E. coli and P. mirabilis: ampicillin R → piperacillin R (Expert Rules on Enterobacterales, v3.3).
    expect(rules.find((r) => r.version === '3.3' && r.value === 'Escherichia coli, Proteus mirabilis' && r.ifValues[0] === 'R')).toMatchObject({
      operator: 'one_of',
      ifAntibiotics: ['AMP'],
      thenAntibiotics: ['PIP'],
      toValue: 'R',
      reference: 'Expert Rules on Enterobacterales',
    });
  });

  it('reads intrinsic_resistant.tsv.gz and places its pairs on WHONET organism and drug codes', () => {
    const amr3 = path.join(amrDir, 'amr-3.0.0');
    const pairs = readIntrinsicResistant(amr3);
    expect(pairs).toHaveLength(271905);
    expect(pairs).toContainEqual(expect.objectContaining({ mo: 'B_KLBSL_PNMN', ab: 'AMP' }));
    const whonet = path.join(dataDir, 'whonet');
    const { records, unplaced } = intrinsicResistanceAsWhonet(pairs, { organisms: readOrganisms(whonet), antibiotics: readAntibiotics(whonet), taxonomy: readCurrentTaxonomySync(dataDir) });
    expect(records.find((r) => r.organismCode === 'kpn' && r.antibioticCode === 'AMP')).toMatchObject({ guideline: 'EUCAST', referenceTable: 'Expected Resistant Phenotypes v1.2', organismCodeType: 'WHONET_ORG_CODE' });
    for (const drug of ['COL', 'TCY', 'TGC']) expect(records.some((r) => r.organismCode === 'pmi' && r.antibioticCode === drug)).toBe(true);
    // E. coli is not intrinsically resistant to ampicillin.
    expect(records.some((r) => r.organismCode === 'eco' && r.antibioticCode === 'AMP')).toBe(false);
    expect(unplaced).toBeGreaterThan(0);
    expect(() => parseIntrinsicResistant('mo\tdrug\nB_X\tAMP\n')).toThrowError(/required column "ab"/);
  }, 60_000);
});
