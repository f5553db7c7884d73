import { beforeAll, describe, expect, it } from 'vitest';
import type { AstCategory, KnowledgeBase, OrganismLevel } from '@mdc/core/ast';
import { realKnowledgeBase } from './ast/knowledge-base';

/**
 * Boundary values on real breakpoint rows of the WHONET table: exactly at S,
 * between S and R, exactly at R, for MIC and disk, CLSI and EUCAST, several
 * years. The row's own S/R values are asserted too, so a case fails loudly if
 * the engine picked another row.
 *
 * The table stores EUCAST "R > x" as the next dilution (MIC) or x − 1 (disk),
 * so "R 16" below for EUCAST means EUCAST's "R > 8".
 */

let kb: KnowledgeBase;
beforeAll(() => {
  kb = realKnowledgeBase();
});

interface Case {
  guideline: 'CLSI' | 'EUCAST';
  year: number;
  organism: string;
  group: string;
  antibiotic: string;
  method: 'MIC' | 'DISK';
  potency?: string;
  s: number;
  r: number;
  level: OrganismLevel;
  values: Array<[value: string, category: AstCategory]>;
}

const CASES: Case[] = [
  // ---- CLSI, MIC ---------------------------------------------------------------------
  { guideline: 'CLSI', year: 2012, organism: 'Pseudomonas aeruginosa', group: 'P. aeruginosa', antibiotic: 'CAZ', method: 'MIC', s: 8, r: 32, level: 'WHONET_ORG_CODE', values: [['8', 'S'], ['16', 'I'], ['32', 'R']] },
  { guideline: 'CLSI', year: 2016, organism: 'Pseudomonas aeruginosa', group: 'P. aeruginosa', antibiotic: 'MEM', method: 'MIC', s: 2, r: 8, level: 'WHONET_ORG_CODE', values: [['2', 'S'], ['4', 'I'], ['8', 'R']] },
  { guideline: 'CLSI', year: 2019, organism: 'Enterococcus faecalis', group: 'Enterococcus', antibiotic: 'AMP', method: 'MIC', s: 8, r: 16, level: 'GENUS_CODE', values: [['8', 'S'], ['16', 'R'], ['4', 'S']] },
  { guideline: 'CLSI', year: 2014, organism: 'Acinetobacter baumannii', group: 'Acinetobacter', antibiotic: 'MEM', method: 'MIC', s: 2, r: 8, level: 'GENUS_CODE', values: [['2', 'S'], ['4', 'I'], ['8', 'R']] },
  { guideline: 'CLSI', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'MEM', method: 'MIC', s: 1, r: 4, level: 'FAMILY_CODE', values: [['1', 'S'], ['2', 'I'], ['4', 'R']] },
  { guideline: 'CLSI', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'CIP', method: 'MIC', s: 0.25, r: 1, level: 'FAMILY_CODE', values: [['0.25', 'S'], ['0.5', 'I'], ['1', 'R']] },
  { guideline: 'CLSI', year: 2022, organism: 'Staphylococcus aureus', group: 'Staphylococcus', antibiotic: 'CIP', method: 'MIC', s: 1, r: 4, level: 'GENUS_CODE', values: [['1', 'S'], ['2', 'I'], ['4', 'R']] },
  // ---- CLSI, disk --------------------------------------------------------------------
  { guideline: 'CLSI', year: 2012, organism: 'Pseudomonas aeruginosa', group: 'P. aeruginosa', antibiotic: 'CAZ', method: 'DISK', potency: '30µg', s: 18, r: 14, level: 'WHONET_ORG_CODE', values: [['18', 'S'], ['16', 'I'], ['14', 'R']] },
  { guideline: 'CLSI', year: 2016, organism: 'Pseudomonas aeruginosa', group: 'P. aeruginosa', antibiotic: 'MEM', method: 'DISK', potency: '10µg', s: 19, r: 15, level: 'WHONET_ORG_CODE', values: [['19', 'S'], ['17', 'I'], ['15', 'R']] },
  { guideline: 'CLSI', year: 2019, organism: 'Acinetobacter baumannii', group: 'Acinetobacter', antibiotic: 'MEM', method: 'DISK', potency: '10µg', s: 18, r: 14, level: 'GENUS_CODE', values: [['18', 'S'], ['15', 'I'], ['14', 'R']] },
  { guideline: 'CLSI', year: 2014, organism: 'Staphylococcus aureus', group: 'Staphylococcus', antibiotic: 'CIP', method: 'DISK', potency: '5µg', s: 21, r: 15, level: 'GENUS_CODE', values: [['21', 'S'], ['16', 'I'], ['15', 'R']] },
  { guideline: 'CLSI', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'MEM', method: 'DISK', potency: '10µg', s: 23, r: 19, level: 'FAMILY_CODE', values: [['23', 'S'], ['20', 'I'], ['19', 'R']] },
  { guideline: 'CLSI', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'CTX', method: 'DISK', potency: '30µg', s: 26, r: 22, level: 'FAMILY_CODE', values: [['26', 'S'], ['24', 'I'], ['22', 'R']] },
  // ---- EUCAST, MIC -------------------------------------------------------------------
  { guideline: 'EUCAST', year: 2012, organism: 'Pseudomonas putida', group: 'Pseudomonas', antibiotic: 'MEM', method: 'MIC', s: 2, r: 16, level: 'GENUS_CODE', values: [['2', 'S'], ['4', 'I'], ['8', 'I'], ['16', 'R']] },
  { guideline: 'EUCAST', year: 2014, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'CIP', method: 'MIC', s: 0.5, r: 2, level: 'FAMILY_CODE', values: [['0.5', 'S'], ['1', 'I'], ['2', 'R']] },
  { guideline: 'EUCAST', year: 2016, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'CTX', method: 'MIC', s: 1, r: 4, level: 'FAMILY_CODE', values: [['1', 'S'], ['2', 'I'], ['4', 'R']] },
  { guideline: 'EUCAST', year: 2019, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'GEN', method: 'MIC', s: 2, r: 8, level: 'FAMILY_CODE', values: [['2', 'S'], ['4', 'I'], ['8', 'R']] },
  { guideline: 'EUCAST', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'AMP', method: 'MIC', s: 8, r: 16, level: 'FAMILY_CODE', values: [['8', 'S'], ['16', 'R'], ['12', 'R'], ['4', 'S']] },
  { guideline: 'EUCAST', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'MEM', method: 'MIC', s: 2, r: 16, level: 'FAMILY_CODE', values: [['2', 'S'], ['8', 'I'], ['16', 'R']] },
  { guideline: 'EUCAST', year: 2022, organism: 'Enterococcus faecium', group: 'Enterococcus', antibiotic: 'AMP', method: 'MIC', s: 4, r: 16, level: 'GENUS_CODE', values: [['4', 'S'], ['8', 'I'], ['16', 'R']] },
  // EUCAST 2022 gives P. aeruginosa ceftazidime only "I" for the wild type: S ≤ 0.001
  { guideline: 'EUCAST', year: 2022, organism: 'Pseudomonas putida', group: 'Pseudomonas', antibiotic: 'CAZ', method: 'MIC', s: 0.001, r: 16, level: 'GENUS_CODE', values: [['0.001', 'S'], ['8', 'I'], ['16', 'R']] },
  // ---- EUCAST, disk ------------------------------------------------------------------
  { guideline: 'EUCAST', year: 2012, organism: 'Acinetobacter baumannii', group: 'Acinetobacter', antibiotic: 'MEM', method: 'DISK', potency: '10µg', s: 21, r: 14, level: 'GENUS_CODE', values: [['21', 'S'], ['15', 'I'], ['14', 'R']] },
  { guideline: 'EUCAST', year: 2014, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'GEN', method: 'DISK', potency: '10µg', s: 17, r: 13, level: 'FAMILY_CODE', values: [['17', 'S'], ['14', 'I'], ['13', 'R']] },
  { guideline: 'EUCAST', year: 2016, organism: 'Pseudomonas putida', group: 'Pseudomonas', antibiotic: 'CAZ', method: 'DISK', potency: '10µg', s: 17, r: 16, level: 'GENUS_CODE', values: [['17', 'S'], ['16', 'R']] },
  { guideline: 'EUCAST', year: 2019, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'CIP', method: 'DISK', potency: '5µg', s: 25, r: 21, level: 'FAMILY_CODE', values: [['25', 'S'], ['22', 'I'], ['21', 'R']] },
  { guideline: 'EUCAST', year: 2022, organism: 'Escherichia coli', group: 'Enterobacterales', antibiotic: 'AMP', method: 'DISK', potency: '10µg', s: 14, r: 13, level: 'FAMILY_CODE', values: [['14', 'S'], ['13', 'R']] },
  { guideline: 'EUCAST', year: 2022, organism: 'Enterococcus faecalis', group: 'Enterococcus', antibiotic: 'AMP', method: 'DISK', potency: '2µg', s: 10, r: 7, level: 'GENUS_CODE', values: [['10', 'S'], ['8', 'I'], ['7', 'R']] },
];

