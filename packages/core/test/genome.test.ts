import { describe, expect, it } from 'vitest';
import {
  GENOME_THRESHOLDS,
  GenomeLibrary,
  KMER,
  asQuery,
  assemblyStats,
  assessAssembly,
  callFromHits,
  calledName,
  compareGenomes,
  copyIdentity,
  find16SCopies,
  identifyGenome,
  mix32,
  packSequence,
  prepareQuery,
  sketchFasta,
  sketchGenome,
  sortByHash,
  unpackSequence,
  type GenomeHit,
  type GenomeReference,
  type GenomeSequence,
} from '@mdc/core/identify/genome';
import { seedKernel } from '../src/identify/genome/kernel';
import { rng } from './identify/helpers';

/** Codes 0–3 of a random genome. */
function randomCodes(length: number, random: () => number): Uint8Array {
  const codes = new Uint8Array(length);
  for (let i = 0; i < length; i++) codes[i] = Math.floor(random() * 4);
  return codes;
}

/**
 * A copy of `codes` with `rate` differences per base: 90 % substitutions, 10 % indels of 1–5
 * bases (half insertions, half deletions). The truth is 100 × (1 − events / length): an indel is
 * one difference, as a substitution is — which is what ANI counts as one mutation.
 */
function mutate(codes: Uint8Array, rate: number, random: () => number): { codes: Uint8Array; events: number } {
  const out: number[] = [];
  let events = 0;
  for (let i = 0; i < codes.length; i++) {
    const u = random();
    if (u < rate * 0.9) {
      out.push((codes[i]! + 1 + Math.floor(random() * 3)) % 4);
      events++;
    } else if (u < rate) {
      events++;
      const length = 1 + Math.floor(random() * 5);
      if (random() < 0.5) {
        for (let k = 0; k < length; k++) out.push(Math.floor(random() * 4));
        out.push(codes[i]!);
      } else i += length - 1;
    } else out.push(codes[i]!);
  }
  return { codes: Uint8Array.from(out), events };
}

function genome(codes: Uint8Array, pieces = 1): GenomeSequence {
  const size = Math.ceil(codes.length / pieces);
  const contigs = [];
  for (let start = 0; start < codes.length; start += size) contigs.push({ start, length: Math.min(size, codes.length - start) });
  return { codes, contigs, length: codes.length };
}

function reference(id: string, species: string, codes: Uint8Array): GenomeReference {
  return { id, species, strain: id, accession: id, length: codes.length, gcPercent: 50, contigs: 1, sketch: sketchGenome(genome(codes)) };
}

