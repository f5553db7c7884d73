import { availableParallelism } from 'node:os';
import type { Db, Queryable } from '../../db';
import type { MethodContext } from '../method';
import { GenomePool } from './pool';
import { importedSketchKey, loadReferenceSketches, SketchCache } from './sketch-cache';
import type { ReferenceInput, SharedReference } from './thread';

/** Bytes of a packed reference genome read in one statement (a quarter of a 5 Mbp genome). */
const REFERENCE_SLICE_BYTES = 256 * 1024;

/** Which reference genomes a library holds: the shared ones, plus one account's own. */
export interface LibraryState {
  key: string;
  version: string;
  references: number;
  species: number;
  /** The account's own references among them. */
  own: number;
}

interface ReferenceMeta {
  id: number;
  owner_id: number | string | null;
  species: string;
  strain: string;
  accession: string;
  file: string;
}

export class NoGenomeReferencesError extends Error {
  constructor() {
    super('no reference genomes have been imported');
    this.name = 'NoGenomeReferencesError';
  }
}

/** Threads for genome work: MDC_BLAST_THREADS, else one (a query takes well under a second). */
export function genomeThreadCount(): number {
  const fromEnv = Number(process.env.MDC_BLAST_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return Math.min(fromEnv, availableParallelism());
  return 1;
}

/**
 * Libraries of accounts with references of their own kept in the threads at once (the shared one
 * is always kept). Each holds its own search index over the shared sketches (tens of MB for the
 * 44 shared genomes); an account not among the most recent this many has its library rebuilt from
 * the kept sketches (well under a second) when it comes back.
 */
export const ACCOUNT_LIBRARIES_KEPT = 8;

/**
 * The genome engine of one process for one database: its threads, the references they have
 * sketched (kept until deleted) and the libraries built from them — one shared, one per account
 * with references of its own. Before each identification the database says which references
 * exist; only new ones are sketched, so an added genome costs one sketch, not a rebuild.
 */
export class GenomeEngine {
  private pool: GenomePool | undefined;
  private readonly held = new Map<number, SharedReference>();
  private readonly libraries = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly threads = genomeThreadCount(),
    private readonly sketches?: SketchCache,
  ) {}

  private threadPool(): GenomePool {
    if (!this.pool || !this.pool.alive) {
      // A pool whose thread died starts afresh: its libraries are gone with it.
      this.pool = new GenomePool(this.threads);
      this.held.clear();
      this.libraries.clear();
    }
    return this.pool;
  }

  /** The library for an account (or the shared one), built or brought up to date. One at a time. */
  library(db: Queryable, ownerId: number | null): Promise<LibraryState> {
    const next = this.queue.then(() => this.update(db, ownerId));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async update(db: Queryable, ownerId: number | null): Promise<LibraryState> {
    const pool = this.threadPool();
    const rows = await db.query<ReferenceMeta>(
      'SELECT id, owner_id, species, strain, accession, file FROM genome_reference WHERE owner_id IS NULL OR owner_id = $1 ORDER BY id',
      [ownerId],
    );
    if (rows.length === 0) throw new NoGenomeReferencesError();
    const missing = rows.filter((r) => !this.held.has(Number(r.id)));
    if (missing.length) {
      const keys = await db.query<{ id: number; md5: string; contig_lengths: number[] }>('SELECT id, md5, contig_lengths FROM genome_reference WHERE id = ANY($1::bigint[])', [
        missing.map((r) => Number(r.id)),
      ]);
      const keyOf = new Map(keys.map((k) => [Number(k.id), importedSketchKey(k.md5, k.contig_lengths.map(Number))]));
      const entries = missing.map((r) => ({ id: String(r.id), species: r.species, strain: r.strain, accession: r.accession, name: r.file, sketchKey: keyOf.get(Number(r.id))! }));
      // Sketches filed by an earlier start (or the command line) are read back; only the rest are sketched.
      const { references, filed } = await loadReferenceSketches(
        pool,
        entries,
        async (unfiled) => {
          // A slice of one genome a statement: the embedded database decodes rows in the server's
          // thread, and 44 packed genomes in one statement held every request for 5 s, the largest
          // genome alone for 0.7 s (issue 17, R2).
          const sequences: { id: number; sequence: Uint8Array; contig_lengths: number[] }[] = [];
          for (const entry of unfiled) {
            const id = Number(entry.id);
            const [meta] = await db.query<{ bytes: number; contig_lengths: number[] }>('SELECT octet_length(sequence) AS bytes, contig_lengths FROM genome_reference WHERE id = $1', [id]);
            if (!meta) continue;
            const sequence = new Uint8Array(Number(meta.bytes));
            for (let from = 0; from < sequence.length; from += REFERENCE_SLICE_BYTES) {
              const [slice] = await db.query<{ part: Uint8Array }>('SELECT substring(sequence FROM $2 FOR $3) AS part FROM genome_reference WHERE id = $1', [id, from + 1, REFERENCE_SLICE_BYTES]);
              sequence.set(slice!.part, from);
            }
            sequences.push({ id, sequence, contig_lengths: meta.contig_lengths });
          }
          const byId = new Map(sequences.map((s) => [String(s.id), s]));
          return unfiled.map(({ sketchKey: _, ...e }): ReferenceInput => {
            const s = byId.get(e.id)!;
            return { ...e, packed: new Uint8Array(s.sequence), contigLengths: s.contig_lengths.map(Number) };
          });
        },
        this.sketches,
      );
      // Filed before going on, as before: the next start (or command) finds them.
      await filed;
      for (const reference of references) this.held.set(Number(reference.id), reference);
    }
    const key = ownerId === null ? 'shared' : `user:${ownerId}`;
    const version = rows.map((r) => r.id).join(',');
    const had = this.libraries.get(key);
    // The map's order is the order of use: the least recently used account comes first.
    this.libraries.delete(key);
    if (had !== version) {
      const accounts = [...this.libraries.keys()].filter((k) => k !== 'shared');
      const drop = key === 'shared' ? [] : accounts.slice(0, Math.max(0, accounts.length + 1 - ACCOUNT_LIBRARIES_KEPT));
      await pool.library(
        key,
        rows.map((r) => this.held.get(Number(r.id))!),
        drop,
      );
      for (const k of drop) this.libraries.delete(k);
    }
    this.libraries.set(key, version);
    // Forget sketches of deleted references (checked against every library's rows would cost a
    // query per account; the shared library's update is enough to drop most).
    if (ownerId === null) {
      const live = new Set((await db.query<{ id: number }>('SELECT id FROM genome_reference')).map((r) => Number(r.id)));
      for (const id of this.held.keys()) if (!live.has(id)) this.held.delete(id);
    }
    return {
      key,
      version,
      references: rows.length,
      species: new Set(rows.map((r) => r.species)).size,
      own: rows.filter((r) => r.owner_id !== null).length,
    };
  }

  get threadsPool(): GenomePool {
    return this.threadPool();
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    this.held.clear();
    this.libraries.clear();
    await pool?.close();
  }
}

const engines = new WeakMap<Db, GenomeEngine>();

export function genomeEngineFor(context: Pick<MethodContext, 'db'> & Partial<Pick<MethodContext, 'config'>>): GenomeEngine {
  let engine = engines.get(context.db);
  if (!engine) {
    engine = new GenomeEngine(genomeThreadCount(), context.config ? SketchCache.of(context.config.home) : undefined);
    engines.set(context.db, engine);
  }
  return engine;
}

export async function closeGenomeEngine(db: Db): Promise<void> {
  const engine = engines.get(db);
  engines.delete(db);
  await engine?.close();
}
