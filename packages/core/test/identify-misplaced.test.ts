import { describe, expect, it } from 'vitest';
import { findMisplacedReferences, type ReferenceSequence } from '@mdc/core/identify/rrna';
import { randomSequence, rng, substitute } from './identify/helpers';

const lineage = (genus: string) => ['Bacteria', 'P', 'C', 'O', 'F', genus];
const ref = (accession: string, species: string, sequence: string): ReferenceSequence => ({ accession, species, lineage: lineage(species.split(' ')[0]!), sequence });

describe('references inside another genus', () => {
  const random = rng(21);
  const alpha = randomSequence(1400, random);
  // Genus Beta 10 % away from Alpha: far beyond the genus threshold.
  const beta = substitute(alpha, 140, random);
  const set = [
    ref('A1', 'Alpha prima', alpha),
    ref('A2', 'Alpha secunda', substitute(alpha, 4, random)),
    ref('A3', 'Alpha tertia', substitute(alpha, 6, random)),
    ref('B1', 'Beta prima', beta),
    ref('B2', 'Beta secunda', substitute(beta, 20, random)),
  ];

  it('flags a record labelled Beta whose gene sits among the Alphas, with the evidence', () => {
    const found = findMisplacedReferences([...set, ref('X1', 'Beta tertia', substitute(alpha, 3, random))]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ accession: 'X1', genus: 'Beta', insideGenus: 'Alpha', ownGenusReferences: 2 });
    expect(found[0]!.closest.similarity).toBeGreaterThan(99);
    expect(found[0]!.clusterReferences).toBeGreaterThanOrEqual(2);
    expect(found[0]!.ownGenusSimilarity === null || found[0]!.ownGenusSimilarity < 94.5).toBe(true);
  });

  it('leaves sound sets alone, and cannot judge a genus with no other reference', () => {
    expect(findMisplacedReferences(set)).toEqual([]);
    expect(findMisplacedReferences([...set, ref('Z1', 'Gamma sola', substitute(alpha, 3, random))])).toEqual([]);
  });

  it('needs a cluster: one close reference of the other genus is not enough', () => {
    const lone = [ref('A1', 'Alpha prima', alpha), ref('A9', 'Alpha nona', substitute(alpha, 200, random)), ...set.slice(3)];
    expect(findMisplacedReferences([...lone, ref('X1', 'Beta tertia', substitute(alpha, 3, random))])).toEqual([]);
  });
});
