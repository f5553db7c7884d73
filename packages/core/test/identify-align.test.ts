import { describe, expect, it } from 'vitest';
import {
  AlignmentWorkspace,
  CigarBuilder,
  QueryWords,
  SemiGlobalAligner,
  alignExact,
  alignmentStats,
  encodeNucleotides,
  renderAlignment,
} from '@mdc/core/identify/rrna';
import { randomSequence, rng } from './identify/helpers';

const codes = (text: string) => encodeNucleotides(text).codes;

function exact(query: string, ref: string, freeStart = true, freeEnd = true) {
  const q = codes(query);
  const r = codes(ref);
  const cigar = new CigarBuilder();
  const result = alignExact(q, 0, q.length, r, 0, r.length, freeStart, freeEnd, new AlignmentWorkspace(), cigar);
  const ops = cigar.toArray();
  return { ...result, stats: alignmentStats(q, r, result.refStart, ops), lines: renderAlignment(q, r, result.refStart, ops) };
}

describe('alignExact', () => {
  it('counts a substitution in a global alignment', () => {
    const a = exact('ACGTTGCAAC', 'ACGTAGCAAC', false, false);
    expect(a.lines).toEqual({ query: 'ACGTTGCAAC', match: '|||| |||||', reference: 'ACGTAGCAAC' });
    expect(a.stats).toMatchObject({ columns: 10, identical: 9, mismatches: 1, gaps: 0, score: 9 * 2 - 3 });
    expect(a.score).toBe(a.stats.score);
  });

  it('skips reference overhangs for free in a semi-global alignment', () => {
    const a = exact('GATTACAGG', 'TTTTGATTACAGGTTTT');
    expect(a.refStart).toBe(4);
    expect(a.refEnd).toBe(13);
    expect(a.stats).toMatchObject({ columns: 9, identical: 9, gaps: 0, score: 18 });
  });

  it('counts query bases beyond the reference ends as gap columns', () => {
    const a = exact('CCCCCGATTACAGGCATG', 'GATTACAGGCATGTTTT');
    expect(a.lines.query).toBe('CCCCCGATTACAGGCATG');
    expect(a.lines.reference).toBe('-----GATTACAGGCATG');
    expect(a.stats).toMatchObject({ columns: 18, identical: 13, gaps: 5, gapOpens: 1, score: 26 - (5 + 5 * 2) });
  });

  it('places one affine gap for a two-base deletion', () => {
    const a = exact('AACCGGTTACGTTGCAAGGT', 'AACCGGTTACGTCATGCAAGGT', false, false);
    expect(a.stats).toMatchObject({ columns: 22, identical: 20, mismatches: 0, gaps: 2, gapOpens: 1, score: 40 - 9 });
    expect(a.lines.query.replace(/-/g, '')).toBe('AACCGGTTACGTTGCAAGGT');
    expect(a.lines.reference).toBe('AACCGGTTACGTCATGCAAGGT');
  });

  it('keeps banded results equal to the full matrix when the path stays in the band', () => {
    const random = rng(11);
    const ref = randomSequence(300, random);
    const query = ref.slice(0, 140) + ref.slice(143, 300);
    const q = codes(query);
    const r = codes(ref);
    const full = alignExact(q, 0, q.length, r, 0, r.length, false, false, new AlignmentWorkspace(), new CigarBuilder());
    const banded = alignExact(q, 0, q.length, r, 0, r.length, false, false, new AlignmentWorkspace(), new CigarBuilder(), 8);
    expect(banded.score).toBe(full.score);
    expect(full.score).toBe(297 * 2 - (5 + 3 * 2));
  });
});

