import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFastaFile, type FastaRecord } from '@mdc/refdata/fasta';
import { buildReferenceIndex, identifySequence, type ReferenceIndex } from '@mdc/core/identify/rrna';
import { reverseComplementText, rng, substitute } from './identify/helpers';

const dataDir = findRefdataDir();
const rrna = dataDir ? path.join(dataDir, 'rrna') : undefined;

describe.skipIf(!rrna)('identification on a sample of the real 16S reference set', () => {
  let sample: FastaRecord[];
  let index: ReferenceIndex;

  beforeAll(async () => {
    const all = await readFastaFile(path.join(rrna!, '16S_reference.fasta.gz'));
    // 200 references spread over the whole (alphabetical) set, so many genera are represented.
    const step = Math.floor(all.length / 200);
    sample = Array.from({ length: 200 }, (_, i) => all[i * step]!);
    index = buildReferenceIndex(sample);
  });

  it('indexes every sampled reference with its taxonomy', () => {
    expect(index.refs).toHaveLength(200);
    expect(index.skipped).toEqual([]);
    expect(index.refs.every((r) => r.species.includes(' ') && r.genus.length > 0 && r.family.length > 0)).toBe(true);
  });

  it('finds the species of queries derived from the references (partial, mutated, some reverse-complemented)', () => {
    const random = rng(16);
    const sources = Array.from({ length: 30 }, (_, i) => sample[i * 6 + 3]!);
    let topSpecies = 0;
    for (const [i, source] of sources.entries()) {
      const from = 20 + Math.floor(random() * 60);
      const to = source.sequence.length - 20 - Math.floor(random() * 60);
      let query = substitute(source.sequence.slice(from, to).toUpperCase(), 4, random, 30);
      if (i % 5 === 0) query = reverseComplementText(query);
      const result = identifySequence(index, { id: source.accession, sequence: query });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.strand).toBe(i % 5 === 0 ? '-' : '+');
      expect(result.tiedSpecies).toContain(source.species);
      expect(result.topHit.similarity).toBeGreaterThan(99.5);
      expect(result.topHit.mismatches).toBeLessThanOrEqual(4);
      if (result.topHit.species === source.species) topSpecies++;
    }
    expect(topSpecies).toBeGreaterThanOrEqual(28);
  });

  it('places held-out 16S queries of sampled genera in the right genus', async () => {
    const queries = await readFastaFile(path.join(rrna!, '16S_queries_dev.fasta.gz'));
    const sampledSpecies = new Set(sample.map((r) => r.species));
    const relevant = queries.filter((q) => sampledSpecies.has(q.expected!));
    expect(relevant.length).toBeGreaterThan(3);
    let genus = 0;
    for (const q of relevant) {
      const result = identifySequence(index, { id: q.accession, sequence: q.sequence }, { alignments: false });
      if (result.ok && result.topHit.genus === q.expected!.split(' ')[0]) genus++;
    }
    expect(genus / relevant.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe.skipIf(!rrna)('an untrimmed Sanger read of a real 16S gene', () => {
  it('stays Streptococcus suis at species level with 50 and with 150 random bases on each end', async () => {
    const all = await readFastaFile(path.join(rrna!, '16S_reference.fasta.gz'));
    // The genus and its family: every reference that could compete with S. suis.
    const index = buildReferenceIndex(all.filter((r) => r.lineage?.includes('Streptococcaceae')));
    const suis = (await readFastaFile(path.join(rrna!, '16S_queries_dev.fasta.gz'))).find((q) => q.expected === 'Streptococcus suis')!;
    const random = rng(2024);
    const junk = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
    const clean = identifySequence(index, { id: 'suis', sequence: suis.sequence }, { alignments: false });
    if (!clean.ok) throw new Error('refused');
    expect(clean.topHit.species).toBe('Streptococcus suis');
    expect(clean.topHit.similarity).toBeGreaterThan(99.7);
    expect(clean.confidence.level).toBe('species');
    for (const n of [50, 150]) {
      const result = identifySequence(index, { id: 'suis', sequence: junk(n) + suis.sequence + junk(n) }, { alignments: false });
      if (!result.ok) throw new Error('refused');
      expect(result.topHit.species).toBe('Streptococcus suis');
      expect(result.topHit.similarity.toFixed(2)).toBe(clean.topHit.similarity.toFixed(2));
      expect(result.confidence.level).toBe('species');
      expect(result.region.trimmedStart).toBeGreaterThanOrEqual(n - 3);
      expect(result.region.trimmedEnd).toBeGreaterThanOrEqual(n - 3);
      expect(result.topHit.queryCoverage).toBeCloseTo((100 * suis.sequence.length) / (suis.sequence.length + 2 * n), 0);
    }
  });
});

describe.skipIf(!rrna)('identification of the held-out 18S queries against the full 18S set', () => {
  it('puts the expected species among the top hits of nearly every query', async () => {
    const refs = await readFastaFile(path.join(rrna!, '18S_reference.fasta.gz'));
    const queries = await readFastaFile(path.join(rrna!, '18S_queries_dev.fasta.gz'));
    const index = buildReferenceIndex(refs);
    let inTop5 = 0;
    let genus = 0;
    for (const q of queries) {
      const result = identifySequence(index, { id: q.accession, sequence: q.sequence }, { marker: '18S', alignments: false });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      if (result.hits.slice(0, 5).some((h) => h.species === q.expected)) inTop5++;
      if (result.topHit.genus === q.expected!.split(' ')[0]) genus++;
    }
    expect(queries).toHaveLength(13);
    expect(inTop5).toBeGreaterThanOrEqual(11);
    expect(genus).toBeGreaterThanOrEqual(11);
  });
});
