import { describe, expect, it } from 'vitest';
import {
  buildLibraryEntry,
  explainScore,
  groupPeaks,
  identifyPeaks,
  intensityCorrelation,
  levelOfScore,
  logScore,
  logScoreOf,
  matchPeaks,
  mergeReplicates,
  pearson,
  roundScore,
  SCORE_BANDS,
  type LibraryEntry,
  type MainSpectrumPeak,
  type Peak,
} from '@mdc/core/identify/proteome';

const ref = (pairs: Array<[number, number]>, frequency = 1): MainSpectrumPeak[] => pairs.map(([mz, intensity]) => ({ mz, intensity, frequency }));
const peaks = (pairs: Array<[number, number]>): Peak[] => pairs.map(([mz, intensity]) => ({ mz, intensity }));

describe('peak matching', () => {
  it('pairs one to one within the tolerance, the closest first', () => {
    // 1000 and 1000.5 both lie within 800 ppm of 1000.2; 1000 is closer (200 vs 300 ppm).
    // 2000 vs 2003 is 1,498 ppm apart: no match.
    expect(matchPeaks(peaks([[1000, 1], [1000.5, 1], [2000, 1]]), ref([[1000.2, 1], [2003, 1]]), 800)).toEqual([[0, 0]]);
  });

  it('the tolerance is relative to the reference m/z and inclusive', () => {
    expect(matchPeaks(peaks([[10008, 1]]), ref([[10000, 1]]), 800)).toEqual([[0, 0]]);
    expect(matchPeaks(peaks([[10008.1, 1]]), ref([[10000, 1]]), 800)).toEqual([]);
    expect(matchPeaks(peaks([[4001, 1]]), ref([[4000, 1]]), 200)).toEqual([]);
  });

  it('a reference peak between two query peaks goes to the closer one, the other may take the next', () => {
    // 5002–5001.5 is 100 ppm, the closest pair; 5000 then takes 5003.5 (700 ppm, within 800).
    expect(matchPeaks(peaks([[5000, 1], [5002, 1]]), ref([[5001.5, 1], [5003.5, 1]]), 800)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(matchPeaks(peaks([[5000, 1], [5002, 1]]), ref([[5001.5, 1], [5003.5, 1]]), 600)).toEqual([[1, 0]]);
  });
});

describe('log score', () => {
  it('log10(1000 × query share × reference share × correlation), hand-computed', () => {
    // 3 of 4 query peaks and 3 of 4 reference peaks match; intensities 1, 2, 3 vs 2, 4, 6: r = 1.
    const query = peaks([[3000, 1], [4000, 2], [5000, 3], [8000, 9]]);
    const reference = ref([[3001, 2], [4001, 4], [5001, 6], [11000, 5]]);
    const x = explainScore(query, reference, 800);
    expect(x.queryMatchedShare).toBe(0.75);
    expect(x.referenceMatchedShare).toBe(0.75);
    expect(x.pearson).toBeCloseTo(1, 12);
    expect(x.intensityCorrelation).toBeCloseTo(1, 12);
    expect(x.score).toBeCloseTo(Math.log10(1000 * 0.75 * 0.75), 10); // 2.7501
    expect(x.matched.map((m) => m.referenceMz)).toEqual([3001, 4001, 5001]);
    expect(x.matched[0]!.errorPpm).toBeCloseTo(((3000 - 3001) / 3001) * 1e6, 8);
    expect(x.unmatchedQuery.map((p) => p.mz)).toEqual([8000]);
    expect(x.unmatchedReference.map((p) => p.mz)).toEqual([11000]);
  });

  it('the intensity factor: r with negative values as 0, and 0.5 below three pairs', () => {
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2], [1, 2])).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(intensityCorrelation(-0.4)).toBe(0);
    expect(intensityCorrelation(0.81)).toBe(0.81);
    expect(intensityCorrelation(null)).toBe(0.5);
    // 2 of 2 peaks matched, r unknown: log10(1000 × 1 × 1 × 0.5) = 2.699.
    expect(logScore(peaks([[3000, 1], [4000, 2]]), ref([[3000, 1], [4000, 1]]))).toBeCloseTo(Math.log10(500), 10);
  });

  it('is 0 when nothing matches or the product is below 0.001, and at most 3', () => {
    expect(logScore(peaks([[3000, 1]]), ref([[9000, 1]]))).toBe(0);
    expect(logScoreOf(0.1, 0.1, 0.09)).toBe(0); // 1000 × 0.0009 = 0.9 < 1
    expect(logScoreOf(0.1, 0.1, 0.11)).toBeCloseTo(Math.log10(1.1), 12);
    expect(logScoreOf(1, 1, 1)).toBe(3);
    expect(logScore([], ref([[3000, 1]]))).toBe(0);
  });

  it('a spectrum against itself scores 3', () => {
    const p = peaks([[2000, 1], [3000, 5], [4000, 2], [6000, 7]]);
    expect(logScore(p, ref(p.map((q) => [q.mz, q.intensity])))).toBe(3);
  });
});

