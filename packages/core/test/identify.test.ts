import { describe, expect, it } from 'vitest';
import {
  assessConfidence,
  buildReferenceIndex,
  ReferenceIndexBuilder,
  listWordsOf,
  formatIdentificationJson,
  formatIdentificationTsv,
  identifySequence,
  identifySequences,
  DEFAULT_THRESHOLDS,
  IDENTIFY_MESSAGES,
  MARKER_THRESHOLD_SOURCES,
  thresholdsFor,
  SIMILARITY_DEFINITION,
  sequenceCall,
  sequenceHeadline,
  type Identification,
  type IdentificationResult,
  type ReferenceSequence,
  type Refusal,
} from '@mdc/core/identify/rrna';
import { randomSequence, reverseComplementText, rng, substitute } from './identify/helpers';

function ref(accession: string, species: string, sequence: string, family = 'Testaceae'): ReferenceSequence {
  const genus = species.split(' ')[0]!;
  return { accession, species, lineage: ['Bacteria', 'Testota', 'Testia', 'Testales', family, genus, species], sequence };
}

function ok(result: IdentificationResult): Identification {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

function refused(result: IdentificationResult): Refusal {
  if (result.ok) throw new Error('expected a refusal');
  return result;
}

const random = rng(42);
const base = randomSequence(1000, random);
// Unrelated background references so that candidates compete.
const background = Array.from({ length: 6 }, (_, i) => ref(`BG${i}`, `Otherus species${i}`, randomSequence(1000, random), 'Otheraceae'));

describe('reference index', () => {
  const refs = [ref('R1', 'Alpha prima', base), ref('R2', 'Alpha prima', base.slice(0, 500) + 'NNRY' + base.slice(500)), ...background];

  it('posts each distinct word of a reference once, references ascending, skipping words with ambiguity codes', () => {
    const index = buildReferenceIndex(refs, { wordLength: 8 });
    const word = (text: string) => text.split('').reduce((w, c) => w * 4 + 'ACGT'.indexOf(c), 0);
    const posted = (text: string) => Array.from(index.postings.subarray(index.wordStarts[word(text)]!, index.wordStarts[word(text) + 1]!));
    const w = base.slice(100, 108);
    const holders = refs.flatMap((r, i) => (r.sequence.includes(w) ? [i] : []));
    expect(posted(w)).toEqual(holders);
    expect(index.wordStarts[4 ** 8]).toBe(index.postings.length);
    expect(index.refs.map((r) => r.accession)).toEqual(refs.map((r) => r.accession));
    expect(index.refs[0]).toMatchObject({ species: 'Alpha prima', genus: 'Alpha', family: 'Testaceae', length: 1000 });
  });

  it('builds the same index incrementally, and re-reading words instead of listing them changes nothing', () => {
    const whole = buildReferenceIndex(refs, { wordLength: 9 });
    const builder = new ReferenceIndexBuilder({ wordLength: 9, maxListedBases: 0 });
    for (const r of refs) builder.add(r);
    expect(builder.add({ accession: 'bad', sequence: 'ACGT-ACGT' })).toBe(false);
    const rescanned = builder.finish();
    expect(rescanned.postings).toEqual(whole.postings);
    expect(rescanned.wordStarts).toEqual(whole.wordStarts);
    expect(rescanned.codes).toEqual(whole.codes);
    expect(rescanned.skipped).toEqual([{ accession: 'bad', reason: "character '-' is not a nucleotide" }]);
  });

  it('posts words by bucket and word as the two scans post them, for every word length (low-complexity repeats, ambiguity codes, a one-base reference)', () => {
    const lowComplexity = ref('LC', 'Repeatus repetitus', 'ACACACACAC'.repeat(40) + 'NNNN' + 'AAAAAAAAAAAAAAAAAAAA' + base.slice(0, 300) + base.slice(0, 300));
    const set = [...refs, lowComplexity, ref('ONE', 'Unus unus', 'G')];
    for (let k = 4; k <= 12; k++) {
      const listed = buildReferenceIndex(set, { wordLength: k });
      const rescanning = new ReferenceIndexBuilder({ wordLength: k, maxListedBases: 0 });
      for (const r of set) rescanning.add(r);
      const rescanned = rescanning.finish();
      // Compared as bytes: a diff of 16 million word starts (k = 12) is no help to anyone.
      const same = (a: Uint32Array, b: Uint32Array) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
      expect([k, listed.postings.length, same(listed.postings, rescanned.postings), same(listed.wordStarts, rescanned.wordStarts)]).toEqual([k, rescanned.postings.length, true, true]);
    }
  });

  it('builds the same index from words listed in parts (as threads list them) as in one pass; parts must cover the set in order', () => {
    const whole = buildReferenceIndex(refs, { wordLength: 9 });
    const builder = new ReferenceIndexBuilder({ wordLength: 9, shared: true });
    for (const r of refs) builder.add(r);
    const sealed = builder.seal();
    expect(sealed.listable).toBe(true);
    const cut = Math.floor(sealed.count / 3);
    const parts = [listWordsOf(sealed, 0, cut), listWordsOf(sealed, cut, cut + 1), listWordsOf(sealed, cut + 1, sealed.count)];
    expect(() => new ReferenceIndexBuilder({ wordLength: 9 }).finishListed([parts[1]!])).toThrow(/cover/);
    const listed = builder.finishListed(parts);
    expect(listed.postings).toEqual(whole.postings);
    expect(listed.wordStarts).toEqual(whole.wordStarts);
    expect(listed.codes).toEqual(whole.codes);
    expect(listed.postings.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sealed.count).toBeGreaterThan(3);
  });

  it('builds the same index from residue bytes as from text, in a pool smaller than the set', () => {
    const whole = buildReferenceIndex(refs, { wordLength: 9 });
    // Room for 10 bases only: the pool grows while references are added.
    const builder = new ReferenceIndexBuilder({ wordLength: 9, expectedBases: 10 });
    for (const { sequence, ...head } of refs) builder.addResidues(head, new TextEncoder().encode(sequence.replace(/\s+/g, '')));
    expect(builder.addResidues({ accession: 'bad' }, new TextEncoder().encode('ACGT-ACGT'))).toBe(false);
    expect(builder.addResidues({ accession: 'none' }, new Uint8Array(0))).toBe(false);
    const fromBytes = builder.finish();
    expect(fromBytes.codes).toEqual(whole.codes);
    expect(fromBytes.offsets).toEqual(whole.offsets);
    expect(fromBytes.postings).toEqual(whole.postings);
    expect(fromBytes.refs).toEqual(whole.refs);
    expect(fromBytes.skipped).toEqual([
      { accession: 'bad', reason: "character '-' is not a nucleotide" },
      { accession: 'none', reason: 'empty sequence' },
    ]);
  });

  it('reads the species from an NCBI-style description when there is no taxonomy', () => {
    const index = buildReferenceIndex([
      { accession: 'N1', description: 'Escherichia coli strain K-12 16S ribosomal RNA', sequence: base },
      { accession: 'N2', description: 'uncultured Bacillus sp. clone 7', sequence: base },
      { accession: 'N3', description: 'bacterium enrichment culture clone', sequence: base },
    ]);
    expect(index.refs.map((r) => [r.species, r.genus])).toEqual([
      ['Escherichia coli', 'Escherichia'],
      ['Bacillus sp', 'Bacillus'],
      ['', ''],
    ]);
  });

  it('chooses a longer word for a larger reference set', () => {
    expect(buildReferenceIndex(refs).wordLength).toBe(8);
    expect(buildReferenceIndex([ref('X', 'X x', randomSequence(3_000_000, rng(1)))]).wordLength).toBe(10);
  });
});

describe('identifySequence: counts on hand-made sequences', () => {
  const index = buildReferenceIndex([ref('R1', 'Alpha prima', base), ...background]);

  it('finds an exact match at 100 %', () => {
    const result = ok(identifySequence(index, { id: 'q', sequence: base.slice(100, 700) }));
    expect(result.topHit).toMatchObject({
      accession: 'R1',
      species: 'Alpha prima',
      similarity: 100,
      alignedLength: 600,
      mismatches: 0,
      gaps: 0,
      score: 1200,
      queryCoverage: 100,
      referenceStart: 101,
      referenceEnd: 700,
      strand: '+',
    });
    expect(result.topHit.alignment!.match).toBe('|'.repeat(600));
  });

  it('counts mismatches and gaps in bases', () => {
    // Reference 100..500 with substitutions at 150, 250, 350, bases 400-401 deleted, one base inserted after 450.
    const chars = base.split('');
    for (const p of [150, 250, 350]) chars[p] = chars[p] === 'A' ? 'C' : 'A';
    const edited = chars.slice(100, 400).join('') + chars.slice(402, 450).join('') + (chars[450] === 'G' ? 'T' : 'G') + chars.slice(450, 500).join('');
    const hit = ok(identifySequence(index, { id: 'q', sequence: edited })).topHit;
    expect(edited).toHaveLength(399);
    expect(hit).toMatchObject({ mismatches: 3, gaps: 3, gapOpens: 2, alignedLength: 401, identical: 395, referenceStart: 101, referenceEnd: 500 });
    expect(hit.similarity).toBeCloseTo((100 * 395) / 401, 10);
    expect(hit.score).toBe(395 * 2 - 3 * 3 - (5 + 2 * 2) - (5 + 2));
    expect(hit.alignment!.query.replace(/-/g, '')).toBe(edited);
  });

  it('recognises a reverse-complemented query', () => {
    const query = reverseComplementText(base.slice(200, 800));
    const result = ok(identifySequence(index, { id: 'rc', sequence: query }));
    expect(result.strand).toBe('-');
    expect(result.topHit).toMatchObject({ accession: 'R1', similarity: 100, queryStart: 600, queryEnd: 1, referenceStart: 201, referenceEnd: 800 });
  });

  it('accepts lower case, U and whitespace', () => {
    const text = base.slice(0, 500).toLowerCase().replace(/t/g, 'u').replace(/(.{60})/g, '$1\n ');
    expect(ok(identifySequence(index, { id: 'q', sequence: text })).topHit.similarity).toBe(100);
  });

  it('scores IUPAC codes: compatible ones are neither identical nor mismatches, incompatible ones are mismatches', () => {
    const chars = base.slice(100, 600).split('');
    const Ns = [20, 120, 220, 320, 420];
    for (const p of Ns) chars[p] = 'N';
    const c = chars.findIndex((x, i) => x === 'C' && i > 50 && i < 450 && !Ns.includes(i));
    chars[c] = 'Y'; // C or T: compatible with C
    const c2 = chars.findIndex((x, i) => x === 'C' && i > c + 10);
    chars[c2] = 'R'; // A or G: not compatible with C
    const hit = ok(identifySequence(index, { id: 'q', sequence: chars.join('') })).topHit;
    expect(hit).toMatchObject({ ambiguous: 6, mismatches: 1, identical: 493, alignedLength: 500, gaps: 0 });
    expect(hit.similarity).toBeCloseTo((100 * 493) / 494, 10);
    expect(hit.alignment!.match.split('').filter((m) => m === ':')).toHaveLength(6);
    // Ns alone do not lower the similarity.
    const onlyN = base.slice(100, 600).split('');
    for (const p of Ns) onlyN[p] = 'N';
    expect(ok(identifySequence(index, { id: 'q', sequence: onlyN.join('') })).topHit.similarity).toBe(100);
  });

  it('gives each sequence of a submission its own result', () => {
    const results = identifySequences(index, [
      { id: 'a', sequence: base.slice(0, 400) },
      { id: 'b', sequence: '' },
      { id: 'c', sequence: base.slice(500, 1000) },
    ]);
    expect(results.map((r) => [r.queryId, r.ok])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
  });
});

describe('identifySequence: ties and confidence', () => {
  const r2 = rng(7);
  const near = substitute(base, 3, r2, 20); // 99.7 % to base
  const mid = substitute(base, 15, r2, 20); // 98.5 %
  const genusLevel = substitute(base, 30, r2, 10); // ~97 %
  const familyLevel = substitute(base, 100, r2, 3); // ~90 %
  const distant = substitute(base, 200, r2, 2); // ~80 %

  it('reports identical references of two species as tied, the top hit first, and names a species group', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('B1', 'Alpha secunda', base), ref('C1', 'Gamma tertia', mid), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: substitute(base, 2, rng(3), 50) }));
    expect(result.tiedHits).toBe(2);
    expect(result.tiedSpecies).toEqual(['Alpha prima', 'Alpha secunda']);
    expect(result.hits.slice(0, 2).map((h) => [h.accession, h.tiedWithTop])).toEqual([
      ['A1', true],
      ['B1', true],
    ]);
    expect(result.hits[2]).toMatchObject({ accession: 'C1', tiedWithTop: false });
    expect(result.confidence).toMatchObject({ level: 'species-group', names: ['Alpha prima', 'Alpha secunda'], margin: 0 });
  });

  it('names the genera, not a species group, when the tied species belong to two genera', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('B1', 'Beta secunda', base), ref('C1', 'Gamma tertia', mid), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: substitute(base, 2, rng(3), 50) }));
    expect(result.confidence).toMatchObject({ level: 'genus', names: ['Alpha', 'Beta'], limitedBy: 'genera', similarityLevel: 'species-group', groupSpecies: ['Alpha prima', 'Beta secunda'] });
  });

  it('names the complex the gene cannot split, at species level, with the members found', () => {
    const index = buildReferenceIndex([ref('E1', 'Escherichia coli', base), ref('S1', 'Shigella flexneri', base), ref('C1', 'Gamma tertia', mid), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: substitute(base, 2, rng(3), 50) }));
    expect(result.confidence).toMatchObject({ level: 'species', names: ['Escherichia coli', 'Shigella flexneri'], complex: { name: 'Escherichia coli / Shigella' } });
    expect(result.confidence.limitedBy).toBeUndefined();
  });

  it('keeps every tie even beyond the hit limit', () => {
    const twins = Array.from({ length: 5 }, (_, i) => ref(`T${i}`, `Twin species${i}`, base));
    const index = buildReferenceIndex([...twins, ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base.slice(0, 900) }, { maxHits: 2 }));
    expect(result.hits.filter((h) => h.tiedWithTop)).toHaveLength(5);
    expect(result.hits).toHaveLength(5);
  });

  it('names the species at ≥ 98.7 % with a lead of ≥ 0.5 % over the next species', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('A2', 'Alpha secunda', mid), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base }));
    expect(result.confidence).toMatchObject({ level: 'species', names: ['Alpha prima'], similarity: 100, nextSpecies: 'Alpha secunda' });
    expect(result.confidence.margin).toBeCloseTo(1.5, 5);
  });

  it('gives a species group when the next species is within 0.5 %', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('A2', 'Alpha secunda', near), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base }));
    expect(result.confidence).toMatchObject({ level: 'species-group', names: ['Alpha prima', 'Alpha secunda'] });
    expect(result.confidence.margin).toBeCloseTo(0.3, 5);
  });

  it('falls to genus, family and no identification as similarity drops', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base, 'Alphaceae'), ...background]);
    const levels = [genusLevel, familyLevel, distant].map((sequence) => ok(identifySequence(index, { id: 'q', sequence })));
    expect(levels.map((r) => r.confidence.level)).toEqual(['genus', 'family', 'none']);
    expect(levels[0]!.confidence.names).toEqual(['Alpha']);
    expect(levels[1]!.confidence.names).toEqual(['Alphaceae']);
    expect(levels[0]!.topHit.similarity).toBeGreaterThanOrEqual(94.5);
    expect(levels[0]!.topHit.similarity).toBeLessThan(98.7);
    expect(levels[2]!.topHit.similarity).toBeLessThan(86.5);
    expect(levels[2]!.topHit.similarity).toBeGreaterThanOrEqual(70);
  });

  it('lists the hits after the ties by similarity: a second record of the top species above another species far below', () => {
    // Issue 24: S. downei 99.61 % was listed below S. criceti 90.78 % because species not yet listed came first.
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('A2', 'Alpha prima', near), ref('C1', 'Gamma tertia', familyLevel), ref('D1', 'Delta quarta', distant), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base }));
    expect(result.hits.slice(0, 4).map((h) => h.accession)).toEqual(['A1', 'A2', 'C1', 'D1']);
    const similarities = result.hits.slice(result.tiedHits).map((h) => h.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(result.hits.map((h) => h.rank)).toEqual(result.hits.map((_, i) => i + 1));
  });

  it('still lets species not yet listed into a short list before more records of a listed one', () => {
    const copies = Array.from({ length: 4 }, (_, i) => ref(`A${i + 2}`, 'Alpha prima', substitute(base, 2 + i, rng(60 + i), 20)));
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ...copies, ref('C1', 'Gamma tertia', familyLevel), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base }, { maxHits: 3 }));
    expect(result.hits.map((h) => h.species)).toContain('Gamma tertia');
    const similarities = result.hits.map((h) => h.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it('calls a genus-level sequence the genus, its top hit only the closest, in the call, the TSV and the JSON', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base, 'Alphaceae'), ...background]);
    const [genus, family, none] = [genusLevel, familyLevel, distant].map((sequence) => ok(identifySequence(index, { id: 'q', sequence })));
    expect(sequenceCall(genus!)).toMatchObject({ name: 'Alpha', closest: 'Alpha prima', level: 'genus', measure: 'similarity' });
    expect(sequenceHeadline(genus!)).toBe('Alpha sp.');
    expect(sequenceCall(family!)).toMatchObject({ name: 'Alphaceae', closest: 'Alpha prima', level: 'family' });
    expect(sequenceCall(none!)).toMatchObject({ name: '', closest: 'Alpha prima', level: 'none' });
    const rows = formatIdentificationTsv([genus!]).trimEnd().split('\n').slice(1).map((l) => l.split('\t'));
    expect(rows.every((r) => r.at(-1) === 'Alpha sp. (closest: Alpha prima)')).toBe(true);
    expect(JSON.parse(formatIdentificationJson([genus!]))[0].call).toEqual({ name: 'Alpha', level: 'genus', closest: 'Alpha prima', headline: 'Alpha sp. (closest: Alpha prima)' });
  });

  it('uses thresholds given as configuration', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ...background]);
    const strict = ok(identifySequence(index, { id: 'q', sequence: genusLevel }, { thresholds: { genus: 99.5 } }));
    expect(strict.confidence.level).toBe('family');
  });
});

