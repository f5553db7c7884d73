import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LibraryEntry, MainSpectrumPeak, MainSpectrumQuality } from '@mdc/core/identify/proteome';
import type { TaxonomyTable } from '@mdc/refdata/taxonomy';
import type { Queryable } from '../db';
import { sharedReferencesChanged } from './reference-version';

/** The MALDI folder of the reference data (`maldi/`): the named-species spectra of the built-in library. */
export const MALDI_DIR = 'maldi';
/** The folders of `maldi/` the built-in library is built from (the MALDIquant species are test data). */
const LIBRARY_FOLDERS = ['msclassifr_citrobacter_rki', 'bacid_yang2018/reference_peaklists'];

export type MaldiSource = 'import' | 'admin' | 'user';

/** A main spectrum ready to be written. */
export interface MaldiRow {
  key: string;
  species: string;
  strain: string;
  taxonMo: string | null;
  origin: string;
  culture: string;
  instrument: string;
  peaks: MainSpectrumPeak[];
  quality: MainSpectrumQuality | null;
  parameters: unknown;
  replicateFiles: string[];
}

/** What lists and pages show of a library entry; `peaks` only when asked for. */
export interface MaldiInfo {
  id: number;
  /** The id hits name: the key of shared entries, `user:<id>` for an account's own. */
  entryId: string;
  source: MaldiSource;
  species: string;
  strain: string;
  taxonMo: string | null;
  origin: string;
  culture: string;
  instrument: string;
  replicates: number;
  peakCount: number;
  quality: MainSpectrumQuality | null;
  replicateFiles: string[];
  createdAt: string;
  peaks?: MainSpectrumPeak[];
  parameters?: unknown;
}

export function hasMaldiFolder(dataDir: string): boolean {
  return LIBRARY_FOLDERS.every((f) => existsSync(path.join(dataDir, MALDI_DIR, f)));
}

/** The files the built-in library is read from, for the import's fingerprint (sorted, stable). */
export function maldiLibraryFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  for (const folder of LIBRARY_FOLDERS) {
    const dir = path.join(dataDir, MALDI_DIR, folder);
    if (existsSync(dir)) walk(dir);
  }
  return out;
}

/** Feeds the library's files to a hash: any change to a spectrum makes the next import rebuild it. */
export function hashMaldiFiles(dataDir: string, update: (chunk: string | Buffer) => void): void {
  for (const file of maldiLibraryFiles(dataDir)) {
    update(path.relative(dataDir, file));
    update('\0');
    update(readFileSync(file));
    update('\0');
  }
}

/** A built library entry as a row; the species filed under its accepted name's code when the taxonomy knows it. */
export function maldiRow(entry: LibraryEntry, extra: { culture?: string; instrument?: string; parameters?: unknown; replicateFiles?: string[]; taxonMo?: string | null } = {}, taxonomy?: TaxonomyTable): MaldiRow {
  let taxonMo = extra.taxonMo ?? null;
  if (taxonMo === null && taxonomy) {
    const taxon = taxonomy.byName(entry.species);
    const current = taxon ? (taxonomy.currentName(taxon).current ?? taxon) : undefined;
    taxonMo = current?.mo ?? null;
  }
  return {
    key: entry.id,
    species: entry.species,
    strain: entry.strain ?? '',
    taxonMo,
    origin: entry.source,
    culture: extra.culture ?? '',
    instrument: extra.instrument ?? '',
    peaks: entry.peaks,
    quality: entry.quality ?? null,
    parameters: extra.parameters ?? null,
    replicateFiles: extra.replicateFiles ?? [],
  };
}

/** The taxon code of a species name in the imported taxonomy (accepted name first), or null. */
export async function taxonOfSpecies(db: Queryable, species: string): Promise<string | null> {
  const rows = await db.query<{ mo: string }>(`SELECT coalesce(current_mo, mo) AS mo FROM taxon WHERE name = $1 ORDER BY (status = 'accepted') DESC LIMIT 1`, [species]);
  return rows[0]?.mo ?? null;
}