describe('seed sketches', () => {
  it('keeps one k-mer in eight, canonical: a genome and its reverse complement give the same seeds', () => {
    const codes = randomCodes(200_000, rng(1));
    const reverse = Uint8Array.from(codes, (_, i) => 3 - codes[codes.length - 1 - i]!);
    const a = sketchGenome(genome(codes));
    const b = sketchGenome(genome(reverse));
    expect(a.hashes.length / (codes.length - KMER + 1)).toBeGreaterThan(0.11);
    expect(a.hashes.length / (codes.length - KMER + 1)).toBeLessThan(0.14);
    expect([...a.hashes]).toEqual([...b.hashes]);
    // Sorted, and each position points at a k-mer of that hash (in its orientation).
    for (let i = 1; i < a.hashes.length; i++) expect(a.hashes[i]!).toBeGreaterThanOrEqual(a.hashes[i - 1]!);
    for (const i of [0, 7, 500, a.hashes.length - 1]) {
      const pos = a.positions[i]! >>> 1;
      let forward = 0;
      let back = 0;
      for (let k = 0; k < KMER; k++) {
        forward = ((forward << 2) | codes[pos + k]!) >>> 0;
        back = ((back << 2) | (3 - codes[pos + KMER - 1 - k]!)) >>> 0;
      }
      expect(mix32(Math.min(forward, back))).toBe(a.hashes[i]);
      expect(a.positions[i]! & 1).toBe(forward <= back ? 0 : 1);
    }
  });

  it('gives the same seeds from the WebAssembly kernel as from the JavaScript loop, across chunks, N runs and contigs', () => {
    // 2.5 Mbp in three contigs: the longest spans three kernel chunks of 1 MiB.
    const codes = randomCodes(2_500_000, rng(6));
    codes.fill(4, 1_048_570, 1_048_580);
    codes.fill(4, 2_000_000, 2_000_003);
    const pieces: GenomeSequence = { codes, contigs: [{ start: 0, length: 2_200_000 }, { start: 2_200_000, length: 250_000 }, { start: 2_450_000, length: 50_000 }], length: codes.length };
    const wasm = sketchGenome(pieces);
    const loop = sketchGenome(pieces, { wasm: false });
    expect(wasm.hashes.length).toBeGreaterThan(250_000);
    expect(Buffer.from(wasm.hashes.buffer).equals(Buffer.from(loop.hashes.buffer))).toBe(true);
    expect(Buffer.from(wasm.positions.buffer).equals(Buffer.from(loop.positions.buffer))).toBe(true);
  });

  it('sorts seeds by hash in the kernel as the JavaScript sort does: equal hashes in genome order, any width of hash', () => {
    const random = rng(12);
    for (const [n, bits] of [[0, 29], [1, 29], [5, 3], [300_000, 29], [100_000, 32]] as const) {
      const hashes = new Uint32Array(n);
      const positions = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        // One seed in five repeats an earlier hash (a repeated k-mer): the tie order is tested.
        hashes[i] = i >= 10 && i % 5 === 0 ? hashes[i - 1 - (i % 7)]! : Math.floor(random() * 2 ** bits) >>> 0;
        positions[i] = 2 * i + (i % 2);
      }
      const before = hashes.slice();
      const wasm = sortByHash(hashes, positions);
      const loop = sortByHash(hashes, positions, undefined, { wasm: false });
      expect(Buffer.from(wasm.hashes.buffer, wasm.hashes.byteOffset, 4 * n).equals(Buffer.from(loop.hashes.buffer, loop.hashes.byteOffset, 4 * n))).toBe(true);
      expect(Buffer.from(wasm.positions.buffer, wasm.positions.byteOffset, 4 * n).equals(Buffer.from(loop.positions.buffer, loop.positions.byteOffset, 4 * n))).toBe(true);
      expect(Buffer.from(hashes.buffer).equals(Buffer.from(before.buffer))).toBe(true);
      let outOfOrder = 0;
      for (let i = 1; i < n; i++) {
        const [a, b] = [loop.hashes[i - 1]!, loop.hashes[i]!];
        if (a > b || (a === b && loop.positions[i - 1]! > loop.positions[i]!)) outOfOrder++;
      }
      expect(outOfOrder).toBe(0);
    }
  });

  it('reads and sketches FASTA text in one pass, as reading the bases first and sketching them does', () => {
    const random = rng(61);
    const letters = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
    const wrap = (seq: string) => seq.match(/.{1,70}/g)!.join('\r\n');
    const contigs = [letters(1_300_000).toLowerCase(), letters(40_000) + 'NNNNNRY' + letters(60_000), letters(20)];
    const text = contigs.map((seq, i) => `>contig_${i + 1} some description\r\n${wrap(seq)}\r\n`).join('');
    const fast = sketchFasta(new TextEncoder().encode(text))!;
    const codes = Uint8Array.from(contigs.join(''), (c) => 'ACGT'.indexOf(c.toUpperCase()) < 0 ? 4 : 'ACGT'.indexOf(c.toUpperCase()));
    let start = 0;
    const pieces = contigs.map((seq) => ({ start: (start += seq.length) - seq.length, length: seq.length }));
    const slow = sketchGenome({ codes, contigs: pieces, length: codes.length });
    expect(fast.contigs).toEqual(pieces.map((p, i) => ({ name: `contig_${i + 1}`, ...p })));
    expect(fast.length).toBe(codes.length);
    expect(fast.ambiguous).toBe(7);
    expect(fast.gc).toBe([...contigs.join('').toUpperCase()].filter((c) => c === 'G' || c === 'C').length);
    expect(Buffer.from(fast.sketch.hashes.buffer).equals(Buffer.from(slow.hashes.buffer))).toBe(true);
    expect(Buffer.from(fast.sketch.positions.buffer).equals(Buffer.from(slow.positions.buffer))).toBe(true);
  });

  it('gives the length, G+C and Ns of a genome whose seeds need more kernel memory to sort than there is', () => {
    const before = seedKernel()!.memory.buffer.byteLength;
    // One base in eight is a seed, 24 bytes of memory each to sort: half again as many as fit.
    const bases = Math.ceil(1.5 * (before / 24) * 8);
    const random = rng(62);
    const text = new Uint8Array(bases + Math.ceil(bases / 80) + 16);
    let at = 0;
    for (const c of '>big\n') text[at++] = c.charCodeAt(0);
    let gc = 0;
    for (let i = 0; i < bases; i++) {
      const base = i % 1000 === 999 ? 'N' : 'ACGT'[Math.floor(random() * 4)]!;
      gc += +(base === 'C' || base === 'G');
      text[at++] = base.charCodeAt(0);
      if (i % 80 === 79) text[at++] = 0x0a;
    }
    const fast = sketchFasta(text.subarray(0, at))!;
    expect(seedKernel()!.memory.buffer.byteLength).toBeGreaterThan(before);
    expect(fast.length).toBe(bases);
    expect(fast.ambiguous).toBe(Math.floor(bases / 1000));
    expect(fast.gc).toBe(gc);
    expect(fast.contigs).toEqual([{ name: 'big', start: 0, length: bases }]);
  });

  it('leaves FASTA out of the ordinary to the careful reader', () => {
    const encode = (t: string) => new TextEncoder().encode(t);
    expect(sketchFasta(encode('@read\nACGT\n+\nIIII\n'))).toBeNull();
    expect(sketchFasta(encode('>a\nACGT#ACGT\n'))).toBeNull();
    expect(sketchFasta(encode('>a\nACGT\n>a\nACGT\n'))).toBeNull();
    expect(sketchFasta(encode('>a\nMKLVEFPQ\n'))).toBeNull();
    expect(sketchFasta(encode(''))).toBeNull();
  });

  it('does not make k-mers across N runs or contig ends', () => {
    const codes = randomCodes(50_000, rng(2));
    const whole = sketchGenome(genome(codes));
    const masked = codes.slice();
    masked.fill(4, 25_000, 25_010);
    const withN = sketchGenome(genome(masked));
    const cut = sketchGenome(genome(codes, 2));
    // Every k-mer overlapping the N run (25 of them around it) is gone, nothing else.
    expect(whole.hashes.length - withN.hashes.length).toBeGreaterThan(0);
    expect(whole.hashes.length - withN.hashes.length).toBeLessThan(10);
    expect(cut.hashes.length).toBeLessThan(whole.hashes.length);
    expect(whole.hashes.length - cut.hashes.length).toBeLessThan(8);
  });
});