describe('identifySequence: untrimmed reads', () => {
  // A full-length gene of 1500 bp, read from 51 to 1450.
  const gene = randomSequence(1500, rng(31));
  const index = buildReferenceIndex([ref('A1', 'Alpha prima', gene), ref('A2', 'Alpha secunda', substitute(gene, 45, rng(11), 10)), ...background]);
  const read = gene.slice(50, 1450);
  const junk = (n: number, seed: number) => randomSequence(n, rng(seed));

  it('trims unalignable ends: the same similarity and level with 50 or 150 random bases on each end, coverage reported apart', () => {
    const clean = ok(identifySequence(index, { id: 'q', sequence: read }));
    expect(clean.confidence.level).toBe('species');
    for (const n of [50, 150]) {
      const result = ok(identifySequence(index, { id: 'q', sequence: junk(n, n) + read + junk(n, n + 1) }));
      expect(result.topHit.similarity).toBeCloseTo(clean.topHit.similarity, 10);
      expect(result.confidence.level).toBe('species');
      // A chance match or two at the junk's edge may stay with the read.
      expect(result.region.trimmedStart).toBeGreaterThanOrEqual(n - 3);
      expect(result.region.trimmedStart).toBeLessThanOrEqual(n);
      expect(result.region.trimmedEnd).toBeGreaterThanOrEqual(n - 3);
      expect(result.region.end - result.region.start + 1).toBe(result.queryLength - result.region.trimmedStart - result.region.trimmedEnd);
      expect(result.topHit.queryStart).toBe(result.region.start);
      expect(result.topHit.queryEnd).toBe(result.region.end);
      expect(result.topHit.queryCoverage).toBeCloseTo((100 * (result.region.end - result.region.start + 1)) / (1400 + 2 * n), 5);
      expect(result.topHit.alignment!.query.replace(/-/g, '')).toBe((junk(n, n) + read + junk(n, n + 1)).slice(result.region.start - 1, result.region.end));
    }
  });

  it('trims in the submitted orientation on the minus strand', () => {
    const submitted = reverseComplementText(junk(120, 5) + read + junk(40, 6));
    const result = ok(identifySequence(index, { id: 'q', sequence: submitted }));
    expect(result.strand).toBe('-');
    expect(result.region.trimmedStart).toBeGreaterThanOrEqual(37);
    expect(result.region.trimmedStart).toBeLessThanOrEqual(40);
    expect(result.region.trimmedEnd).toBeGreaterThanOrEqual(117);
    expect(result.topHit).toMatchObject({ queryStart: result.region.end, queryEnd: result.region.start });
  });

  it('names the genus only when too little of the sequence aligns, and says why', () => {
    const result = ok(identifySequence(index, { id: 'q', sequence: junk(300, 8) + read + junk(300, 9) }));
    expect(result.topHit.queryCoverage).toBeGreaterThan(65);
    expect(result.topHit.similarity).toBe(100);
    expect(result.topHit.queryCoverage).toBeLessThan(80);
    expect(result.confidence).toMatchObject({ level: 'genus', names: ['Alpha'], limitedBy: 'coverage', similarityLevel: 'species' });
  });

  it('leaves a query that is junk throughout alone: no few matching bases are cut out of it', () => {
    const r = refused(identifySequence(index, { id: 'q', sequence: junk(900, 12) }));
    expect(r.reason).toBe('no-similar-reference');
  });
});

