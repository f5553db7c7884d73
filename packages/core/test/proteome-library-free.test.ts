import { describe, expect, it } from 'vitest';
import {
  buildProteinReference,
  identifyLibraryFree,
  libraryFreeScore,
  METHIONINE_RESIDUE_MASS,
  PROTON_MASS,
  type Peak,
  type ProteinMass,
} from '@mdc/core/identify/proteome';

const WEIGHTS = { rpmc: 1, rpmj: 0.93, rpmh: 0.65, rpme: 0.45, rpmg: 0.45, rplx: 0.41, rpmd: 0.34, rpsp: 0.33, hupa: 0.33, hupb: 0.33 };
const GENES = ['rpmc', 'rpmj', 'rpmh', 'rpme', 'rpmg', 'rplx', 'rpmd', 'rpsp', 'hupa', 'hupb', 'rpli', 'rpsu', 'rpst', 'rpso', 'rpss', 'hns', 'hfq', 'cspa'];

/** A deterministic stand-in for a proteome: masses spread over 4–12 kDa, shifted per genus and species. */
function proteome(genus: string, species: string, genusShift: number, speciesShift: number): ProteinMass[] {
  return GENES.map((gene, i) => ({ genus, species, gene, mw: 4000 + i * 437.3 + genusShift + (i % 3 === 0 ? speciesShift : 0) }));
}

const TABLE: ProteinMass[] = [
  ...proteome('escherichia', 'coli', 0, 0),
  ...proteome('escherichia', 'fergusonii', 0, 15),
  ...proteome('bacillus', 'subtilis', 61, 0),
  ...proteome('bacillus', 'anthracis', 61, 0),
  ...proteome('staphylococcus', 'aureus', 143, 0),
  // A gene the method does not weigh (a fragment of a large protein) is not evidence.
  { genus: 'staphylococcus', species: 'aureus', gene: 'icd', mw: 5000 },
];

const ion = (mw: number) => mw + PROTON_MASS;
/** A spectrum of one proteome: its ions plus unrelated peaks (noise, adducts) filling 2–20 kDa. */
function spectrumOf(rows: ProteinMass[], extra = 60): Peak[] {
  const peaks: Peak[] = rows.map((r) => ({ mz: ion(r.mw) * (1 + 150e-6), intensity: 1 }));
  for (let i = 0; i < extra; i++) peaks.push({ mz: 2000 + ((i * 7919) % 18000) + 0.37 * i, intensity: 0.2 });
  return peaks.sort((a, b) => a.mz - b.mz);
}

describe('library-free identification from theoretical protein masses', () => {
  const reference = buildProteinReference(TABLE, WEIGHTS);

  it('calls the genus whose proteins the peaks show, and lists the species its masses cannot separate', () => {
    const result = identifyLibraryFree(spectrumOf(TABLE.filter((r) => r.species === 'subtilis')), reference);
    expect(result.level).toBe('genus');
    expect(result.genus).toBe('Bacillus');
    // B. subtilis and B. anthracis have the same masses here: the answer names both, in the authors' form.
    expect(result.species.sort()).toEqual(['anthracis', 'subtilis']);
    expect(result.label).toMatch(/^Bacillus: (subtilis \/ anthracis|anthracis \/ subtilis)$/);
    expect(result.text.en).toContain('Library-free');
    expect(result.text.zh).toContain('无谱库');
  });

  it('separates species whose masses differ', () => {
    const result = identifyLibraryFree(spectrumOf(TABLE.filter((r) => r.species === 'coli')), reference);
    expect(result.genus).toBe('Escherichia');
    expect(result.species[0]).toBe('coli');
  });

  it('matches proteins that lost their initiator methionine', () => {
    const trimmed = TABLE.filter((r) => r.species === 'aureus' && r.gene !== 'icd').map((r) => ({ ...r, mw: r.mw - METHIONINE_RESIDUE_MASS }));
    const result = identifyLibraryFree(spectrumOf(trimmed), reference);
    expect(result.genus).toBe('Staphylococcus');
    expect(result.candidates[0]!.matches.length).toBeGreaterThanOrEqual(15);
  });

  it('calls no genus on peaks that are not any of its proteins, and says the reference has limits', () => {
    const result = identifyLibraryFree(spectrumOf([], 100), reference);
    expect(result.level).toBe('none');
    expect(result.genus).toBeNull();
    expect(result.score).toBeLessThan(1.7);
    expect(result.text.en).toMatch(/cover 3 genera only/);
  });

  it('leaves the genus open when two genera fit about equally well', () => {
    // Both proteomes in one spectrum (a mixed culture, or a genus between them).
    const result = identifyLibraryFree(spectrumOf(TABLE.filter((r) => r.species === 'coli' || (r.species === 'aureus' && r.gene !== 'icd'))), reference);
    expect(result.level).toBe('genus-group');
    expect(result.genera.sort()).toEqual(['Escherichia', 'Staphylococcus']);
    expect(result.species).toEqual([]);
  });

  it('maps the calibrated evidence to 1.70 and caps the score at 3', () => {
    expect(libraryFreeScore(6, { evidenceAtGenusBand: 6 })).toBeCloseTo(1.7);
    expect(libraryFreeScore(3, { evidenceAtGenusBand: 6 })).toBeCloseTo(0.85);
    expect(libraryFreeScore(100, { evidenceAtGenusBand: 6 })).toBe(3);
    expect(libraryFreeScore(-2, { evidenceAtGenusBand: 6 })).toBe(0);
  });
});