describe('ANI', () => {
  // A 1.2 Mbp genome, mutated at known rates with indels: within 0.3 points of the truth.
  const original = randomCodes(1_200_000, rng(7));
  const ref = sketchGenome(genome(original));
  for (const rate of [0.01, 0.02, 0.04, 0.06, 0.08]) {
    it(`is within 0.3 points of the truth at ${100 * rate} % divergence with indels`, () => {
      const mutated = mutate(original, rate, rng(100 + rate * 1000));
      const truth = 100 * (1 - mutated.events / original.length);
      const result = compareGenomes(asQuery(sketchGenome(genome(mutated.codes, 5))), ref);
      expect(Math.abs(result.ani - truth)).toBeLessThan(0.3);
      expect(result.queryAf).toBeGreaterThan(0.95);
      expect(result.referenceAf).toBeGreaterThan(0.9);
    });
  }

  it('is 100 for a genome against itself, on either strand, and aligns all of it', () => {
    const codes = randomCodes(300_000, rng(3));
    const reverse = Uint8Array.from(codes, (_, i) => 3 - codes[codes.length - 1 - i]!);
    const result = compareGenomes(asQuery(sketchGenome(genome(reverse, 3))), sketchGenome(genome(codes)));
    expect(result.ani).toBeGreaterThan(99.99);
    expect(result.mappedFragments).toBe(result.queryFragments);
  });

  it('aligns the shared half of a chimera and counts the fraction of query and reference', () => {
    const a = randomCodes(600_000, rng(4));
    const b = randomCodes(600_000, rng(5));
    const chimera = new Uint8Array(600_000);
    chimera.set(a.subarray(0, 300_000));
    chimera.set(b.subarray(0, 300_000), 300_000);
    const result = compareGenomes(asQuery(sketchGenome(genome(chimera))), sketchGenome(genome(a)));
    expect(result.ani).toBeGreaterThan(99.9);
    expect(result.queryAf).toBeGreaterThan(0.48);
    expect(result.queryAf).toBeLessThan(0.52);
    expect(result.referenceAf).toBeGreaterThan(0.48);
    expect(result.referenceAf).toBeLessThan(0.52);
  });

  it('finds at most a chance fragment between unrelated genomes', () => {
    const result = compareGenomes(asQuery(sketchGenome(genome(randomCodes(400_000, rng(8))))), sketchGenome(genome(randomCodes(400_000, rng(9)))));
    expect(result.queryAf).toBeLessThan(0.02);
    expect(result.mappedFragments).toBeLessThan(GENOME_THRESHOLDS.minFragments);
  });
});