describe('identifySequence: ties at the precision shown', () => {
  it('ties references whose similarities round to the same two decimals', () => {
    const query = base.slice(0, 1000);
    // A: 3 substitutions in 1000 columns = 99.700 %; B: 2 substitutions and one base more in the reference = 998/1001 = 99.7003 %.
    const chars = query.split('');
    const a = chars.slice();
    for (const p of [300, 500, 700]) a[p] = a[p] === 'A' ? 'C' : 'A';
    const b = chars.slice();
    for (const p of [300, 500]) b[p] = b[p] === 'A' ? 'C' : 'A';
    b.splice(600, 0, b[600] === 'G' ? 'T' : 'G');
    const index = buildReferenceIndex([ref('A', 'Alpha prima', a.join('')), ref('B', 'Beta secunda', b.join('')), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: query }));
    expect(result.hits.slice(0, 2).map((h) => h.similarity.toFixed(2))).toEqual(['99.70', '99.70']);
    expect(result.hits[0]!.similarity).not.toBe(result.hits[1]!.similarity);
    expect(result.tiedHits).toBe(2);
    expect(result.tiedSpecies.sort()).toEqual(['Alpha prima', 'Beta secunda']);
    expect(result.hits.slice(0, 2).every((h) => h.tiedWithTop)).toBe(true);
  });

  it('lists every tied reference, however many candidates that takes', () => {
    const twins = Array.from({ length: 100 }, (_, i) => ref(`T${i}`, `Twin species${i}`, base));
    const index = buildReferenceIndex([...background, ...twins]);
    const result = ok(identifySequence(index, { id: 'q', sequence: base.slice(100, 900) }));
    expect(result.tiedHits).toBe(100);
    expect(result.tiedSpecies).toHaveLength(100);
  });
});

