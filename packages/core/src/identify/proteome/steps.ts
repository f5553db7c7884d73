/**
 * The signal-processing steps of the MALDI-TOF pipeline, one function each, in the order they run.
 * The design follows MALDIquant (Gibb & Strimmer 2012): every step takes a profile and returns a new
 * one, window sizes are counted in points (samples of the time-of-flight detector), and intensities
 * that a step drives below zero are set to zero, since a negative ion count means nothing.
 */
import type { Peak, Profile } from './types';

function assertSameLength(p: Profile): void {
  if (p.mz.length !== p.intensity.length) throw new RangeError('m/z and intensity arrays differ in length');
}

function clampNegative(y: Float64Array): Float64Array {
  for (let i = 0; i < y.length; i++) if (!(y[i]! > 0)) y[i] = 0;
  return y;
}

/**
 * Variance stabilisation: ion counts are Poisson-like, so their variance grows with the signal;
 * the square root makes noise about equal over the whole range, which the single noise estimate
 * of peak detection assumes.
 */
export function stabiliseVariance(p: Profile): Profile {
  assertSameLength(p);
  const y = new Float64Array(p.intensity.length);
  for (let i = 0; i < y.length; i++) {
    const v = p.intensity[i]!;
    y[i] = v > 0 ? Math.sqrt(v) : 0;
  }
  return { mz: p.mz, intensity: y };
}

/** Solves the small dense system `a·x = b` by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (p === 0) throw new RangeError('singular system');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Savitzky–Golay weights for a window of `2·halfWindow + 1` points: row `i` (0 … halfWindow) gives
 * the least-squares polynomial of degree `order` through the window, evaluated at the window's
 * point `i`. Row `halfWindow` is the usual centred filter; rows before it smooth the first points
 * of a spectrum from the first full window instead of dropping them (the last points use the rows
 * mirrored).
 */
export function savitzkyGolayWeights(halfWindow: number, order: number): Float64Array[] {
  const size = 2 * halfWindow + 1;
  if (!Number.isInteger(halfWindow) || halfWindow < 1) throw new RangeError('halfWindow must be a whole number ≥ 1');
  if (!Number.isInteger(order) || order < 0 || order >= size) throw new RangeError('order must be a whole number below the window size');
  const rows: Float64Array[] = [];
  for (let at = 0; at <= halfWindow; at++) {
    // Design matrix of powers of the offset from the evaluated point: the fitted value there is
    // the constant term, i.e. the first row of (XᵀX)⁻¹Xᵀ.
    const x: number[][] = [];
    for (let j = 0; j < size; j++) {
      const t = j - at;
      const row: number[] = [];
      for (let k = 0, v = 1; k <= order; k++, v *= t) row.push(v);
      x.push(row);
    }
    const xtx: number[][] = [];
    for (let r = 0; r <= order; r++) {
      const row: number[] = [];
      for (let c = 0; c <= order; c++) {
        let s = 0;
        for (let j = 0; j < size; j++) s += x[j]![r]! * x[j]![c]!;
        row.push(s);
      }
      xtx.push(row);
    }
    const e0 = Array.from({ length: order + 1 }, (_, k) => (k === 0 ? 1 : 0));
    const a = solve(xtx, e0);
    const w = new Float64Array(size);
    for (let j = 0; j < size; j++) {
      let s = 0;
      for (let k = 0; k <= order; k++) s += a[k]! * x[j]![k]!;
      w[j] = s;
    }
    rows.push(w);
  }
  return rows;
}

/** Savitzky–Golay smoothing: keeps peak heights and widths better than a moving average of the same width. */
export function smoothSavitzkyGolay(p: Profile, halfWindow: number, order: number): Profile {
  assertSameLength(p);
  const x = p.intensity;
  const n = x.length;
  const size = 2 * halfWindow + 1;
  if (n < size) return { mz: p.mz, intensity: Float64Array.from(x) };
  const rows = savitzkyGolayWeights(halfWindow, order);
  const centre = rows[halfWindow]!;
  const y = new Float64Array(n);
  for (let i = halfWindow; i < n - halfWindow; i++) {
    let s = 0;
    const from = i - halfWindow;
    for (let j = 0; j < size; j++) s += centre[j]! * x[from + j]!;
    y[i] = s;
  }
  for (let i = 0; i < halfWindow; i++) {
    const w = rows[i]!;
    let left = 0;
    let right = 0;
    for (let j = 0; j < size; j++) {
      left += w[j]! * x[j]!;
      right += w[j]! * x[n - 1 - j]!;
    }
    y[i] = left;
    y[n - 1 - i] = right;
  }
  return { mz: p.mz, intensity: clampNegative(y) };
}

