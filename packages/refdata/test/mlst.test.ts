import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { MlstDataError, listMlstSchemes, mlstDir, parseAlleles, parseProfiles, readMlstScheme, readSchemeSpeciesMap } from '@mdc/refdata/mlst';

const dataDir = findRefdataDir();
const dir = dataDir ? mlstDir(dataDir) : undefined;

describe('PubMLST schemes', () => {
  it.runIf(dir)('lists the 167 bundled schemes', () => {
    const schemes = listMlstSchemes(dir!);
    expect(schemes).toHaveLength(167);
    expect(schemes).toContain('klebsiella');
    expect(schemes).toContain('ecoli_achtman_4');
  });

  it.runIf(dir)('reads the Klebsiella scheme: 7 loci, ST11 = 3-3-1-1-1-1-4', () => {
    const scheme = readMlstScheme(dir!, 'klebsiella');
    expect(scheme.loci).toEqual(['gapA', 'infB', 'mdh', 'pgi', 'phoE', 'rpoB', 'tonB']);
    expect(scheme.profiles.find((p) => p.st === '11')?.alleles).toEqual(['3', '3', '1', '1', '1', '1', '4']);
    const gapA = scheme.alleles[0]!;
    expect(gapA.find((a) => a.number === '1')?.sequence).toMatch(/^AACCTGAAGTGGGACGAAG[ACGT]+$/);
    expect(gapA.length).toBeGreaterThan(100);
    expect(scheme.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.runIf(dir)('keeps clonal complex and species columns apart from the loci (A. baumannii Pasteur)', () => {
    const scheme = readMlstScheme(dir!, 'abaumannii_2');
    expect(scheme.loci).toHaveLength(7);
    expect(scheme.loci.every((l) => l.startsWith('Pas_'))).toBe(true);
    expect(scheme.extraColumns).toEqual(['clonal_complex', 'species']);
    // Locus names hold underscores: the allele number is what follows the last one.
    expect(scheme.alleles[0]![0]!.number).toBe('1');
    expect(scheme.profiles.find((p) => p.st === '2')?.extra).toEqual({ species: 'Acinetobacter baumannii' });
  });

  it.runIf(dir)('reads every bundled scheme without error', () => {
    let alleles = 0;
    for (const name of listMlstSchemes(dir!)) {
      const scheme = readMlstScheme(dir!, name);
      // M. genitalium's table holds no ST yet (alleles only).
      if (name !== 'mgenitalium') expect(scheme.profiles.length, name).toBeGreaterThan(0);
      for (const p of scheme.profiles) expect(p.alleles.length).toBe(scheme.loci.length);
      alleles += scheme.alleles.reduce((n, a) => n + a.length, 0);
    }
    expect(alleles).toBe(241_996);
  });

  it.runIf(dir)('reads the scheme → species map with its stray spaces trimmed', () => {
    const rows = readSchemeSpeciesMap(dir!);
    expect(rows).toContainEqual({ scheme: 'efaecium', genus: 'Enterococcus', species: 'faecium' });
    expect(rows).toContainEqual({ scheme: 'vibrio', genus: 'Vibrio', species: '' });
  });

  it('refuses headers without a number, duplicate alleles and profiles with a missing allele, naming the line', () => {
    expect(() => parseAlleles('>adk\nACGT\n', 'adk', 'adk.tfa')).toThrow(/line 1/);
    expect(() => parseAlleles('>adk_1\nACGT\n>adk_1\nACGA\n', 'adk', 'adk.tfa')).toThrow(/allele 1 is listed twice/);
    expect(() => parseProfiles('ST\tadk\tfumC\n1\t2\n', () => true, 'x.txt')).toThrow(MlstDataError);
    expect(() => parseProfiles('ST\tadk\tfumC\n1\t2\n', () => true, 'x.txt')).toThrow(/line 2: ST 1 lacks/);
    expect(parseAlleles('>Oxf_gltA_12\nacgt\nAC\n', 'Oxf_gltA', 'f')).toEqual([{ number: '12', sequence: 'ACGTAC' }]);
  });
});
