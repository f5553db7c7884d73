import { describe, expect, it } from 'vitest';
import { breakpointLimit, breakpointNotation } from '@mdc/contracts';

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