/**
 * SNIP baseline (Ryan et al. 1988) with a decreasing clipping window (Morháč 2009): each pass
 * replaces a point by the mean of its neighbours `k` points away when that mean is lower, for
 * k = iterations … 1. Peaks narrower than the window are clipped away; the slow background stays.
 */
export function snipBaseline(intensity: ArrayLike<number>, iterations: number, decreasing = true): Float64Array {
  const n = intensity.length;
  const y = Float64Array.from(intensity);
  const next = new Float64Array(n);
  const steps = Math.max(0, Math.floor(iterations));
  for (let s = 0; s < steps; s++) {
    const k = decreasing ? steps - s : s + 1;
    if (2 * k >= n) continue;
    for (let j = k; j < n - k; j++) {
      const mean = (y[j - k]! + y[j + k]!) / 2;
      next[j] = mean < y[j]! ? mean : y[j]!;
    }
    // All points of a pass see the previous pass only.
    for (let j = k; j < n - k; j++) y[j] = next[j]!;
  }
  return y;
}

/** Running minimum (`max` false) or maximum over `2·halfWindow + 1` points, windows cut at the ends. */
export function runningExtreme(x: ArrayLike<number>, halfWindow: number, max: boolean): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  // Monotonic deque of indices: O(n) whatever the window.
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let next = 0;
  const better = max ? (a: number, b: number) => a >= b : (a: number, b: number) => a <= b;
  for (let i = 0; i < n; i++) {
    const hi = Math.min(n - 1, i + halfWindow);
    while (next <= hi) {
      while (tail > head && better(x[next]!, x[dq[tail - 1]!]!)) tail--;
      dq[tail++] = next++;
    }
    while (dq[head]! < i - halfWindow) head++;
    out[i] = x[dq[head]!]!;
  }
  return out;
}

/**
 * TopHat baseline: the morphological opening (erosion, then dilation) with a flat window; it
 * follows the background under any feature narrower than the window.
 */
export function topHatBaseline(intensity: ArrayLike<number>, halfWindow: number): Float64Array {
  return runningExtreme(runningExtreme(intensity, halfWindow, false), halfWindow, true);
}

/** Subtracts a baseline estimate (never below zero). */
export function subtractBaseline(p: Profile, baseline: ArrayLike<number>): Profile {
  assertSameLength(p);
  const y = new Float64Array(p.intensity.length);
  for (let i = 0; i < y.length; i++) y[i] = p.intensity[i]! - baseline[i]!;
  return { mz: p.mz, intensity: clampNegative(y) };
}

