import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildLibraryEntry, type BuildEntryOptions, type LibraryEntry } from '@mdc/core/identify/proteome';
import { findRefdataDir } from '../datadir/index';
import { SpectrumFileError } from './errors';
import { readFlexFolder } from './flex';
import { parseSpectrumText } from './text';
import type { MaldiSpectrum } from './types';

/** Splits one CSV line with optional double quotes (the shared manifests quote every field). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** Rows of a CSV file with a header, as objects keyed by the header's names. */
export async function readCsvRows(file: string): Promise<Array<Record<string, string>>> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '');
  return lines.slice(1).map((line) => {
    const fields = splitCsvLine(line);
    return Object.fromEntries(header.map((h, i) => [h, fields[i] ?? '']));
  });
}

function requireDir(refdataDir: string | undefined): string {
  const dir = refdataDir ?? findRefdataDir();
  if (!dir) throw new Error('no reference data: set REFDATA_DIR or place the shared data beside the checkout');
  return dir;
}

/** Current names for the old ones the shared sets use (Citrobacter diversus = C. koseri). */
const CURRENT_NAMES: Record<string, string> = { 'Citrobacter diversus': 'Citrobacter koseri' };

export const RKI_SOURCE = 'RKI Citrobacter spectra (MSclassifR)';
export const YANG_SOURCE = 'Yang, Lin & Qiao 2018 consensus peak list (BacID)';

/** The 14 raw RKI Citrobacter spectra with their labels. */
export async function readCitrobacterRki(refdataDir?: string): Promise<Array<{ spectrum: MaldiSpectrum; species: string; recordedAs: string; strain: string }>> {
  const base = path.join(requireDir(refdataDir), 'maldi/msclassifr_citrobacter_rki');
  const rows = await readCsvRows(path.join(base, 'manifest.csv'));
  const out = [];
  for (const row of rows) {
    const file = path.join(base, row['file']!);
    const spectrum = parseSpectrumText(await readFile(file), file);
    const recordedAs = row['Species']!;
    out.push({ spectrum, species: CURRENT_NAMES[recordedAs] ?? recordedAs, recordedAs, strain: row['Strain_name']! });
  }
  return out;
}

/** The eight Yang 2018 consensus peak lists: `Ec_Escherichia_coli.csv` → code Ec, species Escherichia coli. */
export async function readYangReferences(refdataDir?: string): Promise<Array<{ code: string; species: string; spectrum: MaldiSpectrum }>> {
  const base = path.join(requireDir(refdataDir), 'maldi/bacid_yang2018/reference_peaklists');
  const files = (await readdir(base)).filter((f) => f.endsWith('.csv')).sort();
  const out = [];
  for (const name of files) {
    const m = /^([A-Za-z]+)_(.+)\.csv$/.exec(name);
    if (!m) continue;
    const file = path.join(base, name);
    out.push({ code: m[1]!, species: m[2]!.replace(/_/g, ' '), spectrum: parseSpectrumText(await readFile(file), file, { kind: 'peaks' }) });
  }
  return out;
}

/** The 127 Yang 2018 two-species mixture peak lists with the species named in the manifest. */
export async function readYangMixtures(refdataDir?: string): Promise<Array<{ id: string; dataset: string; species: [string, string]; spectrum: MaldiSpectrum }>> {
  const base = path.join(requireDir(refdataDir), 'maldi/bacid_yang2018');
  const rows = await readCsvRows(path.join(base, 'mixture_manifest.csv'));
  const out = [];
  for (const row of rows) {
    const file = path.join(base, 'mixture_peaklists', `${row['id']}.csv`);
    const [a, b] = row['species']!.split('+').map((s) => s.trim());
    out.push({ id: row['id']!, dataset: row['dataset']!, species: [a!, b!] as [string, string], spectrum: parseSpectrumText(await readFile(file), file, { kind: 'peaks' }) });
  }
  return out;
}

/** The Yang 2018 decoy peak lists (long CSV: decoy, mz, intensity), for false-call rates. */
export async function readYangDecoys(refdataDir?: string): Promise<Array<{ id: string; mz: Float64Array; intensity: Float64Array; kind: 'peaks' }>> {
  const rows = await readCsvRows(path.join(requireDir(refdataDir), 'maldi/bacid_yang2018/decoy_peaklists_long.csv'));
  const byId = new Map<string, Array<[number, number]>>();
  for (const row of rows) {
    const list = byId.get(row['decoy']!) ?? [];
    list.push([Number(row['mz']), Number(row['intensity'])]);
    byId.set(row['decoy']!, list);
  }
  return [...byId].map(([id, pairs]) => {
    pairs.sort((x, y) => x[0] - y[0]);
    return { id, mz: Float64Array.from(pairs, (p) => p[0]), intensity: Float64Array.from(pairs, (p) => p[1]), kind: 'peaks' as const };
  });
}

/** The 72 MALDIquant example spectra (4 anonymous species × biological spots × 3 technical replicates). */
export async function readMaldiquantExamples(refdataDir?: string): Promise<Array<{ spectrum: MaldiSpectrum; species: string; spot: string; replicate: number; dir: string }>> {
  const base = path.join(requireDir(refdataDir), 'maldi/maldiquantexamples_species');
  const rows = await readCsvRows(path.join(base, 'manifest.csv'));
  const out = [];
  for (const row of rows) {
    const dir = path.join(base, row['dir']!);
    out.push({
      spectrum: await readFlexFolder(dir),
      species: row['label']!,
      spot: row['biological_sample_spot']!,
      replicate: Number(row['technical_replicate']),
      dir,
    });
  }
  return out;
}

/**
 * The built-in library: named species only. One entry per RKI Citrobacter strain (a raw spectrum
 * each) and one per Yang 2018 consensus peak list. The anonymous MALDIquant species are test data
 * and stay out. Reads `REFDATA_DIR` (default `../shared/data`); throws a
 * {@link SpectrumFileError} if a file is broken.
 */
export async function buildBuiltinLibrary(refdataDir?: string, options: BuildEntryOptions = {}): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = [];
  for (const r of await readCitrobacterRki(refdataDir)) {
    const source = r.recordedAs === r.species ? RKI_SOURCE : `${RKI_SOURCE}; recorded as ${r.recordedAs}`;
    entries.push(buildLibraryEntry({ id: `rki:${r.strain}`, species: r.species, strain: r.strain, source }, [r.spectrum], options));
  }
  for (const y of await readYangReferences(refdataDir)) {
    entries.push(buildLibraryEntry({ id: `yang2018:${y.code}`, species: y.species, source: YANG_SOURCE }, [y.spectrum], options));
  }
  for (const e of entries) {
    if (e.peaks.length === 0) throw new SpectrumFileError(e.id, 'empty', { zh: '参考谱图处理后没有峰。', en: 'the reference spectrum has no peaks after processing.' });
  }
  return entries;
}
