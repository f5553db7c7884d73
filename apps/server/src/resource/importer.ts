import type { Db } from '../db';
import { insertBatches } from './batch';
import { replaceImportedGenomes } from './genomes';
import { replaceImportedMaldi } from './maldi';
import { replaceProteinTable } from '../blast/proteome/proteins';
import { buildPlans, RESOURCE_TABLES } from './plans';
import { fingerprint as fingerprintOf, readSources, checkDataDir } from './sources';

export type ImportStage = 'read' | 'write';

export interface ImportProgressEvent {
  stage: ImportStage;
  /** A file family while reading, a table while writing. */
  table: string;
  done: number;
  total: number;
}

export interface ImportOptions {
  /** Import even when the files are those of the last import. */
  force?: boolean;
  /** The curated Chinese names folder (default: the project's). */
  namesDir?: string;
  onProgress?: (event: ImportProgressEvent) => void;
  /** Aborting rolls the transaction back; the previous data stays. */
  signal?: AbortSignal;
  batchSize?: number;
}

export interface ImportSummary {
  /** True when the files were unchanged since the last import and nothing was written. */
  skipped: boolean;
  fingerprint: string;
  sourceDir: string;
  counts: Record<string, number>;
  /** Rows left out of a file on purpose, each with its reason. */
  warnings: string[];
  readMs: number;
  writeMs: number;
  durationMs: number;
}

export interface LastImport {
  id: number;
  fingerprint: string;
  sourceDir: string;
  counts: Record<string, number>;
  durationMs: number;
  importedAt: string;
}

export async function lastImport(db: Pick<Db, 'query'>): Promise<LastImport | undefined> {
  const rows = await db.query<{ id: number; fingerprint: string; source_dir: string; counts: Record<string, number>; duration_ms: number; imported_at: Date | string }>(
    'SELECT id, fingerprint, source_dir, counts, duration_ms, imported_at FROM refdata_import ORDER BY id DESC LIMIT 1',
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    sourceDir: row.source_dir,
    counts: row.counts,
    durationMs: row.duration_ms,
    importedAt: new Date(row.imported_at).toISOString(),
  };
}

/**
 * Replaces every reference table with the content of `dir` in one transaction: files are read
 * and checked first, then all tables are emptied and refilled; any failure, or an abort,
 * rolls everything back so readers keep the previous data.
 */
export async function importRefdata(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  checkDataDir(dir, options.namesDir);
  const fingerprint = fingerprintOf(dir, options.namesDir);
  const previous = await lastImport(db);
  if (!options.force && previous?.fingerprint === fingerprint) {
    return {
      skipped: true,
      fingerprint,
      sourceDir: dir,
      counts: previous.counts,
      warnings: [],
      readMs: 0,
      writeMs: 0,
      durationMs: Math.round(performance.now() - started),
    };
  }

  const sources = await readSources(dir, {
    namesDir: options.namesDir,
    signal: options.signal,
    onFile: (table, done, total) => options.onProgress?.({ stage: 'read', table, done, total }),
  });
  options.signal?.throwIfAborted();
  const plans = buildPlans(sources);
  const readMs = Math.round(performance.now() - started);

  const writeStarted = performance.now();
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // DELETE rather than TRUNCATE: PostgreSQL readers keep seeing the old rows until commit.
    for (const table of RESOURCE_TABLES) await tx.query(`DELETE FROM ${table}`);
    for (const plan of plans) {
      options.onProgress?.({ stage: 'write', table: plan.table, done: 0, total: plan.rows.length });
      counts[plan.table] = await insertBatches(tx, plan, {
        batchSize: options.batchSize,
        signal: options.signal,
        onBatch: (done) => options.onProgress?.({ stage: 'write', table: plan.table, done, total: plan.rows.length }),
      });
    }
    options.onProgress?.({ stage: 'write', table: 'genome_reference', done: 0, total: sources.genomes.length });
    counts.genome_reference = await replaceImportedGenomes(tx, sources.genomes);
    options.onProgress?.({ stage: 'write', table: 'genome_reference', done: sources.genomes.length, total: sources.genomes.length });
    // The built-in MALDI-TOF library: imported entries replaced, administrators' and users' kept.
    counts.maldi_library = await replaceImportedMaldi(tx, sources.maldi);
    options.onProgress?.({ stage: 'write', table: 'maldi_library', done: sources.maldi.length, total: sources.maldi.length });
    counts.maldi_protein_mass = await replaceProteinTable(tx, sources.maldiProteins);
    options.signal?.throwIfAborted();
    // Fresh statistics, so that the planner knows the tables hold tens of thousands of rows
    // (nothing else analyses the embedded database).
    for (const table of RESOURCE_TABLES) await tx.query(`ANALYZE ${table}`);
    const durationMs = Math.round(performance.now() - started);
    await tx.query('INSERT INTO refdata_import (fingerprint, source_dir, counts, duration_ms) VALUES ($1, $2, $3::jsonb, $4)', [
      fingerprint,
      dir,
      JSON.stringify(counts),
      durationMs,
    ]);
  });
  const writeMs = Math.round(performance.now() - writeStarted);
  return { skipped: false, fingerprint, sourceDir: dir, counts, warnings: sources.warnings, readMs, writeMs, durationMs: Math.round(performance.now() - started) };
}

/** Whether the reference tables hold anything (the taxonomy is always imported). */
export async function hasRefdata(db: Pick<Db, 'query'>): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM taxon LIMIT 1');
  return rows.length > 0;
}
