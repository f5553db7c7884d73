import { describe, expect, it } from 'vitest';
import { IDENTIFICATION_METHODS, callHeadline, callHeadlineParts, callLine, claimedCall, claimedRank, nextStep } from '@mdc/core/identify';

describe('the call a genus-level identification makes', () => {
  it('is headlined as the genus, not as its closest species', () => {
    const call = { name: 'Weissella', level: 'genus', closest: 'Weissella cibaria', value: 97.1, measure: 'similarity' as const };
    expect(callHeadline(call, 'en')).toBe('Weissella sp.');
    expect(callHeadline(call, 'zh')).toBe('Weissella 属未定种');
    expect(callHeadlineParts(call, 'en')).toEqual([
      { text: 'Weissella', italic: true },
      { text: ' sp.', italic: false },
    ]);
    expect(callLine(call, 'en')).toBe('Weissella sp. (closest: Weissella cibaria)');
    expect(callLine(call, 'zh')).toBe('Weissella 属未定种（最接近：Weissella cibaria）');
  });

  it('reads a call stored with its closest species as the name as the genus with that species closest', () => {
    const stored = { name: 'Weissella cibaria', level: 'genus', value: 97.1, measure: 'similarity' as const };
    expect(claimedCall(stored)).toMatchObject({ name: 'Weissella', closest: 'Weissella cibaria' });
    expect(callHeadline(stored, 'en')).toBe('Weissella sp.');
  });

  it('names each genus when the species within the margin span genera', () => {
    expect(callHeadline({ name: 'Escherichia / Shigella', level: 'genus' }, 'en')).toBe('Escherichia sp. / Shigella sp.');
    expect(callHeadline({ name: 'Escherichia / Shigella', level: 'genus' }, 'zh')).toBe('Escherichia / Shigella 属未定种');
  });

  it('says a family call names no genus', () => {
    expect(callHeadline({ name: 'Enterobacteriaceae', level: 'family' }, 'en')).toBe('Enterobacteriaceae, genus not determined');
  });

  it('keeps species, complexes and groups as named, with no closest line', () => {
    const species = { name: 'Escherichia coli', level: 'species', closest: 'Escherichia coli', value: 99.9, measure: 'similarity' as const };
    expect(callLine(species, 'en')).toBe('Escherichia coli');
    expect(callHeadline({ name: 'Streptococcus mitis / Streptococcus oralis', level: 'species-group' }, 'en')).toBe('Streptococcus mitis / Streptococcus oralis');
    expect(callHeadline({ name: '', level: 'none' }, 'en')).toBe('');
    expect(callLine({ name: '', level: 'none', closest: 'Weissella cibaria' }, 'en')).toBe('closest: Weissella cibaria');
  });

  it('knows a genus by its name where the level is a quality (biochemical profiles) or a MALDI genus group', () => {
    expect(claimedRank({ name: 'Candida', level: 'good' })).toBe('genus');
    expect(claimedRank({ name: 'Candida albicans', level: 'good' })).toBe('species');
    expect(claimedRank({ name: 'Bacillus / Paenibacillus', level: 'genus-group' })).toBe('genus');
  });

  it('gives every method a next step above the species, and none at the species', () => {
    for (const method of IDENTIFICATION_METHODS) {
      const step = nextStep(method, { name: 'Weissella', level: 'genus' });
      expect(step?.en).toMatch(/^Next step/);
      expect(step?.zh).toMatch(/^下一步/);
      expect(nextStep(method, { name: 'Weissella cibaria', level: 'species' })).toBeNull();
    }
    expect(nextStep('16S', { name: 'Weissella', level: 'genus' })!.en).toMatch(/MALDI-TOF/);
    expect(nextStep('proteome', { name: 'Weissella', level: 'genus' })!.en).toMatch(/16S/);
  });
});