const unit = (method: 'MIC' | 'DISK') => (method === 'MIC' ? 'mg/L' : 'mm');

describe.each(CASES)(
  '$guideline $year $group $antibiotic $method (S $s, R $r)',
  (c) => {
    it.each(c.values)(`${c.method} %s ${unit(c.method)} → %s`, (value, category) => {
      const result = kb.interpret({
        organism: c.organism,
        antibiotic: c.antibiotic,
        method: c.method,
        value,
        guideline: c.guideline,
        year: c.year,
        ...(c.potency ? { diskPotency: c.potency } : {}),
      });
      expect(result.outcome).toBe('interpreted');
      expect(result.category).toBe(category);
      expect(result.breakpoint).toMatchObject({ guideline: c.guideline, year: c.year, s: c.s, r: c.r });
      expect(result.matchedLevel).toBe(c.level);
      expect(result.explanation.en).toContain(`${c.guideline} ${c.year}`);
      expect(result.explanation.en.endsWith(`→ ${category}`)).toBe(true);
    });
  },
);

describe('explanations name the comparison in both languages', () => {
  it('EUCAST 2022 Enterobacterales ampicillin MIC 16 → R', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value: '16', guideline: 'EUCAST', year: 2022 });
    expect(result.explanation.en).toBe('MIC 16 mg/L > R breakpoint 8 (EUCAST 2022, Enterobacterales) → R');
    expect(result.explanation.zh).toBe('MIC 16 mg/L > 耐药折点 8（EUCAST 2022，肠杆菌目）→ 耐药(R)');
  });

  it('CLSI 2022 Enterobacterales meropenem disk 20 mm → I between the R and S zones', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'DISK', value: '20', guideline: 'CLSI', year: 2022 });
    expect(result.explanation.en).toBe('R breakpoint 19 < zone 20 mm < S breakpoint 23 (CLSI 2022, Enterobacterales) → I');
    expect(result.explanation.zh).toContain('中介(I)');
  });

  it('EUCAST (2019 and later) calls I "susceptible, increased exposure" in Chinese', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value: '8', guideline: 'EUCAST', year: 2022 });
    expect(result.category).toBe('I');
    expect(result.explanation.zh).toContain('敏感-增加暴露(I)');
  });
});