describe('identifySequence: a reference without its primer region', () => {
  it('does not count up to 20 query bases beyond a reference end, and counts the rest as gaps', () => {
    const query = base.slice(0, 1000);
    const noPrimer = base.slice(15, 1000); // deposited without the first 15 bases the read has
    const oneOff = substitute(query, 1, rng(40), 1).split('');
    const partial = base.slice(100, 1000); // stops 100 bases inside the read
    const index = buildReferenceIndex([ref('P1', 'Alpha prima', noPrimer), ref('S1', 'Beta secunda', oneOff.join('')), ref('G1', 'Gamma tertia', partial), ...background]);
    const result = ok(identifySequence(index, { id: 'q', sequence: query }));
    expect(result.topHit).toMatchObject({ accession: 'P1', similarity: 100, alignedLength: 985, gaps: 0, gapOpens: 0, queryStart: 16, queryEnd: 1000, referenceStart: 1 });
    expect(result.topHit.alignment!.query).toBe(noPrimer);
    expect(result.hits.find((h) => h.accession === 'S1')!.similarity).toBeCloseTo(99.9, 10);
    const g = result.hits.find((h) => h.accession === 'G1')!;
    expect(g).toMatchObject({ alignedLength: 980, gaps: 80, gapOpens: 1, queryStart: 21 });
    expect(g.similarity).toBeCloseTo((100 * 900) / 980, 10);
  });
});

