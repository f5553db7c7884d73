import { readProteinTable, replaceProteinTable, type ProteinTable } from './proteins';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { buildLibraryEntry, DEFAULT_MAIN_SPECTRUM, DEFAULT_PREPROCESS } from '@mdc/core/identify/proteome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildBuiltinLibrary, readCsvRows, readFlexFolder } from '@mdc/refdata/maldi';
import type { Queryable } from '../../db';
import { insertMaldiEntries, maldiRow, replaceImportedMaldi, type MaldiRow } from '../../resource/maldi';

/**
 * Spectra and libraries cut at run time from the shared MALDI files (never copied into the
 * repository), for tests and demonstrations that need a real identification in a second.
 *
 * The four MALDIquant species are anonymous in their source (species1…species4). Tests that need
 * them as library entries give them these placeholder binomials — no real organism is meant.
 */
export const PLACEHOLDER_SPECIES: Record<string, string> = {
  species1: 'Exemplia prima',
  species2: 'Exemplia secunda',
  species3: 'Exemplia tertia',
  species4: 'Exemplia quarta',
};

export function maldiDir(): string {
  const dir = findRefdataDir();
  if (!dir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  return path.join(dir, 'maldi');
}

export interface ExampleSpot {
  /** species1/0_F10/1/1SLin */
  dir: string;
  label: string;
  /** F10 */
  spot: string;
  replicate: number;
}

/** The 72 MALDIquant flex spectra as the manifest lists them. */
export async function maldiquantSpots(): Promise<ExampleSpot[]> {
  const rows = await readCsvRows(path.join(maldiDir(), 'maldiquantexamples_species/manifest.csv'));
  return rows.map((r) => ({ dir: r['dir']!, label: r['label']!, spot: r['biological_sample_spot']!, replicate: Number(r['technical_replicate']) }));
}

/** A zip (deflated) of the given files, as a user's zip tool writes it. */
export function zipFiles(files: readonly (readonly [string, Buffer])[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, raw] of files) {
    const n = Buffer.from(name);
    const body = deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(n.length, 26);
    parts.push(local, n, body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc32(raw), 16);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(raw.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, n);
    offset += 30 + n.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/**
 * A zip of flex acquisition folders as the instrument writes them (`0_F10/1/1SLin/fid` + `acqu`):
 * one spot, or several. With `positions` the spectra are laid out as a target plate: each goes to
 * its own position (`0_A1/1/1SLin`), its acqu's SPOTNO rewritten to match, as the instrument would
 * have written it there.
 */
export function flexZip(spots: readonly ExampleSpot[], positions?: readonly string[]): Buffer {
  const base = path.join(maldiDir(), 'maldiquantexamples_species');
  const files: [string, Buffer][] = [];
  spots.forEach((s, i) => {
    const position = positions?.[i];
    const folder = position ? `0_${position}/1/1SLin` : s.dir.split('/').slice(1).join('/');
    const acqu = readFileSync(path.join(base, s.dir, 'acqu'));
    files.push([`${folder}/fid`, readFileSync(path.join(base, s.dir, 'fid'))]);
    files.push([`${folder}/acqu`, position ? Buffer.from(acqu.toString('latin1').replace(/^##\$SPOTNO=.*$/m, `##$SPOTNO= <${position}>`), 'latin1') : acqu]);
  });
  return zipFiles(files);
}

/** Target positions in the order a plate is read: A1, A2 … A12, B1 … */
export function platePositions(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${'ABCDEFGHIJKLMNOP'[Math.floor(i / 12)]}${(i % 12) + 1}`);
}

/** One RKI Citrobacter raw spectrum as the text file it is (m/z,intensity), with its label. */
export async function rkiSpectrum(index = 0): Promise<{ name: string; bytes: Buffer; species: string; strain: string }> {
  const base = path.join(maldiDir(), 'msclassifr_citrobacter_rki');
  const row = (await readCsvRows(path.join(base, 'manifest.csv')))[index]!;
  const species = row['Species'] === 'Citrobacter diversus' ? 'Citrobacter koseri' : row['Species']!;
  return { name: path.basename(row['file']!), bytes: readFileSync(path.join(base, row['file']!)), species, strain: row['Strain_name']! };
}

let builtin: Promise<MaldiRow[]> | undefined;
let proteins: Promise<ProteinTable | null> | undefined;

/** The theoretical protein masses of library-free identification, written as an import would (read once per process). */
export async function seedProteinTable(db: Queryable): Promise<number> {
  proteins ??= readProteinTable(path.dirname(maldiDir()));
  return replaceProteinTable(db, await proteins);
}
const placeholders = new Map<string, Promise<MaldiRow[]>>();

/** The built-in library from the shared files, written as an import would (built once per process). */
export async function seedBuiltinLibrary(db: Queryable): Promise<number> {
  const parameters = { preprocess: DEFAULT_PREPROCESS, mainSpectrum: DEFAULT_MAIN_SPECTRUM };
  builtin ??= buildBuiltinLibrary(path.dirname(maldiDir())).then((entries) => entries.map((e) => maldiRow(e, { parameters })));
  return replaceImportedMaldi(db, await builtin);
}

/**
 * Shared main spectra of the MALDIquant species under their placeholder names, as `mdc maldi add`
 * would write them: one per species from every spot but those `leftOut` (the spots a test then
 * identifies).
 */
export async function seedPlaceholderLibrary(db: Queryable, leftOut: (spot: ExampleSpot) => boolean): Promise<number> {
  const spots = (await maldiquantSpots()).filter((s) => !leftOut(s));
  const key = spots.map((s) => s.dir).join(',');
  let rows = placeholders.get(key);
  if (!rows) {
    rows = placeholderRows(spots);
    placeholders.set(key, rows);
  }
  return (await insertMaldiEntries(db, await rows, 'admin')).length;
}

async function placeholderRows(spots: ExampleSpot[]): Promise<MaldiRow[]> {
  const base = path.join(maldiDir(), 'maldiquantexamples_species');
  const rows: MaldiRow[] = [];
  for (const label of Object.keys(PLACEHOLDER_SPECIES)) {
    const mine = spots.filter((s) => s.label === label);
    if (mine.length === 0) continue;
    const spectra = await Promise.all(mine.map((s) => readFlexFolder(path.join(base, s.dir))));
    const species = PLACEHOLDER_SPECIES[label]!;
    rows.push(maldiRow(buildLibraryEntry({ id: `admin:${species}|`, species, source: 'MALDIquantExamples (placeholder name)' }, spectra), { replicateFiles: mine.map((s) => s.dir) }));
  }
  return rows;
}