function hit(species: string, ani: number, queryAf = 0.9, extra: Partial<GenomeHit> = {}): Omit<GenomeHit, 'rank'> {
  return {
    referenceId: species,
    species,
    strain: '',
    accession: '',
    ani,
    queryAf,
    referenceAf: queryAf,
    mappedFragments: Math.round(queryAf * 1000),
    queryFragments: 1000,
    sharedHashes: 100,
    referenceLength: 5e6,
    referenceGcPercent: 50,
    supported: queryAf >= GENOME_THRESHOLDS.minQueryAf,
    comparable: ani >= GENOME_THRESHOLDS.comparable,
    ...extra,
  };
}

describe('calls', () => {
  it('calls the species at 95 % ANI with half the query aligned, the genus just below, nothing below 85 %', () => {
    expect(callFromHits([hit('Listeria monocytogenes', 95.0, 0.5)])).toMatchObject({ level: 'species', species: 'Listeria monocytogenes' });
    expect(callFromHits([hit('Listeria monocytogenes', 94.99, 0.9)])).toMatchObject({ level: 'genus', genus: 'Listeria' });
    expect(callFromHits([hit('Listeria monocytogenes', 95.5, 0.49)])).toMatchObject({ level: 'genus' });
    expect(callFromHits([hit('Listeria monocytogenes', 95.5, 0.49)]).notes.map((n) => n.code)).toContain('low-af');
    expect(callFromHits([hit('Listeria monocytogenes', 85.0)])).toMatchObject({ level: 'genus' });
    expect(callFromHits([hit('Listeria monocytogenes', 84.99)])).toMatchObject({ level: 'none', species: null });
  });

  it('does not call a genus where other genera reach: a C. freundii at 83.66 % to Salmonella is no Salmonella', () => {
    const call = callFromHits([hit('Salmonella enterica', 83.66, 0.62), hit('Escherichia coli', 82.9, 0.6)]);
    expect(call).toMatchObject({ level: 'none', species: null, genus: null });
    expect(calledName(call)).toBeNull();
    expect(call.notes.map((n) => n.code)).toEqual(['unsupported', 'genus-overlap']);
    expect(call.notes[1]!.text.zh).toContain('Salmonella enterica');
  });

  it('says no genome of its species is in the library only when that is what the ANI shows', () => {
    const pylori = callFromHits([hit('Helicobacter pylori', 94.98, 0.85)]);
    expect(pylori).toMatchObject({ level: 'genus', genus: 'Helicobacter' });
    const codes = pylori.notes.map((n) => n.code);
    expect(codes).toContain('species-boundary');
    expect(codes).not.toContain('no-reference-species');
    expect(pylori.notes.find((n) => n.code === 'species-boundary')!.text.en).toMatch(/divergent strain of Helicobacter pylori/);
    expect(callFromHits([hit('Klebsiella pneumoniae', 88.3, 0.8)]).notes.map((n) => n.code)).toContain('no-reference-species');
  });

  it('marks ANI below 78 % as not comparable', () => {
    expect(hit('Acinetobacter baumannii', 74.1).comparable).toBe(false);
    const random = callFromHits([hit('Acinetobacter baumannii', 74.1, 0.2)]);
    expect(random.level).toBe('none');
    expect(random.notes.map((n) => n.code)).toEqual(['unsupported']);
  });

  it('calls the K. pneumoniae complex for a K. africana near K. pneumoniae and K. variicola, not K. pneumoniae at species level', () => {
    const africana = callFromHits([hit('Klebsiella pneumoniae', 95.57, 0.86), hit('Klebsiella variicola', 94.2, 0.84)]);
    expect(africana).toMatchObject({ level: 'species', ambiguous: false, complex: { id: 'klebsiella-pneumoniae-complex', name: 'Klebsiella pneumoniae complex' } });
    expect(calledName(africana)).toBe('Klebsiella pneumoniae complex');
    expect(africana.notes[0]!.code).toBe('complex');
    // A K. pneumoniae well inside its species stays K. pneumoniae.
    expect(calledName(callFromHits([hit('Klebsiella pneumoniae', 99.1), hit('Klebsiella variicola', 95.1)]))).toBe('Klebsiella pneumoniae');
  });

  it('heads a Shigella boydii genome E. coli / Shigella, the complex ANI cannot split', () => {
    const boydii = callFromHits([hit('Escherichia coli', 98.45, 0.94), hit('Shigella flexneri', 98.2, 0.9)]);
    expect(boydii).toMatchObject({ level: 'species', complex: { name: 'Escherichia coli / Shigella' } });
    expect(calledName(boydii)).toBe('Escherichia coli / Shigella');
    expect(calledName(callFromHits([hit('Mycobacterium tuberculosis', 99.9)]))).toBe('Mycobacterium tuberculosis complex');
  });

  it('needs real support: a few fragments at high identity are not a genome', () => {
    const few = hit('Klebsiella pneumoniae', 99, 0.05, { mappedFragments: 50, supported: false });
    expect(callFromHits([few])).toMatchObject({ level: 'none' });
    expect(callFromHits([few]).notes[0]!.code).toBe('unsupported');
  });

  it('marks a second species within 2 points as ambiguous, and names the next species', () => {
    const call = callFromHits([hit('Pseudomonas aeruginosa', 96.0), hit('Pseudomonas paraeruginosa', 94.5)]);
    expect(call).toMatchObject({ level: 'species', ambiguous: true, runnerUp: { species: 'Pseudomonas paraeruginosa', ani: 94.5 } });
    expect(callFromHits([hit('Pseudomonas aeruginosa', 98.9), hit('Pseudomonas paraeruginosa', 94.5)]).ambiguous).toBe(false);
  });

  it('always says that ANI cannot separate E. coli and Shigella, and which tests can', () => {
    for (const species of ['Escherichia coli', 'Shigella flexneri', 'Shigella sonnei']) {
      const call = callFromHits([hit(species, 98.4), hit(species === 'Escherichia coli' ? 'Shigella flexneri' : 'Escherichia coli', 98.1)]);
      expect(call.level).toBe('species');
      expect(call.ambiguous).toBe(false);
      const note = call.notes.find((n) => n.code === 'ecoli-shigella');
      expect(note?.text.en).toMatch(/lysine decarboxylase/);
      expect(note?.text.zh).toMatch(/赖氨酸脱羧酶/);
    }
    expect(callFromHits([hit('Salmonella enterica', 98.4)]).notes.find((n) => n.code === 'ecoli-shigella')).toBeUndefined();
  });
});