const packPeaks = (peaks: readonly MainSpectrumPeak[]) => JSON.stringify(peaks.map((p) => [p.mz, p.intensity, p.frequency]));
const unpackPeaks = (value: unknown): MainSpectrumPeak[] => (value as [number, number, number][]).map(([mz, intensity, frequency]) => ({ mz, intensity, frequency }));

/**
 * Writes library entries. A shared entry (import, admin) with a key already held replaces it —
 * `mdc maldi add` run again on the same folder updates, not duplicates. Returns the ids written.
 */
export async function insertMaldiEntries(db: Queryable, rows: readonly MaldiRow[], source: MaldiSource, ownerId: number | null = null): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const written = await db.query<{ id: number }>(
      `INSERT INTO maldi_library (source, owner_id, entry_key, species, strain, taxon_mo, origin, culture, instrument, replicates, peaks, quality, parameters, replicate_files)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb)
       ON CONFLICT (coalesce(owner_id, 0), entry_key) DO UPDATE SET
         source = excluded.source, species = excluded.species, strain = excluded.strain, taxon_mo = excluded.taxon_mo, origin = excluded.origin,
         culture = excluded.culture, instrument = excluded.instrument, replicates = excluded.replicates, peaks = excluded.peaks,
         quality = excluded.quality, parameters = excluded.parameters, replicate_files = excluded.replicate_files, created_at = now()
       RETURNING id`,
      [
        source,
        ownerId,
        r.key,
        r.species,
        r.strain,
        r.taxonMo,
        r.origin,
        r.culture,
        r.instrument,
        r.quality?.replicates ?? 1,
        packPeaks(r.peaks),
        r.quality ? JSON.stringify(r.quality) : null,
        r.parameters === null || r.parameters === undefined ? null : JSON.stringify(r.parameters),
        JSON.stringify(r.replicateFiles),
      ],
    );
    if (written[0]) ids.push(Number(written[0].id));
  }
  if (ownerId === null && ids.length) sharedReferencesChanged();
  return ids;
}

/** Replaces the built-in library (the rows an earlier import wrote) inside the import's transaction; admin and user rows stay. */
export async function replaceImportedMaldi(tx: Queryable, rows: readonly MaldiRow[]): Promise<number> {
  await tx.query(`DELETE FROM maldi_library WHERE source = 'import'`);
  sharedReferencesChanged();
  return (await insertMaldiEntries(tx, rows, 'import')).length;
}

interface Row {
  id: number | string;
  source: MaldiSource;
  owner_id: number | string | null;
  entry_key: string;
  species: string;
  strain: string;
  taxon_mo: string | null;
  origin: string;
  culture: string;
  instrument: string;
  replicates: number;
  peak_count: number;
  quality: MainSpectrumQuality | null;
  replicate_files: string[] | null;
  created_at: Date | string;
  peaks?: unknown;
  parameters?: unknown;
}

export function entryIdOf(row: { id: number | string; source: MaldiSource; entry_key: string }): string {
  return row.source === 'user' ? `user:${row.id}` : row.entry_key;
}

function infoOf(r: Row): MaldiInfo {
  const info: MaldiInfo = {
    id: Number(r.id),
    entryId: entryIdOf(r),
    source: r.source,
    species: r.species,
    strain: r.strain,
    taxonMo: r.taxon_mo,
    origin: r.origin,
    culture: r.culture,
    instrument: r.instrument,
    replicates: Number(r.replicates),
    peakCount: Number(r.peak_count),
    quality: r.quality ?? null,
    replicateFiles: r.replicate_files ?? [],
    createdAt: new Date(r.created_at).toISOString(),
  };
  if (r.peaks !== undefined) info.peaks = unpackPeaks(r.peaks);
  if (r.parameters !== undefined) info.parameters = r.parameters;
  return info;
}

const COLUMNS = 'id, source, owner_id, entry_key, species, strain, taxon_mo, origin, culture, instrument, replicates, jsonb_array_length(peaks) AS peak_count, quality, replicate_files, created_at';

/**
 * Library entries: the shared ones and, with `ownerId`, that account's own (`ownOnly`: only those).
 * `taxonMo` / `species` / `genus` narrow the list for a taxon page. Sorted by species, then strain.
 */