describe('values off the two-fold dilution series', () => {
  it('EUCAST 2022 Enterobacterales ampicillin (S ≤ 8, R > 8): gradient MIC 12 is read as 16 → R, with a note', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value: '12', guideline: 'EUCAST', year: 2022 });
    expect(result.category).toBe('R');
    expect(result.notes.map((n) => n.en).join()).toContain('read as the next dilution up, 16 mg/L');
  });

  it('CLSI 2022 Enterobacterales meropenem (S ≤ 1): 0.75 is read as 1 → S; 0.125 and 0.12 are the same dilution', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value, guideline: 'CLSI', year: 2022 }).category;
    expect(read('0.75')).toBe('S');
    expect(read('1.5')).toBe('I');
  });

  it('CLSI 2022 N. gonorrhoeae ciprofloxacin: S ≤ 0.064 accepts 0.06 and 0.0625 alike', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'Neisseria gonorrhoeae', antibiotic: 'CIP', method: 'MIC', value, guideline: 'CLSI', year: 2022 });
    const at = read('0.06');
    expect(at.breakpoint).toMatchObject({ s: 0.064, r: 1 });
    expect(at.category).toBe('S');
    expect(read('0.0625').category).toBe('S');
    expect(read('0.125').category).toBe('I');
  });

  it('EUCAST 2012 Enterococcus high-level gentamicin (S ≤ 128, R > 128 stored as 129): 128 → S, 256 → R', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'Enterococcus faecalis', antibiotic: 'GEN', method: 'MIC', value, guideline: 'EUCAST', year: 2012 });
    expect(read('128')).toMatchObject({ category: 'S', breakpoint: { s: 128, r: 129 } });
    expect(read('256').category).toBe('R');
  });
});