describe('identification against a library', () => {
  it('screens, compares and calls the right species among near neighbours', () => {
    const random = rng(11);
    const ancestor = randomCodes(800_000, random);
    const speciesA = mutate(ancestor, 0.03, rng(12)).codes;
    const speciesB = mutate(ancestor, 0.03, rng(13)).codes;
    const outsider = randomCodes(800_000, rng(14));
    const library = new GenomeLibrary([reference('A1', 'Genus alpha', speciesA), reference('B1', 'Genus beta', speciesB), reference('O1', 'Other gamma', outsider)]);
    const query = mutate(speciesA, 0.01, rng(15)).codes;
    const result = identifyGenome(prepareQuery({ ...genome(query, 4), gc: 0, ambiguous: 0 }), library);
    expect(result.call).toMatchObject({ level: 'species', species: 'Genus alpha' });
    expect(result.call.ani!).toBeGreaterThan(98.5);
    expect(result.hits[0]!.species).toBe('Genus alpha');
    expect(result.hits[1]!.species).toBe('Genus beta');
    expect(result.hits[1]!.ani).toBeLessThan(95);
    expect(result.hits.find((h) => h.species === 'Other gamma')?.supported ?? false).toBe(false);
  });

  it('says nothing reliable for a genome unlike any reference', () => {
    const library = new GenomeLibrary([reference('A1', 'Genus alpha', randomCodes(500_000, rng(21)))]);
    const result = identifyGenome(prepareQuery({ ...genome(randomCodes(500_000, rng(22))), gc: 0, ambiguous: 0 }), library);
    expect(result.call.level).toBe('none');
  });
});

