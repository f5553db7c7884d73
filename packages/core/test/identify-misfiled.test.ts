import { describe, expect, it } from 'vitest';
import { findMisfiledReferences, type ReferenceSequence } from '@mdc/core/identify/rrna';
import { randomSequence, rng, substitute } from './identify/helpers';

const random = rng(2024);
/** A family of related genes: one ancestor, each member a few percent off it. */
function family(prefix: string, species: string, members: number, length: number, divergence: number): ReferenceSequence[] {
  const ancestor = randomSequence(length, random);
  return Array.from({ length: members }, (_, i) => ({
    accession: `${prefix}${i}`,
    species: `${species} ${String.fromCharCode(97 + i)}`,
    sequence: substitute(ancestor, Math.round(length * divergence), random, 3),
  }));
}

describe('references filed under the wrong marker', () => {
  const bacteria = [...family('B', 'Bacillus', 6, 1500, 0.03), ...family('E', 'Escherichia', 6, 1500, 0.03)];
  const fungi = [...family('F', 'Saccharomyces', 8, 1800, 0.02), ...family('C', 'Candida', 5, 1800, 0.03)];
  // Two genome contigs of a bacterium carrying the same yeast gene (a contaminated culture), and a
  // genuine 16S gene far from every other one (a deep lineage): only the first two are misfiled.
  const contaminant = { accession: 'WGS1', species: 'Streptococcus pneumoniae', sequence: substitute(fungi[0]!.sequence, 4, random, 3) };
  const twin = { accession: 'WGS2', species: 'Streptococcus pneumoniae', sequence: substitute(contaminant.sequence, 2, random, 3) };
  const loner = { accession: 'DEEP', species: 'Bdellovibrio bacteriovorus', sequence: randomSequence(1450, random) };

  it('finds genes of the other marker, even in pairs, and nothing else', () => {
    const found = findMisfiledReferences({ '16S': [...bacteria, contaminant, twin, loner], '18S': fungi });
    expect(found.map((f) => [f.marker, f.accession, f.resembles]).sort()).toEqual([
      ['16S', 'WGS1', '18S'],
      ['16S', 'WGS2', '18S'],
    ]);
    const first = found.find((f) => f.accession === 'WGS1')!;
    expect(first.match.accession).toBe(fungi[0]!.accession);
    expect(first.match.similarity).toBeGreaterThan(99);
    // Its own set has nothing above the search floor once the twin cannot vouch for it.
    expect(first.ownSimilarity).toBeNull();
  });

  it('leaves the 18S set alone when its look-alikes in the 16S set were the misfiled ones', () => {
    const found = findMisfiledReferences({ '16S': [...bacteria, contaminant, twin], '18S': fungi });
    expect(found.filter((f) => f.marker === '18S')).toEqual([]);
  });

  it('checks the 18S set the same way', () => {
    const bacterialGene = { accession: 'X18', species: 'Candida albicans', sequence: substitute(bacteria[7]!.sequence, 6, random, 3) };
    const found = findMisfiledReferences({ '16S': bacteria, '18S': [...fungi, bacterialGene] });
    expect(found).toEqual([
      {
        accession: 'X18',
        marker: '18S',
        resembles: '16S',
        match: { accession: bacteria[7]!.accession, species: bacteria[7]!.species, similarity: expect.any(Number) },
        ownSimilarity: null,
      },
    ]);
  });

  it('finds nothing in clean sets or when a set is empty', () => {
    expect(findMisfiledReferences({ '16S': bacteria, '18S': fungi })).toEqual([]);
    expect(findMisfiledReferences({ '16S': [contaminant], '18S': [] })).toEqual([]);
  });
});