describe('SemiGlobalAligner (word-anchored)', () => {
  it('never beats and almost always equals the full dynamic programming optimum', () => {
    const random = rng(2024);
    const aligner = new SemiGlobalAligner();
    let equal = 0;
    const trials = 60;
    for (let t = 0; t < trials; t++) {
      const ref = randomSequence(500 + Math.floor(random() * 300), random);
      const rate = random() * 0.15;
      let query = '';
      const from = Math.floor(random() * 60);
      const to = ref.length - Math.floor(random() * 60);
      for (let i = from; i < to; i++) {
        const x = random();
        if (x < rate * 0.7) query += 'ACGT'[Math.floor(random() * 4)];
        else if (x < rate * 0.85) continue;
        else if (x < rate) query += ref[i]! + 'ACGT'[Math.floor(random() * 4)];
        else query += ref[i];
      }
      if (random() < 0.3) query = randomSequence(20, random) + query;
      const q = codes(query);
      const r = codes(ref);
      const anchored = aligner.align(new QueryWords(q, 12), r);
      const stats = alignmentStats(q, r, anchored.refStart, anchored.cigar);
      expect(stats.score).toBe(anchored.score);
      // Counts tallied while aligning agree with a walk over the finished alignment.
      expect(anchored.stats).toEqual(stats);
      // The query is aligned end to end: every base exactly once, in order.
      expect(renderAlignment(q, r, anchored.refStart, anchored.cigar).query.replace(/-/g, '')).toBe(query);
      const full = exact(query, ref);
      expect(anchored.score).toBeLessThanOrEqual(full.score);
      if (anchored.score === full.score) equal++;
    }
    expect(equal).toBeGreaterThanOrEqual(trials - 2);
  });

  it('aligns the whole query even without any shared word', () => {
    const random = rng(5);
    const query = randomSequence(80, random);
    const ref = randomSequence(120, random);
    const q = codes(query);
    const r = codes(ref);
    const a = new SemiGlobalAligner().align(new QueryWords(q, 12), r);
    expect(renderAlignment(q, r, a.refStart, a.cigar).query.replace(/-/g, '')).toBe(query);
    expect(a.score).toBe(exact(query, ref).score);
  });
});

describe('WebAssembly kernels', () => {
  it('align exactly like the JavaScript loops, including after their memory grows', () => {
    const random = rng(31);
    const withWasm = new SemiGlobalAligner();
    const withoutWasm = new SemiGlobalAligner(undefined, { wasm: false });
    expect(withWasm.ws.kernel).not.toBeNull();
    expect(withoutWasm.ws.kernel).toBeNull();
    for (let t = 0; t < 40; t++) {
      const ref = randomSequence(600 + Math.floor(random() * 2000), random);
      let query = '';
      const rate = random() * 0.25;
      for (let i = Math.floor(random() * 80); i < ref.length - Math.floor(random() * 80); i++) {
        const x = random();
        if (x < rate * 0.6) query += 'ACGTNRY'[Math.floor(random() * 7)];
        else if (x < rate * 0.8) continue;
        else if (x < rate) query += ref[i]! + 'ACGT'[Math.floor(random() * 4)];
        else query += ref[i];
      }
      const q = codes(query);
      const r = codes(ref);
      const words = new QueryWords(q, 12);
      const a = withWasm.align(words, r);
      const b = withoutWasm.align(words, r);
      expect(a.score).toBe(b.score);
      expect([a.refStart, a.refEnd]).toEqual([b.refStart, b.refEnd]);
      expect(Array.from(a.cigar)).toEqual(Array.from(b.cigar));
      expect(a.stats).toEqual(b.stats);
    }
    // A full matrix larger than the kernel's initial trace memory (relayout while in use).
    const ref = codes(randomSequence(3000, random));
    const q = codes(randomSequence(1500, random));
    const run = (ws: AlignmentWorkspace) => {
      const cigar = new CigarBuilder(q, ref);
      const result = alignExact(q, 0, q.length, ref, 0, ref.length, true, true, ws, cigar);
      return { ...result, cigar: Array.from(cigar.toArray()) };
    };
    expect(run(new AlignmentWorkspace())).toEqual(run(new AlignmentWorkspace(undefined, { wasm: false })));
  });
});
