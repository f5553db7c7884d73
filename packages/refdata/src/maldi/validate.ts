import type { LocalizedText } from '@mdc/core/identify/proteome';
import { SpectrumFileError } from './errors';

/**
 * Checks what every reader must hand on: values present and finite, m/z positive and strictly
 * increasing, some signal. Negative intensities (a baseline subtracted by other software, ADC
 * offsets) are set to zero and noted rather than refused.
 */
export function checkSpectrum(file: string, mz: Float64Array, intensity: Float64Array, notes: LocalizedText[], lineOf?: (i: number) => number): void {
  if (mz.length === 0) throw new SpectrumFileError(file, 'empty', { zh: '谱图为空，没有任何数据点。', en: 'the spectrum is empty: it has no data points.' });
  let negatives = 0;
  let signal = false;
  for (let i = 0; i < mz.length; i++) {
    const m = mz[i]!;
    const y = intensity[i]!;
    const line = lineOf?.(i);
    if (!Number.isFinite(m) || !Number.isFinite(y)) {
      throw new SpectrumFileError(file, 'number', { zh: `第 ${i + 1} 个数据点不是有限数值（${m}, ${y}）。`, en: `data point ${i + 1} is not a finite number (${m}, ${y}).` }, line);
    }
    if (m <= 0) {
      throw new SpectrumFileError(file, 'negative-mz', { zh: `m/z 值必须为正数，第 ${i + 1} 个数据点为 ${m}。`, en: `m/z must be positive; data point ${i + 1} has ${m}.` }, line);
    }
    if (i > 0 && m <= mz[i - 1]!) {
      throw new SpectrumFileError(
        file,
        'unsorted-mz',
        { zh: `m/z 值必须严格递增，第 ${i + 1} 个数据点（${m}）不大于前一个（${mz[i - 1]}）。`, en: `m/z values must increase strictly; data point ${i + 1} (${m}) is not above the one before (${mz[i - 1]}).` },
        line,
      );
    }
    if (y < 0) {
      intensity[i] = 0;
      negatives++;
    } else if (y > 0) signal = true;
  }
  if (!signal) throw new SpectrumFileError(file, 'empty', { zh: '谱图所有强度均为零。', en: 'every intensity of the spectrum is zero.' });
  if (negatives) notes.push({ zh: `${negatives} 个负强度值已设为 0。`, en: `${negatives} negative intensities were set to 0.` });
}

/**
 * Raw profile or peak list? A profile samples the detector every few nanoseconds: thousands of
 * points less than 3 Da apart. A peak list holds tens to a few hundred centroids, tens of Da apart.
 */
export function classifySpectrum(mz: Float64Array): { kind: 'profile' | 'peaks'; note: LocalizedText } {
  const n = mz.length;
  const gaps = new Float64Array(Math.max(0, n - 1));
  for (let i = 1; i < n; i++) gaps[i - 1] = mz[i]! - mz[i - 1]!;
  gaps.sort();
  const medianGap = gaps.length ? gaps[gaps.length >> 1]! : Infinity;
  const profile = n > 2000 || (n >= 300 && medianGap < 3);
  const gap = Number.isFinite(medianGap) ? medianGap.toPrecision(3) : '–';
  return profile
    ? {
        kind: 'profile',
        note: { zh: `识别为原始谱图（${n} 个数据点，中位间隔 ${gap} m/z）。`, en: `Read as a raw profile (${n} points, median spacing ${gap} m/z).` },
      }
    : {
        kind: 'peaks',
        note: { zh: `识别为峰列表（${n} 个峰，中位间隔 ${gap} m/z）。`, en: `Read as a peak list (${n} peaks, median spacing ${gap} m/z).` },
      };
}
