import { describe, expect, it } from 'vitest';
import { resourceTextsEn } from '../texts';
import { fmt } from './texts';

describe('texts with counts', () => {
  it('says "1 row", not "1 rows", and keeps the plural for other counts', () => {
    expect(fmt(resourceTextsEn.atbDetail.summary, { guideline: 'DIN', count: 1, years: '2011' })).toBe('DIN: 1 row, 2011');
    expect(fmt(resourceTextsEn.atbDetail.summary, { guideline: 'CLSI', count: 12, years: '2011–2022' })).toBe('CLSI: 12 rows, 2011–2022');
    expect(fmt(resourceTextsEn.state.total, { n: '1' })).toBe('1 row');
    expect(fmt(resourceTextsEn.state.total, { n: '1,234' })).toBe('1,234 rows');
    expect(fmt(resourceTextsEn.atbDetail.qc, { n: 1 })).toBe('1 QC range');
  });

  it('fills plain slots and leaves unknown ones', () => {
    expect(fmt('共 {n} 条', { n: 3 })).toBe('共 3 条');
    expect(fmt('{a} {b|x|y}', {})).toBe('{a} {b|x|y}');
  });
});

describe('the prevalence flag (issue 16)', () => {
  it('says it rates the genus, not that the species is common in the clinic', () => {
    expect(resourceTextsEn.prevalence.common).not.toMatch(/^common$/i);
    expect(resourceTextsEn.prevalence.common).toMatch(/genus/);
    expect(resourceTextsEn.prevalence.hint).toMatch(/genus/);
  });
});
