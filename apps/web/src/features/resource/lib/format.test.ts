import { describe, expect, it } from 'vitest';
import { breakpointCell, drugName, formatValue, rangeCell } from './format';

describe('breakpoint cells', () => {
  it('writes the direction of S and R by method', () => {
    expect(breakpointCell('CLSI', 'MIC', 's', 0.5)).toBe('≤0.5');
    expect(breakpointCell('CLSI', 'MIC', 'r', 1)).toBe('≥1');
    expect(breakpointCell('CLSI', 'DISK', 's', 24)).toBe('≥24');
    expect(breakpointCell('CLSI', 'DISK', 'r', 23)).toBe('≤23');
    expect(breakpointCell('CLSI', 'MIC', 's', null)).toBe('');
    // EUCAST prints its resistant limit as "R > 8" (stored as 16) and "R < 16" (stored as 15).
    expect(breakpointCell('EUCAST', 'MIC', 'r', 16)).toBe('>8');
    expect(breakpointCell('EUCAST', 'DISK', 'r', 15)).toBe('<16');
  });

  it('writes numbers plainly', () => {
    expect(formatValue(0.125)).toBe('0.125');
    expect(formatValue(0.001)).toBe('0.001');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(16)).toBe('16');
  });

  it('keeps ranges as published and hides the no-category dash', () => {
    expect(rangeCell('1-2')).toBe('1–2');
    expect(rangeCell('-')).toBe('');
    expect(rangeCell('')).toBe('');
    expect(rangeCell('15-17')).toBe('15–17');
  });
});

describe('drug names', () => {
  it('falls back to the English name, then the code', () => {
    expect(drugName({ code: 'AMC', name: 'Amoxicillin/Clavulanic acid', nameZh: '阿莫西林/克拉维酸' }, 'zh')).toBe('阿莫西林/克拉维酸');
    expect(drugName({ code: 'MNC', name: 'Meropenem/Nacubactam', nameZh: null }, 'zh')).toBe('Meropenem/Nacubactam');
    expect(drugName({ code: 'XYZ', name: null, nameZh: null }, 'en')).toBe('XYZ');
  });
});
