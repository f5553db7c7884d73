import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAssemblyFile, readGenomeManifest } from '@mdc/refdata/genome';
import type { Queryable } from '../../db';
import { genomeRow, insertGenomes } from '../../resource/genomes';

/**
 * Reference genomes and test assemblies taken at run time from the shared data folder (never
 * copied into the repository), for tests and demonstrations that need a real genome
 * identification in a second: a few small genomes rather than all 44.
 */
export const SMALL_GENOME_REFERENCES = ['R29_Helicobacter_pylori', 'R30_Campylobacter_jejuni', 'R22_Haemophilus_influenzae', 'R23_Haemophilus_parainfluenzae'] as const;

export function genomeDataDir(): string {
  const dir = findRefdataDir();
  if (!dir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  return path.join(dir, 'genome');
}

/** Writes shared reference genomes whose file names start with the given prefixes; returns their ids. */
export async function insertGenomeReferences(db: Queryable, prefixes: readonly string[] = SMALL_GENOME_REFERENCES): Promise<number[]> {
  const dir = genomeDataDir();
  const rows = readGenomeManifest(dir).filter((r) => r.role === 'reference' && prefixes.some((p) => path.basename(r.file).startsWith(p)));
  const genomes = [];
  for (const r of rows) genomes.push(genomeRow(await readAssemblyFile(path.join(dir, r.file)), { file: r.file, species: r.species, strain: r.strain, accession: r.accession }));
  return insertGenomes(db, genomes, 'import');
}

/** The bytes of a shared test (or reference) assembly, as a user would upload it (gzipped). */
export function genomeFile(prefix: string): { name: string; bytes: Buffer } {
  const dir = genomeDataDir();
  const row = readGenomeManifest(dir).find((r) => path.basename(r.file).startsWith(prefix));
  if (!row) throw new Error(`no shared genome ${prefix}`);
  return { name: path.basename(row.file), bytes: readFileSync(path.join(dir, row.file)) };
}
