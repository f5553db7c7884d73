import { describe, expect, it } from 'vitest';
import type { ReferenceInfo } from '@mdc/core/identify/rrna';
import { lazyReferences, referenceLines } from '../../src/blast/reference-lines';

/** Descriptions as deposited records carry them: brackets, quotes, commas and non-ASCII letters. */
const refs: ReferenceInfo[] = [
  { accession: 'UDB0001', species: 'Candida albicans', genus: 'Candida', family: 'Debaryomycetaceae', lineage: ['Fungi', 'Ascomycota', 'Candida'], description: 'strain "SC5314" {type}', length: 180 },
  { accession: 'KX0002', species: 'Fusarium oxysporum', genus: 'Fusarium', family: 'Nectriaceae', lineage: ['Fungi', 'Ascomycota', 'Fusarium'], description: 'isolate },{ [a] \\ back', length: 160 },
  { accession: 'MH0003', species: 'Aspergillus niger', genus: 'Aspergillus', family: 'Aspergillaceae', lineage: ['Fungi'], description: 'collected in Córdoba — 中国', length: 170, depositedSpecies: 'Aspergillus awamori' },
];

describe('reference descriptions as JSON lines', () => {
  it('reads back each reference as it was, when asked for, from shared or plain memory', () => {
    for (const shared of [true, false]) {
      const lines = referenceLines(refs, shared);
      expect(lines.text.buffer instanceof SharedArrayBuffer).toBe(shared);
      const lazy = lazyReferences(lines);
      expect(lazy.length).toBe(3);
      expect(lazy[2]).toEqual(refs[2]);
      expect(lazy[1]).toEqual(refs[1]);
      expect([...lazy]).toEqual(refs);
      expect(lazy[3]).toBeUndefined();
    }
  });

  it('holds an empty set', () => {
    const lazy = lazyReferences(referenceLines([], false));
    expect(lazy.length).toBe(0);
    expect([...lazy]).toEqual([]);
  });
});