describe('identifySequence: 18S thresholds', () => {
  it('names a fungal species only at 99.5 %, where 16S names one at 98.7 %', () => {
    const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ...background]);
    const query = substitute(base, 10, rng(21), 30); // 99.0 %
    const as16 = ok(identifySequence(index, { id: 'q', sequence: query }));
    const as18 = ok(identifySequence(index, { id: 'q', sequence: query }, { marker: '18S' }));
    expect(as16.topHit.similarity).toBeCloseTo(as18.topHit.similarity, 10);
    expect(as16.confidence.level).toBe('species');
    expect(as18.confidence.level).toBe('genus');
  });
});

describe('assessConfidence', () => {
  const hit = (similarity: number, species: string, family = 'F1') => ({ similarity, species, genus: species.split(' ')[0]!, family });

  it('applies each threshold at its boundary', () => {
    expect(assessConfidence([hit(98.7, 'A a'), hit(98.2, 'A b')]).level).toBe('species');
    expect(assessConfidence([hit(98.69, 'A a'), hit(90, 'A b')]).level).toBe('genus');
    expect(assessConfidence([hit(94.5, 'A a')]).level).toBe('genus');
    expect(assessConfidence([hit(94.49, 'A a')]).level).toBe('family');
    expect(assessConfidence([hit(86.5, 'A a')]).level).toBe('family');
    expect(assessConfidence([hit(86.49, 'A a')]).level).toBe('none');
    expect(assessConfidence([]).level).toBe('none');
  });

  it('needs the margin to another species, not to another reference of the same species', () => {
    expect(assessConfidence([hit(99.9, 'A a'), hit(99.8, 'A a'), hit(99.0, 'B b')]).level).toBe('species');
    const group = assessConfidence([hit(99.9, 'A a'), hit(99.8, 'A a'), hit(99.5, 'A b'), hit(99.41, 'A c'), hit(99.3, 'A d')]);
    expect(group).toMatchObject({ level: 'species-group', names: ['A a', 'A b', 'A c'], nextSpecies: 'A b' });
  });

  it('lists tied genera at genus level', () => {
    expect(assessConfidence([hit(96, 'A a'), hit(95.8, 'B b'), hit(90, 'C c')]).names).toEqual(['A', 'B']);
  });

  it('documents its defaults', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({ species: 98.7, genus: 94.5, family: 86.5, speciesMargin: 0.5, minCoverage: 80, minSimilarity: 70 });
    expect(thresholdsFor('18S')).toMatchObject({ species: 99.5, genus: 97, family: 94.5 });
    expect(MARKER_THRESHOLD_SOURCES['18S'].species).toMatch(/18S/);
  });
});

