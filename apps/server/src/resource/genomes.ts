import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assemblyStats, packSequence } from '@mdc/core/identify/genome';
import { readAssemblyFile, readGenomeManifest, type Assembly } from '@mdc/refdata/genome';
import type { TaxonomyTable } from '@mdc/refdata/taxonomy';
import type { Queryable } from '../db';
import { sharedReferencesChanged } from './reference-version';

/** The genome folder of the reference data: manifest.tsv and the assemblies it names. */
export const GENOME_DIR = 'genome';

export type GenomeSource = 'import' | 'admin' | 'user';

/** A reference genome ready to be written: metadata and the packed sequence. */
export interface GenomeRow {
  file: string;
  species: string;
  strain: string;
  accession: string;
  taxonMo: string | null;
  length: number;
  contigs: number;
  n50: number;
  gcPercent: number;
  contigNames: string[];
  contigLengths: number[];
  md5: string;
  sequence: Uint8Array;
}

/** What lists and pages show of a reference genome (no sequence). */
export interface GenomeInfo {
  id: number;
  source: GenomeSource;
  file: string;
  species: string;
  strain: string;
  accession: string;
  taxonMo: string | null;
  length: number;
  contigs: number;
  n50: number;
  gcPercent: number;
  createdAt: string;
}

/** Reads an assembly into a row; the species is filed under its accepted name when the taxonomy knows it. */
export function genomeRow(assembly: Assembly, bytes: { file: string; species: string; strain: string; accession: string }, taxonomy?: TaxonomyTable): GenomeRow {
  const stats = assemblyStats(assembly);
  const taxon = taxonomy?.byName(bytes.species);
  const current = taxon ? (taxonomy!.currentName(taxon).current ?? taxon) : undefined;
  const md5 = createHash('md5').update(assembly.codes).digest('hex');
  return {
    file: bytes.file,
    species: bytes.species,
    strain: bytes.strain,
    accession: bytes.accession,
    taxonMo: current?.mo ?? null,
    length: stats.length,
    contigs: stats.contigs,
    n50: stats.n50,
    gcPercent: stats.gcPercent,
    contigNames: assembly.contigs.map((c) => c.name),
    contigLengths: assembly.contigs.map((c) => c.length),
    md5,
    sequence: packSequence(assembly.codes),
  };
}

/**
 * The reference genomes of a folder with manifest.tsv (`role` = reference, or no role column):
 * read, checked and packed. Test genomes of the shared data (role = test) are left out.
 */
export async function readGenomeFolder(dir: string, taxonomy?: TaxonomyTable, onFile?: (done: number, total: number) => void): Promise<GenomeRow[]> {
  const rows = readGenomeManifest(dir).filter((r) => !r.role || r.role === 'reference');
  const out: GenomeRow[] = [];
  for (const [i, row] of rows.entries()) {
    const assembly = await readAssemblyFile(path.join(dir, row.file));
    out.push(genomeRow(assembly, { file: row.file, species: row.species, strain: row.strain, accession: row.accession }, taxonomy));
    onFile?.(i + 1, rows.length);
  }
  return out;
}

export function hasGenomeFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, GENOME_DIR, 'manifest.tsv'));
}

/** Writes reference genomes; one already held by the same owner (same sequence) is skipped. Returns the ids written. */
export async function insertGenomes(db: Queryable, rows: readonly GenomeRow[], source: GenomeSource, ownerId: number | null = null): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO genome_reference (source, owner_id, file, species, strain, accession, taxon_mo, length, contigs, n50, gc_percent, contig_names, contig_lengths, md5, sequence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (coalesce(owner_id, 0), md5) DO NOTHING RETURNING id`,
      [source, ownerId, r.file, r.species, r.strain, r.accession, r.taxonMo, r.length, r.contigs, r.n50, r.gcPercent, r.contigNames, r.contigLengths, r.md5, Buffer.from(r.sequence)],
    );
    if (inserted[0]) ids.push(Number(inserted[0].id));
  }
  if (ownerId === null && ids.length) sharedReferencesChanged();
  return ids;
}

/** Replaces the imported reference genomes (the rows an earlier import wrote), inside the import's transaction. */
export async function replaceImportedGenomes(tx: Queryable, rows: readonly GenomeRow[]): Promise<number> {
  await tx.query(`DELETE FROM genome_reference WHERE source = 'import'`);
  sharedReferencesChanged();
  return (await insertGenomes(tx, rows, 'import')).length;
}

interface InfoRow {
  id: number | string;
  source: GenomeSource;
  file: string;
  species: string;
  strain: string;
  accession: string;
  taxon_mo: string | null;
  length: number;
  contigs: number;
  n50: number;
  gc_percent: number;
  created_at: Date | string;
}

const INFO_COLUMNS = 'id, source, file, species, strain, accession, taxon_mo, length, contigs, n50, gc_percent, created_at';

function infoOf(r: InfoRow): GenomeInfo {
  return {
    id: Number(r.id),
    source: r.source,
    file: r.file,
    species: r.species,
    strain: r.strain,
    accession: r.accession,
    taxonMo: r.taxon_mo,
    length: Number(r.length),
    contigs: Number(r.contigs),
    n50: Number(r.n50),
    gcPercent: Number(r.gc_percent),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Shared reference genomes, and the account's own when `ownerId` is given; by species, then strain. */
export async function listGenomes(db: Queryable, options: { ownerId?: number | null; taxonMo?: string; species?: string; ownOnly?: boolean } = {}): Promise<GenomeInfo[]> {
  const params: unknown[] = [options.ownerId ?? null];
  const where = [options.ownOnly ? 'owner_id = $1' : '(owner_id IS NULL OR owner_id = $1)'];
  if (options.taxonMo) {
    params.push(options.taxonMo);
    where.push(`taxon_mo = $${params.length}`);
  }
  if (options.species) {
    params.push(options.species);
    where.push(`species = $${params.length}`);
  }
  const rows = await db.query<InfoRow>(`SELECT ${INFO_COLUMNS} FROM genome_reference WHERE ${where.join(' AND ')} ORDER BY species, strain, id`, params);
  return rows.map(infoOf);
}

/** Deletes one of the account's own reference genomes. */
export async function deleteOwnGenome(db: Queryable, id: number, ownerId: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM genome_reference WHERE id = $1 AND owner_id = $2 AND source = 'user' RETURNING id`, [id, ownerId]);
  return rows.length > 0;
}

/** Shared reference genomes (imported and added by an administrator): count and species. */
export async function genomeCounts(db: Queryable): Promise<{ genomes: number; species: number }> {
  const rows = await db.query<{ n: number; species: number }>('SELECT count(*)::int AS n, count(DISTINCT species)::int AS species FROM genome_reference WHERE owner_id IS NULL');
  return { genomes: Number(rows[0]?.n ?? 0), species: Number(rows[0]?.species ?? 0) };
}