describe('qualified values', () => {
  const eucastAmp = (value: string) =>
    kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value, guideline: 'EUCAST', year: 2022 });

  it('EUCAST 2022 Enterobacterales ampicillin (S ≤ 8, R 16): ≤2 and <=8 → S; >32 and >=16 → R', () => {
    expect(eucastAmp('≤2').category).toBe('S');
    expect(eucastAmp('<=8').category).toBe('S');
    expect(eucastAmp('>32').category).toBe('R');
    expect(eucastAmp('>=16').category).toBe('R');
  });

  it('EUCAST 2022 Enterobacterales ampicillin: >8 means at least 16 → R; <16 means at most 8 → S', () => {
    expect(eucastAmp('>8').category).toBe('R');
    expect(eucastAmp('<16').category).toBe('S');
  });

  it('EUCAST 2022 Enterobacterales ampicillin: ≤16 spans S and R → NI with the reason', () => {
    const result = eucastAmp('<=16');
    expect(result).toMatchObject({ category: 'NI', reason: 'qualified-value-spans-categories' });
    expect(result.explanation.en).toContain('may be S or R');
  });

  it('CLSI 2022 Enterobacterales meropenem (S ≤ 1, R ≥ 4): ≤4 spans S to R → NI; ≥2 spans I and R → NI; >2 → R', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value, guideline: 'CLSI', year: 2022 });
    expect(read('<=4').category).toBe('NI');
    expect(read('>=2').category).toBe('NI');
    expect(read('>2').category).toBe('R');
    expect(read('<2').category).toBe('S');
  });

  it('CLSI 2022 Enterobacterales meropenem disk (S ≥ 23, R ≤ 19): ≥25 → S, ≤19 → R, ≥20 → NI', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'DISK', value, guideline: 'CLSI', year: 2022 });
    expect(read('>=25').category).toBe('S');
    expect(read('<=19').category).toBe('R');
    expect(read('<20').category).toBe('R');
    expect(read('>=20').category).toBe('NI');
  });
});

describe('S-only breakpoints', () => {
  it('CLSI 2022 H. influenzae cefepime (S ≤ 2 only): 2 → S, 4 → NS', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'Haemophilus influenzae', antibiotic: 'FEP', method: 'MIC', value, guideline: 'CLSI', year: 2022 });
    expect(read('2')).toMatchObject({ category: 'S', breakpoint: { s: 2, r: null } });
    const ns = read('4');
    expect(ns.category).toBe('NS');
    expect(ns.explanation.en).toContain('no R breakpoint');
  });

  it('CLSI 2022 H. influenzae cefepime disk (S ≥ 26 only): 26 → S, 25 → NS', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'Haemophilus influenzae', antibiotic: 'FEP', method: 'DISK', value, guideline: 'CLSI', year: 2022 });
    expect(read('26').category).toBe('S');
    expect(read('25').category).toBe('NS');
  });
});

describe('ECOFF on request', () => {
  it('EUCAST 2022 E. coli ampicillin ECOFF 8 mg/L: 8 → WT, 16 → NWT', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value, guideline: 'EUCAST', year: 2022, breakpointType: 'ECOFF' });
    expect(read('8')).toMatchObject({ category: 'WT', reason: 'ecoff', breakpoint: { ecoff: 8, type: 'ECOFF' } });
    expect(read('16').category).toBe('NWT');
  });

  it('CLSI 2022 E. coli cefepime disk ECOFF 28 mm: 28 → WT, 27 → NWT', () => {
    const read = (value: string) =>
      kb.interpret({ organism: 'eco', antibiotic: 'FEP', method: 'DISK', value, guideline: 'CLSI', year: 2022, breakpointType: 'ECOFF' });
    expect(read('28').category).toBe('WT');
    expect(read('27').category).toBe('NWT');
  });

  it('defaults the ECOFF year to the latest year that has ECOFFs', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value: '4', guideline: 'EUCAST', breakpointType: 'ecoff' });
    expect(result.year).toBe(2022);
    expect(result.category).toBe('WT');
  });
});
