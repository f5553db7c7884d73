import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identifyPeaks, mergeReplicates, preprocessSpectrum, SCORE_BANDS, type LibraryEntry, type Peak } from '@mdc/core/identify/proteome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { formatMzml, readMaldiquantExamples, readSpectra, type MaldiSpectrum } from '@mdc/refdata/maldi';

const dataDir = findRefdataDir();

type Example = Awaited<ReturnType<typeof readMaldiquantExamples>>[number];

/** Leave-one-spot-out: a main spectrum per species from every other biological spot. */
function libraryWithout(examples: Example[], peaks: Peak[][], species: string, spot: string): LibraryEntry[] {
  const labels = [...new Set(examples.map((e) => e.species))];
  return labels.map((label) => {
    const replicates = examples.flatMap((e, i) => (e.species === label && !(e.species === species && e.spot === spot) ? [peaks[i]!] : []));
    return { id: label, species: label, source: 'leave-one-spot-out', peaks: mergeReplicates(replicates).peaks };
  });
}

describe.skipIf(!dataDir)('leave-one-spot-out on the 72 MALDIquant spectra', () => {
  let examples: Example[] = [];
  let peaks: Peak[][] = [];
  let tmp = '';

  beforeAll(async () => {
    examples = await readMaldiquantExamples(dataDir);
    peaks = examples.map((e) => preprocessSpectrum(e.spectrum).peaks);
    tmp = mkdtempSync(path.join(tmpdir(), 'mdc-loso-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('has 4 species × 6 biological spots × 3 technical replicates', () => {
    expect(examples.length).toBe(72);
    const spots = new Set(examples.map((e) => `${e.species}/${e.spot}`));
    expect(spots.size).toBe(24);
  });

  it('puts every spectrum\'s species at rank 1 with a score of 2.00 or more', () => {
    const failures: string[] = [];
    for (const key of new Set(examples.map((e) => `${e.species}/${e.spot}`))) {
      const [species, spot] = key.split('/') as [string, string];
      const library = libraryWithout(examples, peaks, species, spot);
      examples.forEach((e, i) => {
        if (e.species !== species || e.spot !== spot) return;
        const r = identifyPeaks(peaks[i]!, library);
        if (r.call?.species !== species || r.call.score < SCORE_BANDS.species) {
          failures.push(`${key} #${e.replicate}: ${r.call?.species} ${r.call?.score.toFixed(3)}`);
        }
        // A single-species spot is never reported as a mixture.
        if (r.mixture) failures.push(`${key} #${e.replicate}: mixture ${r.mixture.species.join(' + ')}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it('gives the same call within 0.05 whether a spectrum is read as flex, mzML or text', async () => {
    // Written the way converters write them: mzML with 32-bit intensities and zlib, text with
    // four decimals of m/z, each read back from disk by the same readers as uploads.
    const differences: number[] = [];
    const failures: string[] = [];
    for (const [i, e] of examples.entries()) {
      const flex: MaldiSpectrum = e.spectrum;
      const base = path.join(tmp, `${e.species}-${e.spot}-${e.replicate}`);
      writeFileSync(`${base}.mzML`, formatMzml({ mz: flex.mz, intensity: Float32Array.from(flex.intensity) }, { precision: i % 2 ? 32 : 64, zlib: i % 3 !== 0, indexed: i % 2 === 0 }));
      const lines = ['m/z\tintensity'];
      for (let j = 0; j < flex.mz.length; j++) lines.push(`${flex.mz[j]!.toFixed(4)}\t${flex.intensity[j]}`);
      writeFileSync(`${base}.txt`, lines.join('\n'));
      const library = libraryWithout(examples, peaks, e.species, e.spot);
      const [mzml] = await readSpectra(`${base}.mzML`);
      const [text] = await readSpectra(`${base}.txt`);
      expect(mzml!.kind).toBe('profile');
      expect(text!.kind).toBe('profile');
      const calls = [flex, mzml!, text!].map((s) => identifyPeaks(preprocessSpectrum(s).peaks, library).call!);
      if (new Set(calls.map((c) => c.species)).size !== 1) failures.push(`${base}: ${calls.map((c) => c.species).join(' / ')}`);
      differences.push(Math.abs(calls[1]!.score - calls[0]!.score), Math.abs(calls[2]!.score - calls[0]!.score));
    }
    expect(failures).toEqual([]);
    expect(Math.max(...differences)).toBeLessThanOrEqual(0.05);
  });
});