export async function listMaldiEntries(
  db: Queryable,
  options: { ownerId?: number | null; ownOnly?: boolean; taxonMo?: string; species?: string; genus?: string; withPeaks?: boolean } = {},
): Promise<MaldiInfo[]> {
  const params: unknown[] = [options.ownerId ?? null];
  const where = [options.ownOnly ? 'owner_id = $1' : '(owner_id IS NULL OR owner_id = $1)'];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const taxonWhere: string[] = [];
  if (options.taxonMo) taxonWhere.push(`taxon_mo = ${add(options.taxonMo)}`);
  if (options.species) taxonWhere.push(`species = ${add(options.species)}`);
  if (options.genus) taxonWhere.push(`species LIKE ${add(`${options.genus.replace(/[%_\\]/g, '')} %`)}`);
  if (taxonWhere.length) where.push(`(${taxonWhere.join(' OR ')})`);
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS}${options.withPeaks ? ', peaks, parameters' : ''} FROM maldi_library WHERE ${where.join(' AND ')} ORDER BY species, strain, id`,
    params,
  );
  return rows.map(infoOf);
}

/** One entry the account may see (shared, or its own), with its peaks. */
export async function maldiEntry(db: Queryable, id: number, ownerId: number | null): Promise<MaldiInfo | undefined> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS}, peaks, parameters FROM maldi_library WHERE id = $1 AND (owner_id IS NULL OR owner_id = $2)`, [id, ownerId]);
  return rows[0] ? infoOf(rows[0]) : undefined;
}

/** The library an identification searches: the shared entries plus the account's own, as the engine takes them. */
export async function maldiLibrary(db: Queryable, ownerId: number | null): Promise<{ entries: LibraryEntry[]; own: number }> {
  const rows = await db.query<Row & { peaks: unknown }>(
    `SELECT id, source, entry_key, species, strain, origin, peaks, quality FROM maldi_library WHERE owner_id IS NULL OR owner_id = $1 ORDER BY id`,
    [ownerId],
  );
  let own = 0;
  const entries = rows.map((r): LibraryEntry => {
    if (r.source === 'user') own++;
    const entry: LibraryEntry = { id: entryIdOf(r), species: r.species, source: r.origin, peaks: unpackPeaks(r.peaks) };
    if (r.strain) entry.strain = r.strain;
    // The quality (replicate scores) sets an entry's own species floor; peak lists of one spectrum have none that counts.
    if (r.quality) entry.quality = r.quality;
    return entry;
  });
  return { entries, own };
}

/** Deletes one of the account's own entries. */
export async function deleteOwnMaldiEntry(db: Queryable, id: number, ownerId: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM maldi_library WHERE id = $1 AND owner_id = $2 AND source = 'user' RETURNING id`, [id, ownerId]);
  return rows.length > 0;
}

export interface MaldiCounts {
  /** Shared entries (built-in and administrator's). */
  entries: number;
  species: number;
  imported: number;
  admin: number;
  /** The entries by species, most first. */
  bySpecies: { species: string; taxonMo: string | null; entries: number }[];
}

/** Counts of the shared library, for /resource and the method's info. */
export async function maldiCounts(db: Queryable): Promise<MaldiCounts> {
  const rows = await db.query<{ species: string; taxon_mo: string | null; entries: number; imported: number; admin: number }>(
    `SELECT species, max(taxon_mo) AS taxon_mo, count(*)::int AS entries, count(*) FILTER (WHERE source = 'import')::int AS imported, count(*) FILTER (WHERE source = 'admin')::int AS admin
       FROM maldi_library WHERE owner_id IS NULL GROUP BY species ORDER BY count(*) DESC, species`,
  );
  return {
    entries: rows.reduce((n, r) => n + Number(r.entries), 0),
    species: rows.length,
    imported: rows.reduce((n, r) => n + Number(r.imported), 0),
    admin: rows.reduce((n, r) => n + Number(r.admin), 0),
    bySpecies: rows.map((r) => ({ species: r.species, taxonMo: r.taxon_mo, entries: Number(r.entries) })),
  };
}