describe('bands', () => {
  it('has the Biotyper edges', () => {
    expect(SCORE_BANDS).toEqual({ subspecies: 2.3, species: 2.0, genus: 1.7 });
  });

  it('puts each score in its band on its two-decimal value', () => {
    expect(levelOfScore(3)).toBe('subspecies');
    expect(levelOfScore(2.3)).toBe('subspecies');
    expect(levelOfScore(2.2951)).toBe('subspecies'); // shown as 2.30
    expect(levelOfScore(2.2949)).toBe('species'); // shown as 2.29
    expect(levelOfScore(2.0)).toBe('species');
    expect(levelOfScore(1.9949)).toBe('genus');
    expect(levelOfScore(1.995)).toBe('species');
    expect(levelOfScore(1.7)).toBe('genus');
    expect(levelOfScore(1.6949)).toBe('none');
    expect(levelOfScore(0)).toBe('none');
    expect(roundScore(2.2951)).toBe(2.3);
  });
});

describe('main spectrum', () => {
  it('merges replicates: peaks in at least half of them, mean m/z and intensity, frequency', () => {
    const main = mergeReplicates([
      peaks([[1000, 2], [2000, 4], [3000, 9]]),
      peaks([[1000.4, 4], [2000.6, 6]]),
      peaks([[999.8, 6], [2001, 8], [4000, 1]]),
    ]);
    expect(main.peaks.length).toBe(2);
    expect(main.peaks[0]!.mz).toBeCloseTo((1000 + 1000.4 + 999.8) / 3, 10);
    expect(main.peaks[0]!.intensity).toBeCloseTo(4, 12);
    expect(main.peaks[0]!.frequency).toBe(1);
    expect(main.peaks[1]!.mz).toBeCloseTo((2000 + 2000.6 + 2001) / 3, 10);
    expect(main.peaks[1]!.intensity).toBeCloseTo(6, 12);
    // 3000 and 4000 were seen once in three replicates: below half.
    expect(main.quality).toMatchObject({ replicates: 3, peaksKept: 2, peaksSeen: 4, agreement: 1, outliers: [] });
    expect(main.quality.replicateScores.length).toBe(3);
  });

  it('lower minFrequency keeps the one-off peaks, with their frequency', () => {
    const main = mergeReplicates([peaks([[1000, 2], [3000, 9]]), peaks([[1000.4, 4]]), peaks([[999.8, 6]])], { minFrequency: 0.25 });
    expect(main.peaks.map((p) => [Math.round(p.mz), p.frequency])).toEqual([
      [1000, 1],
      [3000, 1 / 3],
    ]);
    // Replicates 2 and 3 lack the 3000 peak: each holds 1 of 2 main peaks.
    expect(main.quality.agreement).toBeCloseTo((1 + 0.5 + 0.5) / 3, 12);
  });

  it('never puts two peaks of one replicate in one group: the widest gap splits it', () => {
    const pooled = [
      { mz: 1000, intensity: 1, replicate: 0 },
      { mz: 1000.1, intensity: 1, replicate: 1 },
      { mz: 1000.5, intensity: 1, replicate: 0 },
    ];
    expect(groupPeaks(pooled, 1000)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    // Far apart peaks split even from different replicates.
    expect(groupPeaks([{ mz: 1000, intensity: 1, replicate: 0 }, { mz: 1003, intensity: 1, replicate: 1 }], 1000)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('caps the peak count, keeping the most frequent, then the most intense', () => {
    const a = peaks([[1000, 1], [2000, 5], [3000, 3]]);
    const b = peaks([[1000, 1], [2000, 5]]);
    const main = mergeReplicates([a, b], { maxPeaks: 2, minFrequency: 0 });
    expect(main.peaks.map((p) => p.mz)).toEqual([1000, 2000]);
  });

  it('flags a replicate that does not fit its own main spectrum', () => {
    const good = peaks([[2000, 1], [3000, 2], [4000, 3], [5000, 4], [6000, 5]]);
    const odd = peaks([[2500, 1], [3500, 2], [4500, 3], [5500, 4], [6500, 5]]);
    const main = mergeReplicates([good, good, good, odd]);
    expect(main.quality.outliers).toEqual([3]);
    expect(main.quality.replicateScores[0]).toBe(3);
  });

  it('needs a replicate', () => {
    expect(() => mergeReplicates([])).toThrow(RangeError);
  });
});

/** Reference peaks spread over 2–20 kDa, distinct for each seed. */
function speciesPeaks(seed: number, n = 40): Array<[number, number]> {
  let s = seed;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push([2000 + (s % 18000) + (seed % 7) * 0.37, 1 + (s % 97)]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

function entry(id: string, species: string, pairs: Array<[number, number]>): LibraryEntry {
  return { id, species, source: 'test', peaks: ref(pairs) };
}

describe('identification', () => {
  const a = speciesPeaks(11);
  const b = speciesPeaks(23);
  const c = speciesPeaks(37);
  const library = [entry('A1', 'Alpha one', a), entry('B1', 'Beta two', b), entry('C1', 'Gamma three', c)];

  it('calls the matching species with its band, the runner-up and no warnings', () => {
    const result = identifyPeaks(peaks(a), library);
    expect(result.call!.species).toBe('Alpha one');
    expect(result.call!.score).toBe(3);
    expect(result.level).toBe('subspecies');
    expect(result.runnerUp!.species).not.toBe('Alpha one');
    expect(result.margin).toBeCloseTo(3 - result.runnerUp!.score, 12);
    expect(result.closeRunnerUp).toBe(false);
    expect(result.noReliableIdentification).toBe(false);
    expect(result.mixture).toBeNull();
    expect(result.hits.map((h) => h.rank)).toEqual([1, 2, 3]);
    expect(result.explanation!.matched.length).toBe(a.length);
    expect(result.text.en).toMatch(/^Species reliable, subspecies possible/);
    expect(result.text.zh).toMatch(/^种水平可靠，可能到亚种/);
  });

  it('the runner-up is the best hit of another species, not another strain of the same', () => {
    const lib = [...library, entry('A2', 'Alpha one', a.slice(0, 36))];
    const result = identifyPeaks(peaks(a), lib);
    expect(result.hits[1]!.species).toBe('Alpha one');
    expect(result.runnerUp!.species).not.toBe('Alpha one');
  });

  it('flags a runner-up within 0.10 and says so in both languages', () => {
    // A near twin of A: the same peaks but one, scores just below A itself.
    const twin = a.map(([mz, y], i) => [i === 0 ? mz + 300 : mz, y] as [number, number]);
    const result = identifyPeaks(peaks(a), [...library, entry('T1', 'Alpha twin', twin)]);
    expect(result.call!.species).toBe('Alpha one');
    expect(result.runnerUp!.species).toBe('Alpha twin');
    expect(result.margin!).toBeLessThan(0.1);
    expect(result.closeRunnerUp).toBe(true);
    expect(result.text.en).toContain('Alpha twin');
    expect(result.text.zh).toContain('不能可靠区分');
  });

  it('says "no reliable identification" when nothing reaches 1.70', () => {
    const result = identifyPeaks(peaks(speciesPeaks(99)), library);
    expect(result.hits.every((h) => h.score < SCORE_BANDS.genus)).toBe(true);
    expect(result.noReliableIdentification).toBe(true);
    expect(result.level).toBe('none');
    expect(result.text.en).toMatch(/^No reliable identification/);
  });

  it('refuses an empty peak list or an empty library', () => {
    expect(identifyPeaks([], library)).toMatchObject({ refused: 'no-peaks', call: null, level: 'none' });
    expect(identifyPeaks(peaks(a), [])).toMatchObject({ refused: 'empty-library', call: null });
  });

  it('reports a possible mixed culture when the leftover peaks are a second species', () => {
    const mixed = peaks([...a.slice(0, 30), ...b.slice(0, 30)].sort((x, y) => x[0] - y[0]));
    const result = identifyPeaks(mixed, library);
    expect(['Alpha one', 'Beta two']).toContain(result.call!.species);
    expect(result.mixture).not.toBeNull();
    expect([...result.mixture!.species].sort()).toEqual(['Alpha one', 'Beta two']);
    expect(result.mixture!.combinedGain).toBeGreaterThan(0.05);
    expect(result.text.en).toContain('Possible mixed culture');
  });

  it('does not report a mixture for a pure culture of a species with a close relative in the library', () => {
    // The relative shares 30 of A's 40 peaks and has 10 of its own; the query is A plus 8 peaks of noise.
    const relative = [...a.slice(0, 30), ...speciesPeaks(51, 10)].sort((x, y) => x[0] - y[0]);
    const query = peaks([...a, ...speciesPeaks(77, 8)].sort((x, y) => x[0] - y[0]));
    const result = identifyPeaks(query, [...library, entry('R1', 'Alpha relative', relative)]);
    expect(result.call!.species).toBe('Alpha one');
    expect(result.mixture).toBeNull();
  });

  it('builds a library entry from replicate spectra', () => {
    const spectra = [0, 1, 2].map((shift) => ({ mz: Float64Array.from(a.map(([m]) => m + shift * 0.5)), intensity: Float64Array.from(a.map(([, y]) => y)), kind: 'peaks' as const }));
    const built = buildLibraryEntry({ id: 'lab:1', species: 'Alpha one', strain: 'ATCC 1', source: 'my lab' }, spectra);
    expect(built).toMatchObject({ id: 'lab:1', species: 'Alpha one', strain: 'ATCC 1', source: 'my lab' });
    expect(built.peaks.length).toBe(a.length);
    expect(built.quality!.agreement).toBe(1);
    expect(identifyPeaks(peaks(a), [built]).call!.score).toBeGreaterThan(2.9);
  });
});