/** Index of the first m/z ≥ value (binary search on increasing m/z). */
export function lowerBound(mz: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = mz.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (mz[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index after the last m/z ≤ value. */
export function upperBound(mz: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = mz.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (mz[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Total ion current: the trapezoid area under the profile between `from` and `to` m/z (inclusive). */
export function totalIonCurrent(p: Profile, from = -Infinity, to = Infinity): number {
  const a = lowerBound(p.mz, from);
  const b = upperBound(p.mz, to);
  let s = 0;
  for (let i = a + 1; i < b; i++) s += ((p.intensity[i - 1]! + p.intensity[i]!) / 2) * (p.mz[i]! - p.mz[i - 1]!);
  return s;
}

/**
 * TIC normalisation: divides by the total ion current, so replicates acquired with more or fewer
 * laser shots become comparable. The current is taken over the m/z range that is analysed, so the
 * matrix signal below it (and how far down an instrument records) does not weigh in.
 * Returns the profile unchanged when the current is zero (an empty range).
 */
export function normaliseTic(p: Profile, from = -Infinity, to = Infinity): { profile: Profile; tic: number } {
  const tic = totalIonCurrent(p, from, to);
  if (!(tic > 0)) return { profile: p, tic: 0 };
  const y = new Float64Array(p.intensity.length);
  for (let i = 0; i < y.length; i++) y[i] = p.intensity[i]! / tic;
  return { profile: { mz: p.mz, intensity: y }, tic };
}

/** Keeps the points with `from ≤ m/z ≤ to`. */
export function trimProfile(p: Profile, from: number, to: number): Profile {
  const a = lowerBound(p.mz, from);
  const b = upperBound(p.mz, to);
  return { mz: p.mz.slice(a, Math.max(a, b)), intensity: p.intensity.slice(a, Math.max(a, b)) };
}

/** Median of a copy of the values (NaN for none). */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = n >> 1;
  return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Noise by the median absolute deviation, scaled by 1.4826 so that it estimates the standard
 * deviation of normal noise. Robust: the peaks, a small share of the points, barely move it.
 */
export function estimateNoiseMad(intensity: ArrayLike<number>): number {
  const m = median(intensity);
  const dev = new Float64Array(intensity.length);
  for (let i = 0; i < dev.length; i++) dev[i] = Math.abs(intensity[i]! - m);
  return 1.4826 * median(dev);
}

/**
 * Local maxima: point `i` is the highest of the `2·halfWindow + 1` points around it (windows cut
 * at the ends); on a plateau the first point counts, so a flat top yields one peak, not several.
 */
export function localMaxima(y: ArrayLike<number>, halfWindow: number): number[] {
  const n = y.length;
  const found: number[] = [];
  outer: for (let i = 0; i < n; i++) {
    const v = y[i]!;
    if (!(v > 0)) continue;
    const lo = Math.max(0, i - halfWindow);
    const hi = Math.min(n - 1, i + halfWindow);
    for (let j = lo; j < i; j++) if (y[j]! >= v) continue outer;
    for (let j = i + 1; j <= hi; j++) if (y[j]! > v) continue outer;
    found.push(i);
  }
  return found;
}

/**
 * The m/z of a peak's apex: the vertex of the parabola through the highest point and its two
 * neighbours, so a peak is placed between samples (samples are 100–250 ppm apart in linear mode,
 * the same order as the matching tolerance). Falls back to the sample's m/z at the ends or on a
 * flat top.
 */
export function apexMz(p: Profile, i: number): number {
  if (i <= 0 || i >= p.mz.length - 1) return p.mz[i]!;
  const a = p.intensity[i - 1]!;
  const b = p.intensity[i]!;
  const c = p.intensity[i + 1]!;
  const denom = a - 2 * b + c;
  if (!(denom < 0)) return p.mz[i]!;
  const shift = (0.5 * (a - c)) / denom; // in samples, within (−0.5, 0.5] for a true maximum
  if (!(Math.abs(shift) <= 0.5)) return p.mz[i]!;
  return shift >= 0 ? p.mz[i]! + shift * (p.mz[i + 1]! - p.mz[i]!) : p.mz[i]! + shift * (p.mz[i]! - p.mz[i - 1]!);
}

/** Peaks: local maxima higher than `snr` times the noise. */
export function detectPeaks(p: Profile, halfWindow: number, snr: number, noise = estimateNoiseMad(p.intensity)): Peak[] {
  assertSameLength(p);
  const peaks: Peak[] = [];
  const threshold = snr * noise;
  for (const i of localMaxima(p.intensity, halfWindow)) {
    const h = p.intensity[i]!;
    if (h > threshold) peaks.push({ mz: apexMz(p, i), intensity: h, snr: noise > 0 ? h / noise : Infinity });
  }
  return peaks;
}

/** The `n` most intense peaks, in m/z order (ties: the lower m/z first). */
export function strongestPeaks<P extends { mz: number; intensity: number }>(peaks: readonly P[], n: number): P[] {
  if (peaks.length <= n) return [...peaks].sort((a, b) => a.mz - b.mz);
  return [...peaks]
    .sort((a, b) => b.intensity - a.intensity || a.mz - b.mz)
    .slice(0, Math.max(0, n))
    .sort((a, b) => a.mz - b.mz);
}