describe('identifySequence: refused input', () => {
  const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ...background]);

  it('refuses an empty sequence', () => {
    for (const sequence of ['', '  \n ']) {
      const r = refused(identifySequence(index, { id: 'q', sequence }));
      expect(r.reason).toBe('empty');
      expect(r.message.en).toBe('The 16s gene sequence can not be empty');
      expect(r.messageKey).toBe('identify.16s.empty');
    }
    const r18 = refused(identifySequence(index, { id: 'q', sequence: '' }, { marker: '18S' }));
    expect(r18.message.en).toBe('The 18s gene sequence can not be empty');
    expect(r18.message.zh).toContain('18s');
  });

  it('refuses characters that are not nucleotides', () => {
    for (const sequence of [base.slice(0, 500) + 'X', base.slice(0, 400) + '-' + base.slice(400, 800), base.slice(0, 500) + '1']) {
      const r = refused(identifySequence(index, { id: 'q', sequence }));
      expect(r.reason).toBe('non-nucleotide');
      expect(r.message.en).toBe('Unsupported 16s gene sequence, Please confirm and re-enter');
    }
  });

  it('says that a protein is a protein, under the same headline', () => {
    const r = refused(identifySequence(index, { id: 'q', sequence: 'MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQ'.repeat(12) }));
    expect(r.reason).toBe('protein');
    expect(r.message.en).toBe('Unsupported 16s gene sequence, Please confirm and re-enter');
    expect(r.detail.en).toMatch(/protein/);
    expect(r.detail.zh).toMatch(/蛋白质/);
  });

  // Issue 16: text pasted the way people copy it — a FASTA whose '>' was lost, a GenBank flat file's
  // numbered lines — was refused without saying what to fix (or, with enough words, as a protein).
  it('names what is not sequence: a name line without ">", numbers between the bases, the first bad character', () => {
    const lines = (s: string) => s.match(/.{1,60}/g)!;
    const named = refused(identifySequence(index, { id: 'q', sequence: `Isolate 7 from a blood culture, partial 16S rRNA gene (27F/1492R), forward and reverse reads\n${lines(base.slice(0, 700)).join('\n')}` }));
    expect(named.reason).toBe('non-nucleotide');
    expect(named.detail.en).toMatch(/^The first line \("Isolate 7 from a blood culture.*"\) is a name, not sequence: in FASTA a name line starts with ">"/);
    expect(named.detail.zh).toMatch(/^第一行（“Isolate 7 from a blood culture.*”）是名称而不是序列：FASTA 的名称行须以“>”开头/);
    const flat = `ORIGIN\n${lines(base.slice(0, 700).toLowerCase()).map((l, i) => `${String(i * 60 + 1).padStart(9)} ${l.match(/.{1,10}/g)!.join(' ')}`).join('\n')}\n//`;
    const numbered = refused(identifySequence(index, { id: 'q', sequence: flat }));
    expect(numbered.detail.en).toMatch(/interleaved with numbers \(positions or line numbers, as in a GenBank flat file\)/);
    expect(numbered.detail.zh).toMatch(/碱基之间夹有数字/);
    const stray = refused(identifySequence(index, { id: 'q', sequence: `${base.slice(0, 60)}\n${base.slice(60, 100)}#${base.slice(100, 500)}` }));
    expect(stray.detail.en).toBe('Line 2, column 41 holds "#", which is not a nucleotide (IUPAC) code.');
    expect(stray.detail.zh).toBe('第 2 行第 41 列的字符 "#" 不是核苷酸（IUPAC）代码。');
    // Lower case with spaces is a sequence, not a fault.
    expect(ok(identifySequence(index, { id: 'q', sequence: base.slice(0, 700).toLowerCase().match(/.{1,10}/g)!.join(' ') })).topHit.similarity).toBe(100);
  });

  it('refuses sequences shorter than 300 bp', () => {
    const r = refused(identifySequence(index, { id: 'q', sequence: base.slice(0, 299) }));
    expect(r).toMatchObject({ reason: 'too-short', queryLength: 299, messageKey: 'identify.16s.unsupported' });
    expect(ok(identifySequence(index, { id: 'q', sequence: base.slice(0, 300) })).topHit.similarity).toBe(100);
  });

  it('refuses a sequence with no reference at 70 % or more', () => {
    const unrelated = refused(identifySequence(index, { id: 'q', sequence: randomSequence(800, rng(99)) }, { marker: '18S' }));
    expect(unrelated).toMatchObject({ reason: 'no-similar-reference', messageKey: 'identify.18s.unsupported' });
    expect(unrelated.message.en).toBe('Unsupported 18s gene sequence, Please confirm and re-enter');
    // Shares a stretch with the reference (so it is aligned) but is far below 70 % overall.
    const partly = base.slice(0, 60) + substitute(base.slice(60, 700), 280, rng(4), 1);
    const r = refused(identifySequence(index, { id: 'q', sequence: partly }));
    expect(r.reason).toBe('no-similar-reference');
    expect(r.bestSimilarity).toBeGreaterThan(30);
    expect(r.bestSimilarity).toBeLessThan(70);
  });

  it('has zh and en texts for every message key and the similarity definition', () => {
    for (const text of [...Object.values(IDENTIFY_MESSAGES), SIMILARITY_DEFINITION]) {
      expect(text.en.length).toBeGreaterThan(10);
      expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('formatting for the CLI', () => {
  const index = buildReferenceIndex([ref('A1', 'Alpha prima', base), ref('A2', 'Alpha secunda', substitute(base, 15, rng(8), 20)), ...background]);
  const results = identifySequences(index, [
    { id: 'q1', sequence: base.slice(0, 800) },
    { id: 'q2', sequence: 'ACGT' },
  ]);

  it('writes TSV with the documented columns, one row per hit and one per refused sequence', () => {
    const lines = formatIdentificationTsv(results, { top: 2 }).trimEnd().split('\n');
    expect(lines[0]).toBe('query\trank\taccession\tspecies\tsimilarity\tlength\tmismatches\tgaps\tscore\tconfidence\tcall');
    expect(lines[1]).toBe('q1\t1\tA1\tAlpha prima\t100.00\t800\t0\t0\t1600\tspecies:Alpha prima\tAlpha prima');
    expect(lines[2]!.split('\t').slice(0, 4)).toEqual(['q1', '2', 'A2', 'Alpha secunda']);
    // (The call cell of a refused sequence is empty; trimEnd took its tab.)
    expect(lines[3]).toBe('q2\t0\t\t\t\t\t\t\t\trefused:too-short');
    expect(lines).toHaveLength(4);
  });

  it('writes JSON without alignments unless asked', () => {
    const parsed = JSON.parse(formatIdentificationJson(results, { top: 1 }));
    expect(parsed[0].hits).toHaveLength(1);
    expect(parsed[0].hits[0].alignment).toBeUndefined();
    expect(parsed[1]).toMatchObject({ ok: false, reason: 'too-short' });
    const withAlignment = JSON.parse(formatIdentificationJson(results, { top: 1, alignments: true }));
    expect(withAlignment[0].hits[0].alignment.query).toHaveLength(800);
  });
});
