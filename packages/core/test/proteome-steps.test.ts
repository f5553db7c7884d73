import { describe, expect, it } from 'vitest';
import {
  apexMz,
  detectPeaks,
  estimateNoiseMad,
  localMaxima,
  median,
  normaliseTic,
  preprocessParameters,
  preprocessSpectrum,
  processProfile,
  runningExtreme,
  savitzkyGolayWeights,
  smoothSavitzkyGolay,
  snipBaseline,
  stabiliseVariance,
  strongestPeaks,
  subtractBaseline,
  thinProfile,
  topHatBaseline,
  totalIonCurrent,
  trimProfile,
  DEFAULT_PREPROCESS,
  ProteomeParameterError,
} from '@mdc/core/identify/proteome';

const f64 = (values: number[]) => Float64Array.from(values);
const profile = (mz: number[], y: number[]) => ({ mz: f64(mz), intensity: f64(y) });

/** Deterministic noise (a linear congruential generator), so failures reproduce. */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

describe('variance stabilisation', () => {
  it('takes square roots and sets negative intensities to zero', () => {
    const p = stabiliseVariance(profile([1, 2, 3, 4], [16, 2.25, -4, 0]));
    expect([...p.intensity]).toEqual([4, 1.5, 0, 0]);
  });
});

describe('Savitzky–Golay smoothing', () => {
  it('has the textbook 5-point quadratic weights, centre and edges', () => {
    const rows = savitzkyGolayWeights(2, 2);
    const scaled = rows.map((r) => [...r].map((w) => Math.round(w * 35 * 1e9) / 1e9));
    // Centre: (−3, 12, 17, 12, −3)/35; first point: (31, 9, −3, −5, 3)/35; second: (9, 13, 12, 6, −5)/35.
    expect(scaled[2]).toEqual([-3, 12, 17, 12, -3]);
    expect(scaled[0]).toEqual([31, 9, -3, -5, 3]);
    expect(scaled[1]).toEqual([9, 13, 12, 6, -5]);
  });

  it('weights of every row sum to one (a constant stays constant)', () => {
    for (const row of savitzkyGolayWeights(10, 3)) expect(row.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
  });

  it('reproduces a cubic exactly, edges included', () => {
    const x = Array.from({ length: 40 }, (_, i) => i);
    const cubic = x.map((t) => 0.002 * t ** 3 - 0.1 * t ** 2 + 3 * t + 50);
    const smoothed = smoothSavitzkyGolay(profile(x, cubic), 5, 3);
    smoothed.intensity.forEach((v, i) => expect(v).toBeCloseTo(cubic[i]!, 8));
  });

  it('smooths a spike by the centre weights: 17/35 of it stays, 12/35 and −3/35 spread', () => {
    const y = new Array(11).fill(0);
    y[5] = 35;
    const s = smoothSavitzkyGolay(profile(y.map((_, i) => i), y), 2, 2).intensity;
    expect(s[5]).toBeCloseTo(17, 10);
    expect(s[4]).toBeCloseTo(12, 10);
    expect(s[6]).toBeCloseTo(12, 10);
    // −3 would be negative: intensities below zero are set to zero.
    expect(s[3]).toBe(0);
    expect(s[7]).toBe(0);
  });

  it('leaves a spectrum shorter than the window as it is', () => {
    expect([...smoothSavitzkyGolay(profile([1, 2, 3], [1, 5, 2]), 2, 2).intensity]).toEqual([1, 5, 2]);
  });

  it('refuses a polynomial as long as the window', () => {
    expect(() => savitzkyGolayWeights(1, 3)).toThrow(RangeError);
  });
});

describe('baseline', () => {
  it('SNIP clips a peak off a straight background, hand-computed', () => {
    // k = 1: point 3 becomes (2 + 4)/2 = 3; elsewhere the neighbour mean equals or exceeds the point.
    expect([...snipBaseline([0, 1, 2, 13, 4, 5, 6], 1)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('SNIP with a decreasing window clips wide, then narrow, hand-computed', () => {
    // k = 2: j=2 → min(8, (0+0)/2) = 0; j=3 → min(4, (4+0)/2) = 2; j=4 → min(0, (8+0)/2) = 0.
    // k = 1: j=1 → min(4, (0+0)/2) = 0; j=2 → 0; j=3 → min(2, (0+0)/2) = 0; j=4, 5 → 0.
    expect([...snipBaseline([0, 4, 8, 4, 0, 0, 0], 2)]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Only k = 1 on the same data: the peak's shoulders clip to the mean of their neighbours.
    expect([...snipBaseline([0, 4, 8, 4, 0, 0, 0], 1)]).toEqual([0, 4, 4, 4, 0, 0, 0]);
  });

  it('TopHat removes features narrower than the window and keeps wider ones', () => {
    expect([...topHatBaseline([2, 2, 2, 9, 2, 2, 2], 1)]).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect([...topHatBaseline([1, 5, 5, 5, 1], 1)]).toEqual([1, 5, 5, 5, 1]);
  });

  it('running minimum and maximum match a brute-force window', () => {
    const r = noise(7);
    const x = Array.from({ length: 200 }, () => r());
    for (const hw of [1, 3, 10]) {
      const min = runningExtreme(x, hw, false);
      const max = runningExtreme(x, hw, true);
      for (let i = 0; i < x.length; i++) {
        const w = x.slice(Math.max(0, i - hw), Math.min(x.length, i + hw + 1));
        expect(min[i]).toBe(Math.min(...w));
        expect(max[i]).toBe(Math.max(...w));
      }
    }
  });

  it('subtraction never goes below zero', () => {
    expect([...subtractBaseline(profile([1, 2, 3], [5, 1, 3]), [2, 2, 2]).intensity]).toEqual([3, 0, 1]);
  });
});

describe('normalisation and trimming', () => {
  it('TIC is the trapezoid area, over a range when given', () => {
    const p = profile([1, 2, 4], [2, 4, 0]);
    expect(totalIonCurrent(p)).toBe(7); // (2+4)/2·1 + (4+0)/2·2
    expect(totalIonCurrent(p, 2, 4)).toBe(4);
    const { profile: n, tic } = normaliseTic(p);
    expect(tic).toBe(7);
    expect([...n.intensity]).toEqual([2 / 7, 4 / 7, 0]);
    expect(totalIonCurrent(n)).toBeCloseTo(1, 12);
  });

  it('a zero current leaves the profile unchanged', () => {
    const p = profile([1, 2], [0, 0]);
    expect(normaliseTic(p).tic).toBe(0);
  });

  it('trim keeps the closed range', () => {
    const t = trimProfile(profile([1000, 2000, 3000, 20000, 20001], [1, 2, 3, 4, 5]), 2000, 20000);
    expect([...t.mz]).toEqual([2000, 3000, 20000]);
    expect([...t.intensity]).toEqual([2, 3, 4]);
  });
});

describe('noise and peaks', () => {
  it('median and MAD, hand-computed', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // median 3; deviations 2, 1, 0, 1, 97 → median 1 → 1.4826.
    expect(estimateNoiseMad([1, 2, 3, 4, 100])).toBeCloseTo(1.4826, 12);
  });

  it('local maxima: one per plateau, windows cut at the ends', () => {
    expect(localMaxima([0, 1, 3, 3, 2, 0, 5, 0], 1)).toEqual([2, 6]);
    expect(localMaxima([0, 1, 3, 3, 2, 0, 5, 0], 2)).toEqual([2, 6]);
    // Within ±3 points the 3 at index 2 is below the 5 at index 6? No: 6 − 2 = 4 > 3, so both stay;
    // with ±4 the 3 is no longer the highest of its window.
    expect(localMaxima([0, 1, 3, 3, 2, 0, 5, 0], 4)).toEqual([6]);
  });

  it('the apex lies at the vertex of the parabola through the top three points', () => {
    // Parabola through (−1, 1), (0, 3), (1, 2): vertex at (1 − 2)/(2·(1 − 6 + 2)) = 1/6 sample.
    expect(apexMz(profile([100, 101, 102], [1, 3, 2]), 1)).toBeCloseTo(101 + 1 / 6, 12);
    expect(apexMz(profile([100, 101, 102], [1, 3, 2]), 0)).toBe(100);
  });

  it('keeps local maxima above SNR × noise, with their signal-to-noise ratio', () => {
    const y = [0, 2, 0, 0, 7, 0, 0, 4, 0];
    const p = profile(y.map((_, i) => 1000 + i), y);
    const peaks = detectPeaks(p, 1, 3, 1);
    expect(peaks.map((q) => [q.mz, q.intensity, q.snr])).toEqual([
      [1004, 7, 7],
      [1007, 4, 4],
    ]);
  });

  it('strongest peaks: by intensity, returned in m/z order', () => {
    const peaks = [
      { mz: 3, intensity: 1 },
      { mz: 1, intensity: 5 },
      { mz: 2, intensity: 3 },
    ];
    expect(strongestPeaks(peaks, 2).map((q) => q.mz)).toEqual([1, 2]);
  });
});

/** A synthetic linear-mode spectrum: Gaussian peaks on a decaying background with noise. */
function synthetic(peaks: Array<[number, number]>, seed = 1) {
  const r = noise(seed);
  const mz: number[] = [];
  const y: number[] = [];
  for (let m = 1800; m <= 20500; m += 0.5 + m / 20000) {
    let v = 4000 * Math.exp(-(m - 1800) / 2500) + 200 + 15 * r();
    for (const [at, h] of peaks) {
      const sd = at * 0.0004;
      v += h * Math.exp(-0.5 * ((m - at) / sd) ** 2);
    }
    mz.push(m);
    y.push(Math.max(0, v));
  }
  return { mz: f64(mz), intensity: f64(y), kind: 'profile' as const };
}

describe('preprocessing a whole spectrum', () => {
  const planted: Array<[number, number]> = [
    [2500, 3000],
    [4365, 9000],
    [5381, 6000],
    [6255, 5000],
    [7274, 8000],
    [9536, 2500],
    [10300, 4000],
    [13683, 2000],
    [16952, 1500],
  ];
  const spectrum = synthetic(planted);

  const strongest = <P extends { mz: number; intensity: number }>(peaks: P[], n: number): P[] =>
    [...peaks].sort((a, b) => b.intensity - a.intensity).slice(0, n).sort((a, b) => a.mz - b.mz);

  it('the planted peaks are found within 200 ppm and stand far above the noise peaks', () => {
    const result = preprocessSpectrum(spectrum);
    expect(result.kind).toBe('profile');
    const top = strongest(result.peaks, planted.length);
    planted.forEach(([at], i) => expect(Math.abs(top[i]!.mz - at) / at, `peak at ${at}`).toBeLessThan(200e-6));
    // MAD noise on a baseline-free spectrum is small: ripples pass the threshold too, but far lower.
    const weakestPlanted = Math.min(...top.map((p) => p.snr!));
    const others = result.peaks.filter((p) => !top.includes(p));
    expect(Math.max(...others.map((p) => p.snr!))).toBeLessThan(weakestPlanted / 5);
    expect(result.peaks.every((p) => p.snr! > DEFAULT_PREPROCESS.snr)).toBe(true);
    expect(result.peaksDetected).toBe(result.peaks.length);
  });

  it('keeps the strongest peaks of the analysed range and returns the parameters it used', () => {
    const full = preprocessSpectrum(spectrum).peaks.filter((p) => p.mz >= 4000 && p.mz <= 12000);
    const result = preprocessSpectrum(spectrum, { mzFrom: 4000, mzTo: 12000, maxPeaks: 3 });
    expect(result.peaks.map((p) => p.mz)).toEqual(strongest(full, 3).map((p) => p.mz));
    expect(result.peaks.every((p) => p.mz >= 4000 && p.mz <= 12000)).toBe(true);
    expect(result.parameters).toMatchObject({ mzFrom: 4000, mzTo: 12000, maxPeaks: 3, snipIterations: 100 });
  });

  it('TopHat and SNIP find the same planted peaks', () => {
    const snip = strongest(preprocessSpectrum(spectrum).peaks, planted.length);
    const tophat = strongest(preprocessSpectrum(spectrum, { baseline: 'tophat', topHatHalfWindow: 150 }).peaks, planted.length);
    tophat.forEach((p, i) => expect(Math.abs(p.mz - snip[i]!.mz)).toBeLessThan(1));
  });

  it('each stage can be run on its own; the processed profile integrates to one over the range', () => {
    const p = preprocessParameters();
    const processed = processProfile({ mz: spectrum.mz, intensity: spectrum.intensity }, p);
    expect(processed.mz[0]).toBeGreaterThanOrEqual(2000);
    expect(processed.mz[processed.mz.length - 1]).toBeLessThanOrEqual(20000);
    expect(totalIonCurrent(processed)).toBeCloseTo(1, 2);
  });

  it('thins the profile for drawing, keeping the highest points', () => {
    const result = preprocessSpectrum(spectrum, {}, { keepProfile: 1000 });
    expect(result.profile!.mz.length).toBeLessThanOrEqual(1000);
    const max = Math.max(...result.profile!.intensity);
    const full = processProfile({ mz: spectrum.mz, intensity: spectrum.intensity }, preprocessParameters());
    expect(max).toBe(Math.max(...full.intensity));
    expect(thinProfile(full, 10 ** 7)).toBe(full);
  });

  it('a peak list is trimmed, square-rooted, summed to one and cut to the strongest', () => {
    const list = { mz: f64([1500, 4000, 5000, 6000]), intensity: f64([100, 9, 16, 0]), kind: 'peaks' as const };
    const result = preprocessSpectrum(list);
    expect(result.kind).toBe('peaks');
    expect(result.noise).toBeNull();
    // 1500 is below the range and 6000 has no intensity: √9 = 3 and √16 = 4, over their sum 7.
    expect(result.peaks).toEqual([
      { mz: 4000, intensity: 3 / 7 },
      { mz: 5000, intensity: 4 / 7 },
    ]);
  });

  it('refuses nonsense parameters', () => {
    expect(() => preprocessParameters({ snr: -1 })).toThrow(ProteomeParameterError);
    expect(() => preprocessParameters({ mzFrom: 5000, mzTo: 4000 })).toThrow(ProteomeParameterError);
    expect(() => preprocessParameters({ smoothingHalfWindow: 1, smoothingOrder: 3 })).toThrow(ProteomeParameterError);
    expect(() => preprocessParameters({ baseline: 'magic' as never })).toThrow(ProteomeParameterError);
    expect(() => preprocessParameters({ maxPeaks: 2.5 })).toThrow(ProteomeParameterError);
  });
});
