/**
 * The named real spectra the library-free bench and its tests measure on, read the same way
 * everywhere. Tuning sets (parameters were chosen on them): the Yang 2018 mixtures and decoys.
 * Test sets (never tuned on): the Christner 2014 E. coli isolates (`data/README.md`), the eight
 * Yang 2018 consensus peak lists, the 14 RKI Citrobacter spectra, five RKI Klebsiella oxytoca spots.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preprocessSpectrum, type Peak } from '@mdc/core/identify/proteome';
import { readCitrobacterRki, readYangDecoys, readYangMixtures, readYangReferences } from '@mdc/refdata/maldi';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface NamedPeaks {
  id: string;
  set: string;
  /** Genus and species as published (current names). */
  species: string;
  peaks: Peak[];
}

const peaksOf = (s: { mz: ArrayLike<number>; intensity: ArrayLike<number>; kind: 'profile' | 'peaks' }) => preprocessSpectrum(s).peaks;

/** 297 E. coli isolates (190 non-outbreak clinical isolates, 104 O104:H4 outbreak isolates, the reference strain), 100 strongest peaks each. */
export function readChristnerEcoli(): NamedPeaks[] {
  const text = readFileSync(path.join(here, 'data/christner2014-ecoli-top100.csv'), 'utf8');
  const by = new Map<string, Peak[]>();
  for (const line of text.split('\n').slice(1)) {
    if (!line) continue;
    const [id, mz, intensity] = line.split(',');
    const list = by.get(id!) ?? [];
    list.push({ mz: Number(mz), intensity: Number(intensity) });
    by.set(id!, list);
  }
  return [...by].map(([id, peaks]) => ({ id: `christner2014:${id}`, set: 'Christner 2014 E. coli (Dryad)', species: 'Escherichia coli', peaks }));
}

/** Five spots of Klebsiella oxytoca ATCC 13182 from the RKI database (raw Bruker flex, peaks as MDC picks them; `data/README.md`). */
export function readRkiKlebsiella(): NamedPeaks[] {
  const text = readFileSync(path.join(here, 'data/rki-klebsiella-oxytoca-peaks.csv'), 'utf8');
  const by = new Map<string, Peak[]>();
  for (const line of text.split('\n').slice(1)) {
    if (!line) continue;
    const [spot, mz, intensity] = line.split(',');
    const list = by.get(spot!) ?? [];
    list.push({ mz: Number(mz), intensity: Number(intensity) });
    by.set(spot!, list);
  }
  return [...by].map(([spot, peaks]) => ({ id: `rki:K.oxytoca ATCC 13182 ${spot}`, set: 'RKI Klebsiella (raw flex, agodmer/MSData)', species: 'Klebsiella oxytoca', peaks }));
}

export async function readTestSets(dataDir: string): Promise<NamedPeaks[]> {
  const out: NamedPeaks[] = [...readChristnerEcoli(), ...readRkiKlebsiella()];
  for (const y of await readYangReferences(dataDir)) out.push({ id: `yang2018:${y.code}`, set: 'Yang 2018 consensus peak lists', species: y.species, peaks: peaksOf(y.spectrum) });
  for (const r of await readCitrobacterRki(dataDir)) out.push({ id: `rki:${r.strain}`, set: 'RKI Citrobacter (MSclassifR)', species: r.species, peaks: peaksOf(r.spectrum) });
  return out;
}

export async function readTuningSets(dataDir: string): Promise<{ mixtures: Array<{ id: string; species: [string, string]; peaks: Peak[] }>; decoys: Array<{ id: string; peaks: Peak[] }> }> {
  const mixtures = (await readYangMixtures(dataDir)).map((m) => ({ id: m.id, species: m.species, peaks: peaksOf(m.spectrum) }));
  const decoys = (await readYangDecoys(dataDir)).map((d) => ({ id: d.id, peaks: peaksOf(d) }));
  return { mixtures, decoys };
}
