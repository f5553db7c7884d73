import { describe, expect, it } from 'vitest';
import { PHENOTYPES } from '../src/antibiogram/phenotypes';

// Issue 24: the Chinese rate view printed the phenotype keys "ESBL screen" and "Colistin R".
describe('phenotype labels of the rate view', () => {
  it('says each phenotype in Chinese on the Chinese page: abbreviations as they are, words translated', () => {
    const zh = Object.fromEntries(PHENOTYPES.map((p) => [p.code, p.label.zh]));
    expect(zh['ESBL screen']).toBe('ESBL 筛查');
    expect(zh['Colistin R']).toBe('黏菌素耐药');
    for (const p of PHENOTYPES) {
      // Only upper-case abbreviations (ESBL, CRE, MRSA) may stay Latin in the Chinese label.
      expect(p.label.zh.replace(/\b[A-Z]{2,}\b/g, ''), p.code).not.toMatch(/[A-Za-z]/);
      expect(p.label.en, p.code).toBe(p.code);
    }
  });
});
