import { describe, expect, it } from 'vitest';
import { TAXON_COMPLEXES, complexCall, complexesOf } from '@mdc/core/identify/complexes';

describe('species complexes as the call', () => {
  it('every row names its source, the test that settles it in both languages, and starts with the species it is named after', () => {
    for (const complex of TAXON_COMPLEXES) {
      expect(complex.source.length, complex.id).toBeGreaterThan(20);
      expect(complex.settles.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(complex.settles.en).not.toMatch(/[\u4e00-\u9fff]/);
      expect(complex.name.startsWith(complex.namedAfter), complex.id).toBe(true);
      expect(complex.species).toContain(complex.namedAfter);
      expect(complex.unsplitBy.length).toBeGreaterThan(0);
    }
  });

  it('a Shigella genome is called E. coli / Shigella, as is an E. coli one', () => {
    expect(complexCall('genome', ['Shigella boydii'])?.name).toBe('Escherichia coli / Shigella');
    expect(complexCall('genome', ['Escherichia coli'])?.name).toBe('Escherichia coli / Shigella');
    expect(complexCall('genome', ['Shigella novelspecies'])?.id).toBe('escherichia-coli-shigella');
  });

  it('a 16S group of M. tuberculosis and M. microti is the M. tuberculosis complex', () => {
    expect(complexCall('16S', ['Mycobacterium tuberculosis', 'Mycobacterium microti'])?.name).toBe('Mycobacterium tuberculosis complex');
  });

  it('a group reaching outside the complex stays a group', () => {
    expect(complexCall('16S', ['Mycobacterium tuberculosis', 'Mycobacterium marinum'])).toBeUndefined();
    expect(complexCall('16S', ['Escherichia fergusonii', 'Escherichia coli'])).toBeUndefined();
  });

  it('a method that splits the complex keeps the species, unless its call was ambiguous between members', () => {
    expect(complexCall('genome', ['Acinetobacter baumannii'])).toBeUndefined();
    expect(complexCall('biochem', ['Acinetobacter baumannii'])?.name).toBe('Acinetobacter baumannii–calcoaceticus complex');
    expect(complexCall('genome', ['Klebsiella pneumoniae'])).toBeUndefined();
    expect(complexCall('genome', ['Klebsiella pneumoniae'], { ambiguousWith: ['Klebsiella variicola'] })?.name).toBe('Klebsiella pneumoniae complex');
    expect(complexCall('genome', ['Klebsiella pneumoniae'], { ambiguousWith: ['Serratia marcescens'] })).toBeUndefined();
  });

  it('subspecies and former names find their complex', () => {
    expect(complexesOf('Mycobacterium bovis BCG').map((c) => c.id)).toEqual(['mycobacterium-tuberculosis-complex']);
    expect(complexesOf('Klebsiella variicola variicola').map((c) => c.id)).toEqual(['klebsiella-pneumoniae-complex']);
    expect(complexesOf('Pseudomonas aeruginosa')).toEqual([]);
  });
});
