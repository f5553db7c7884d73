import { describe, expect, it } from 'vitest';
import {
  buildReferenceIndex,
  CandidateRecorder,
  identifySequence,
  identifySequences,
  ReferenceIndexBuilder,
  scanCandidates,
  setScanKernels,
  withScannedCandidates,
  withWordIndex,
  type IdentifyQuery,
  type ReferenceSequence,
} from '@mdc/core/identify/rrna';
import { randomSequence, reverseComplementText, rng, substitute } from './identify/helpers';

/**
 * References searched by one scan for a whole batch (reference-scan.ts) give what the word index
 * gives, read for read: the same strands, the same candidates, the same hits.
 */
const random = rng(7);
// Every reference shares a conserved block (its words are in more than the cap of 64 references,
// so they are not counted) and has variable stretches of its genus and its species.
const conserved = randomSequence(240, random);
const genera = Array.from({ length: 12 }, () => randomSequence(200, random));
const references: ReferenceSequence[] = [];
for (let g = 0; g < genera.length; g++) {
  for (let s = 0; s < 12; s++) {
    const species = `Genus${g} species${s}`;
    const own = randomSequence(160, random);
    for (let strain = 0; strain < (s % 3) + 1; strain++) {
      references.push({ accession: `G${g}S${s}R${strain}`, species, lineage: ['Fungi', 'p', 'c', 'o', 'f', `Genus${g}`], sequence: substitute(conserved + genera[g]! + own, strain * 2, random) });
    }
  }
}
const k = 9;

function queriesOf(): IdentifyQuery[] {
  const pick = (i: number) => references[(i * 37) % references.length]!.sequence;
  return [
    ...Array.from({ length: 30 }, (_, i) => ({ id: `near${i}`, sequence: substitute(pick(i), 1 + (i % 6), random) })),
    // Reverse-complemented reads, a read twice, and one with an ambiguity code.
    ...Array.from({ length: 6 }, (_, i) => ({ id: `minus${i}`, sequence: reverseComplementText(substitute(pick(100 + i), 3, random)) })),
    { id: 'twice-a', sequence: pick(5) },
    { id: 'twice-b', sequence: pick(5) },
    { id: 'ambiguous', sequence: pick(9).slice(0, 300) + 'N' + pick(9).slice(301) },
    // Related to every reference by the conserved block alone: ranked again on all its words.
    { id: 'distant', sequence: substitute(conserved, 8, random) + randomSequence(360, random) },
    // Related to nothing.
    { id: 'stranger', sequence: randomSequence(600, random) },
  ];
}

function unindexed(): ReturnType<ReferenceIndexBuilder['finishWithoutWords']> {
  const builder = new ReferenceIndexBuilder({ wordLength: k });
  for (const r of references) builder.add(r);
  return builder.finishWithoutWords();
}

describe('candidates by one scan of the references', () => {
  // Few candidates, so that the last places go to references tied on shared words (the earlier one wins).
  const options = { alignments: true, minLength: 200, candidates: 1 };

  it('answers a batch as the word index does, strands, ties and distant reads included', () => {
    const queries = queriesOf();
    const index = buildReferenceIndex(references, { wordLength: k });
    const bare = unindexed();
    expect(bare.wordStarts.length).toBe(0);
    expect(bare.codes).toEqual(index.codes);

    const recorder = new CandidateRecorder();
    identifySequences({ ...bare, ranking: recorder }, queries, options);
    // The batch asked about each read once per search, both strands, and one read on all its words.
    expect(recorder.requests.length).toBe(queries.length);
    expect(recorder.allWords).toBe(true);
    expect(recorder.cap).toBe(64);

    const expected = identifySequences(index, queries, options);
    const scanned = identifySequences(scanCandidates(bare, recorder), queries, options);
    expect(scanned).toEqual(expected);
    // The JavaScript passes (the kernels' reference and fallback) give the same.
    setScanKernels(false);
    try {
      expect(identifySequences(scanCandidates(bare, recorder), queries, options)).toEqual(expected);
    } finally {
      setScanKernels(true);
    }
    // What the batch covers: reads on both strands, refused and answered ones.
    const strands = new Set(expected.flatMap((r) => (r.ok ? [r.strand] : [])));
    expect(strands).toEqual(new Set(['+', '-']));
    expect(expected.find((r) => r.queryId === 'stranger')?.ok).toBe(false);
    expect(expected.find((r) => r.queryId === 'near0')?.ok).toBe(true);
    // The same through the batch runner, which records and scans itself.
    expect(withScannedCandidates([bare], (use) => identifySequences(use(bare), queries, options))).toEqual(expected);
  });

  it('runs a batch over indexed references once, and refuses to search references without an index or a batch ranking', () => {
    const index = buildReferenceIndex(references, { wordLength: k });
    let runs = 0;
    withScannedCandidates([index], (use) => {
      runs++;
      return identifySequences(use(index), queriesOf().slice(0, 2), options);
    });
    expect(runs).toBe(1);
    expect(() => identifySequence(unindexed(), queriesOf()[0]!, options)).toThrow(/without a word index/);
  });

  it('answers only what the recorded run asked, with its setting', () => {
    const bare = unindexed();
    const queries = queriesOf().slice(0, 3);
    const recorder = new CandidateRecorder();
    identifySequences({ ...bare, ranking: recorder }, queries, options);
    const scanned = scanCandidates(bare, recorder);
    expect(() => identifySequence(scanned, queriesOf()[5]!, options)).toThrow(/did not ask about/);
    expect(() => identifySequence(scanned, queries[0]!, { ...options, candidates: 3 })).toThrow(/another setting/);
  });

  it('adds the word index to references kept without one: the index a build with words makes', () => {
    const withWords = buildReferenceIndex(references, { wordLength: k });
    const added = withWordIndex(unindexed());
    expect(added.wordStarts).toEqual(withWords.wordStarts);
    expect(added.postings).toEqual(withWords.postings);
    const rescanned = withWordIndex(unindexed(), { maxListedBases: 0 });
    expect(rescanned.postings).toEqual(withWords.postings);
    expect(withWordIndex(withWords)).toBe(withWords);
  });
});
