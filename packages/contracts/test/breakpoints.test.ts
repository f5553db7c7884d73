import { describe, expect, it } from 'vitest';
import { breakpointLimit, breakpointNotation, breakpointSummary } from '@mdc/contracts';

describe('breakpoints in each guideline’s own notation', () => {
  it('prints CLSI as stored: MIC S ≤ x, R ≥ y; disk S ≥ x, R ≤ y', () => {
    expect(breakpointLimit('CLSI', 'MIC', 's', 1).text).toBe('≤1');
    expect(breakpointLimit('CLSI', 'MIC', 'r', 4).text).toBe('≥4');
    expect(breakpointLimit('CLSI', 'DISK', 's', 23).text).toBe('≥23');
    expect(breakpointLimit('CLSI', 'DISK', 'r', 19).text).toBe('≤19');
  });

  it('prints EUCAST’s resistant limit as EUCAST does: R > the dilution below, R < the zone above', () => {
    // EUCAST 2022 Enterobacterales: meropenem S ≤ 2, R > 8 (stored 16); ampicillin S ≤ 8, R > 8.
    expect(breakpointLimit('EUCAST', 'MIC', 'r', 16)).toEqual({ operator: '>', value: 8, text: '>8' });
    expect(breakpointLimit('EUCAST', 'MIC', 's', 8).text).toBe('≤8');
    // Ciprofloxacin R > 0.5 (stored 1); S. pneumoniae benzylpenicillin R > 0.06 (stored 0.12).
    expect(breakpointLimit('EUCAST', 'MIC', 'r', 1).text).toBe('>0.5');
    expect(breakpointLimit('EUCAST', 'MIC', 'r', 0.12).text).toBe('>0.06');
    expect(breakpointLimit('EUCAST', 'MIC', 'r', 0.25).text).toBe('>0.125');
    // WHONET's 129 and 513 stand for "above 128", "above 512".
    expect(breakpointLimit('EUCAST', 'MIC', 'r', 129).text).toBe('>128');
    // Disk: meropenem S ≥ 22, R < 16 (stored 15).
    expect(breakpointLimit('EUCAST', 'DISK', 'r', 15).text).toBe('<16');
    expect(breakpointLimit('EUCAST', 'disk', 's', 22).text).toBe('≥22');
  });

  it('knows which guidelines write EUCAST’s way', () => {
    expect(breakpointNotation('EUCAST')).toBe('eucast');
    expect(breakpointNotation('SFM')).toBe('eucast');
    expect(breakpointNotation('CLSI')).toBe('clsi');
    expect(breakpointNotation('DIN')).toBe('clsi');
  });
});

describe('a breakpoint row written out, consistent with itself (issue 24)', () => {
  it('shows EUCAST’s off-scale S as EUCAST prints it, and I as the interval between S and R', () => {
    // EUCAST 2025 Enterobacterales cefazolin (uUTI): S ≤ (0.001), R > 4; AMR stores S 0.0001, R as 8, I "0.001-4".
    expect(breakpointSummary({ guideline: 'EUCAST', method: 'MIC', s: 0.0001, r: 8, i: '0.001-4' })).toBe('S ≤ (0.001) · I 0.002–4 · R > 4 mg/L');
    // WHONET stores the same S as 0.001 (EUCAST 2022 cefuroxime iv: S ≤ (0.001), R > 8).
    expect(breakpointSummary({ guideline: 'EUCAST', method: 'MIC', s: 0.001, r: 16, i: '' })).toBe('S ≤ (0.001) · I 0.002–8 · R > 8 mg/L');
    expect(breakpointLimit('EUCAST', 'MIC', 's', 0.0001)).toMatchObject({ text: '≤(0.001)', offScale: true });
    // Disk: S ≥ (50), R < 20 (stored 19).
    expect(breakpointSummary({ guideline: 'EUCAST', method: 'DISK', s: 50, r: 19, i: '20-49', potency: '30 µg' })).toBe('S ≥ (50) · I 20–49 · R < 20 mm (30 µg)');
  });

  it('writes CLSI’s drugs without an S category as CLSI does (colistin: I ≤ 2, R ≥ 4)', () => {
    expect(breakpointSummary({ guideline: 'CLSI', method: 'MIC', s: 0.001, r: 4, i: '' })).toBe('I ≤ 2 · R ≥ 4 mg/L');
    expect(breakpointLimit('CLSI', 'MIC', 's', 0.0001).text).toBe('—');
  });

  it('leaves ordinary rows as they were', () => {
    expect(breakpointSummary({ guideline: 'EUCAST', method: 'MIC', s: 8, r: 16, i: '-' })).toBe('S ≤ 8 · R > 8 mg/L');
    expect(breakpointSummary({ guideline: 'CLSI', method: 'MIC', s: 8, r: 32, i: '16' })).toBe('S ≤ 8 · I 16 · R ≥ 32 mg/L');
    expect(breakpointSummary({ guideline: 'CLSI', method: 'DISK', s: 17, r: 13, i: '14-16' })).toBe('S ≥ 17 · I 14–16 · R ≤ 13 mm');
  });
});
