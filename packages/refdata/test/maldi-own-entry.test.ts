import { describe, expect, it } from 'vitest';
import { buildBuiltinLibrary, readCitrobacterRki, readMaldiquantExamples } from '@mdc/refdata/maldi';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildLibraryEntry, identifyPeaks, identifySpectrum, preprocessSpectrum } from '@mdc/core/identify/proteome';

const dataDir = findRefdataDir();

describe.skipIf(!dataDir)('a lab\'s own entry and a query identical to an entry (issue 16)', () => {
  it('an own entry built from one species does not call the other species "species reliable"; its own species still is', async () => {
    const ex = await readMaldiquantExamples(dataDir);
    const peaks = new Map(ex.map((e) => [e.dir, preprocessSpectrum(e.spectrum).peaks]));
    // A lab's entry from the three replicates of one spot of species2 (the anonymous MALDIquant species are close relatives).
    const own = ex.filter((e) => e.species === 'species2' && e.spot === ex.find((x) => x.species === 'species2')!.spot);
    const entry = buildLibraryEntry({ id: 'user:1', species: 'Exemplia propria', source: 'lab' }, own.map((o) => o.spectrum));
    let othersAbove2 = 0;
    let othersAtSpecies = 0;
    let sameAtSpecies = 0;
    let same = 0;
    for (const e of ex) {
      if (own.includes(e)) continue;
      const r = identifyPeaks(peaks.get(e.dir)!, [entry]);
      if (e.species === 'species2') {
        same++;
        if (r.level === 'species' || r.level === 'subspecies') sameAtSpecies++;
      } else {
        if (r.call!.score >= 2) othersAbove2++;
        if (r.level === 'species' || r.level === 'subspecies') othersAtSpecies++;
        if (r.call!.score >= 2 && r.level === 'genus') expect(r.calibrated!.text.en).toMatch(/replicates of the Exemplia propria entry score/);
      }
    }
    // The score alone would call most spectra of the other species "species reliable" …
    expect(othersAbove2).toBeGreaterThan(40);
    // … the entry's own replicates set the bar: none of them is, every other spot of its species is.
    expect(othersAtSpecies).toBe(0);
    expect(sameAtSpecies).toBe(same);
  });

  it('a query that is the very spectrum of a library entry says so (RKI spectrum against the built-in library)', async () => {
    const library = await buildBuiltinLibrary(dataDir);
    const [first] = await readCitrobacterRki(dataDir);
    const r = identifySpectrum(first!.spectrum, library);
    expect(r.call!.entryId).toBe(`rki:${first!.strain}`);
    expect(r.call!.score).toBeGreaterThan(2.8);
    expect(r.sameSpectrum).toBe(true);
    expect(r.text.en).toMatch(/same spectrum as the library entry .* self-match, not independent evidence/);
    expect(r.text.zh).toMatch(/同一张谱图/);
    // Against a library without that entry it is an ordinary identification.
    const other = identifySpectrum(first!.spectrum, library.filter((e) => e.id !== `rki:${first!.strain}`));
    expect(other.sameSpectrum).toBe(false);
  });
});