describe('assembly QC', () => {
  it('computes N50, GC and N content', () => {
    const stats = assemblyStats({ contigs: [{ length: 500 }, { length: 300 }, { length: 200 }], length: 1000, gc: 450, ambiguous: 100 });
    expect(stats).toEqual({ length: 1000, contigs: 3, n50: 500, largestContig: 500, gcPercent: 50, nPercent: 10 });
  });

  it('flags size and GC outside the species references, and a share of another genus', () => {
    const stats = assemblyStats({ contigs: [{ length: 7_000_000 }], length: 7_000_000, gc: 3_850_000, ambiguous: 0 });
    const range = { species: 'Escherichia coli', references: 3, lengthMin: 4.6e6, lengthMax: 5.5e6, gcMin: 50.5, gcMax: 50.8 };
    const report = assessAssembly(stats, range, { share: 0.12, genera: [{ genus: 'Klebsiella', share: 0.12 }] });
    expect(report.findings.map((f) => f.code).sort()).toEqual(['contamination', 'gc-high', 'size-large']);
    expect(report.findings.find((f) => f.code === 'contamination')!.text.en).toMatch(/Klebsiella 12\.0%/);
    const fine = assessAssembly(assemblyStats({ contigs: [{ length: 5e6 }], length: 5e6, gc: 2.53e6, ambiguous: 0 }), range, { share: 0.01, genera: [] });
    expect(fine.findings).toEqual([]);
  });
});

describe('packed sequences', () => {
  it('keep bases and N runs exactly, in a quarter of the bytes', () => {
    const codes = randomCodes(10_001, rng(31));
    codes.fill(4, 0, 3);
    codes.fill(4, 5000, 5100);
    codes[10_000] = 4;
    const packed = packSequence(codes);
    expect(packed.length).toBeLessThan(codes.length / 4 + 64);
    expect([...unpackSequence(packed)]).toEqual([...codes]);
    expect(() => unpackSequence(packed.subarray(0, 40))).toThrow(/truncated/);
    expect(() => unpackSequence(new Uint8Array(20))).toThrow(/not a packed/);
  });
});

describe('16S copies', () => {
  const motif = 'GTGCCAGCAGCCGCGGTAATAC';
  const encode = (text: string) => Uint8Array.from(text, (c) => 'ACGT'.indexOf(c));
  const reverseComplement = (text: string) => [...text].reverse().map((c) => 'TGCA'['ACGT'.indexOf(c)]).join('');

  it('finds each copy on either strand by its universal motif and cuts it out in the gene direction', () => {
    const random = rng(41);
    const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
    const gene = bases(515) + motif + bases(1000);
    const text = bases(20_000) + gene + bases(30_000) + reverseComplement(gene) + bases(10_000);
    const codes = encode(text);
    const copies = find16SCopies({ codes, contigs: [{ name: 'chr', start: 0, length: codes.length }] });
    expect(copies.map((c) => c.strand)).toEqual(['+', '-']);
    for (const copy of copies) expect(copy.sequence).toContain(gene.slice(60, 1400));
    expect(copies[0]!.start).toBeLessThan(20_000 + 10);
  });

  it('cuts the gene at its universal start and end sites when they are there', () => {
    const random = rng(43);
    const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
    // E. coli numbering: 27F site at 8–27, the 515F core at 520, the 1492R site at 1492, gene end 1542.
    const gene = bases(7) + 'AGAGTTTGATCATGGCTCAG' + bases(492) + 'AGCAGCCGCGGTAA' + bases(958) + 'AAGTCGTAACAAGGTAACC' + bases(32);
    expect(gene.length).toBe(1542);
    const text = bases(5000) + reverseComplement(gene) + bases(5000);
    const [copy] = find16SCopies({ codes: encode(text), contigs: [{ name: 'c', start: 0, length: text.length }] });
    expect(copy!.sequence).toBe(gene);
    expect([copy!.start, copy!.end, copy!.strand]).toEqual([5001, 6542, '-']);
  });

  it('measures identity between copies', () => {
    const random = rng(42);
    const a = Array.from({ length: 1500 }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
    const b = a.slice(0, 700) + 'T' + a.slice(701, 1200) + a.slice(1203);
    expect(copyIdentity(a, a)).toBe(100);
    const identity = copyIdentity(a, b);
    expect(identity).toBeLessThan(100);
    expect(identity).toBeGreaterThan(99.6);
  });
});
