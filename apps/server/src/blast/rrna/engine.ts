import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IdentificationResult, IdentifyOptions, IdentifyQuery, ReferenceSequence as EngineReference } from '@mdc/core/identify/rrna';
import type { Queryable } from '../../db';
import { loadReferenceSequences } from '../../resource/tables';
import { threadReady } from '../thread-ready';
import type { FromThread, ToThread } from './identify-thread';
import type { Marker } from './submission';

export interface EngineLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

/** The reference set a search ran against: the last import and what it holds for the marker. */
export interface ReferenceVersion {
  version: string;
  count: number;
}

/** No reference sequences of this marker are in the database: an import is missing. */
export class NoReferencesError extends Error {
  constructor(readonly marker: Marker) {
    super(`no ${marker} reference sequences have been imported`);
    this.name = 'NoReferencesError';
  }
}

/** Identification results with what they were computed against. */
export interface EngineAnswer {
  results: IdentificationResult[];
  /** Taxon id of each reference accession in the answer that the taxonomy knows. */
  taxonIds: Map<string, string>;
  reference: ReferenceVersion;
  /** Milliseconds spent searching, summed over threads. */
  searchMs: number;
}

/** What is known about the index of one marker. */
interface IndexState {
  version: string;
  count: number;
  ready: Promise<void>;
  taxonIds: Map<string, string>;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  /** Waiters for build/adopt acknowledgements, by marker. */
  acks: Map<string, { resolve: (message: FromThread) => void; reject: (error: Error) => void }>;
}

interface Pending {
  resolve: (message: Extract<FromThread, { type: 'results' }>) => void;
  reject: (error: Error) => void;
}

/**
 * What the reference tables hold for a marker now; a different answer means a new import. An
 * import always records itself, so its id says "new data"; the row count also catches rows
 * written without an import (tests, a hand-made database). Both are cheap: no sequence is read.
 */
export async function referenceVersion(db: Queryable, marker: Marker): Promise<ReferenceVersion> {
  const rows = await db.query<{ import_id: number | null; n: number }>(
    `SELECT (SELECT max(id) FROM refdata_import) AS import_id, count(*)::int AS n FROM identification_reference WHERE marker = $1`,
    [marker],
  );
  const row = rows[0]!;
  return { version: `${row.import_id ?? 0}:${row.n}`, count: Number(row.n) };
}

export interface EngineOptions {
  /** Search threads (default: MDC_BLAST_THREADS, else the job concurrency, leaving a core to the event loop). */
  threads?: number;
  log?: EngineLog;
}

export function defaultThreadCount(concurrency: number): number {
  const fromEnv = Number(process.env.MDC_BLAST_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  // Searches that take every core starve the event loop (and the job leases it renews) of CPU.
  return Math.max(1, Math.min(concurrency, availableParallelism() - 1));
}

/**
 * The identification engine of one process. Searches run in worker threads so that the event
 * loop keeps answering requests and renewing job leases meanwhile. The index of each marker is
 * built once, in the first thread, into shared memory that the other threads adopt without a
 * copy; it is kept and reused by every job until the reference tables change (a new import),
 * which the engine notices before each search and answers with a rebuild.
 */
export class IdentifyEngine {
  readonly threadCount: number;
  private threads: Thread[] = [];
  private readonly indexes = new Map<Marker, IndexState>();
  private readonly queue: { job: number; message: ToThread }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextJob = 1;
  private closed = false;
  private readonly log: EngineLog;

  constructor(options: EngineOptions = {}) {
    this.threadCount = Math.max(1, options.threads ?? 1);
    this.log = options.log ?? { info: () => undefined, warn: () => undefined };
  }

  /** Builds (or reuses) the index of `marker` for what the database holds now. */
  async prepare(db: Queryable, marker: Marker): Promise<IndexState> {
    if (this.closed) throw new Error('the identification engine is closed');
    const current = await referenceVersion(db, marker);
    if (current.count === 0) throw new NoReferencesError(marker);
    const known = this.indexes.get(marker);
    if (known && known.version === current.version) {
      await known.ready;
      return known;
    }
    const state: IndexState = { version: current.version, count: current.count, taxonIds: new Map(), ready: Promise.resolve() };
    state.ready = this.build(db, marker, state).catch((error: unknown) => {
      if (this.indexes.get(marker) === state) this.indexes.delete(marker);
      throw error;
    });
    this.indexes.set(marker, state);
    await state.ready;
    return state;
  }

  /** Identifies each query against the current references of `marker`; results in query order. */
  async identify(db: Queryable, marker: Marker, queries: readonly IdentifyQuery[], options: IdentifyOptions = {}): Promise<EngineAnswer> {
    const state = await this.prepare(db, marker);
    // Small slices keep every thread busy to the end of a large submission.
    const slice = Math.max(1, Math.min(8, Math.ceil(queries.length / this.threadCount)));
    const parts: Promise<Extract<FromThread, { type: 'results' }>>[] = [];
    for (let start = 0; start < queries.length; start += slice) {
      const part = queries.slice(start, start + slice).map((q) => ({ id: q.id, sequence: q.sequence }));
      parts.push(this.submit({ marker, queries: part, options: { ...options, marker } }));
    }
    const answers = await Promise.all(parts);
    const results = answers.flatMap((a) => a.results);
    const taxonIds = new Map<string, string>();
    for (const result of results) {
      if (!result.ok) continue;
      for (const hit of result.hits) {
        const taxon = state.taxonIds.get(hit.accession);
        if (taxon) taxonIds.set(hit.accession, taxon);
      }
    }
    return {
      results,
      taxonIds,
      reference: { version: answers[0]?.version ?? state.version, count: state.count },
      searchMs: Math.round(answers.reduce((sum, a) => sum + a.ms, 0)),
    };
  }

  /** Stops the threads; pending searches fail (their jobs are retried). */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads;
    this.threads = [];
    this.indexes.clear();
    this.failAll(new Error('the identification engine was closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private async build(db: Queryable, marker: Marker, state: IndexState): Promise<void> {
    const started = performance.now();
    const rows = await loadReferenceSequences(db, marker);
    const loadMs = Math.round(performance.now() - started);
    const references: EngineReference[] = [];
    for (const row of rows) {
      if (row.taxonId) state.taxonIds.set(row.accession, row.taxonId);
      references.push({
        accession: row.accession,
        species: row.species,
        lineage: row.lineage,
        description: row.description,
        sequence: row.sequence,
        ...(row.depositedSpecies ? { depositedSpecies: row.depositedSpecies } : {}),
      });
    }
    rows.length = 0;
    const threads = this.ensureThreads();
    const [first, ...others] = threads;
    await first!.ready;
    const built = await this.ask(first!, marker, { type: 'build', marker, version: state.version, references });
    if (built.type !== 'built') throw new Error(`unexpected answer ${built.type} while building the ${marker} index`);
    await Promise.all(
      others.map(async (thread) => {
        await thread.ready;
        await this.ask(thread, marker, { type: 'adopt', marker, version: built.version, data: built.data, refs: built.refs, buildMs: built.buildMs });
      }),
    );
    this.log.info(
      {
        marker,
        references: references.length,
        skipped: built.skipped,
        loadMs,
        buildMs: Math.round(built.buildMs),
        indexMB: Math.round(built.bytes / 1e6),
        threads: threads.length,
        totalMs: Math.round(performance.now() - started),
      },
      'identification index built',
    );
  }

  private ensureThreads(): Thread[] {
    while (this.threads.length < this.threadCount) this.threads.push(this.spawn());
    return this.threads;
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./identify-thread.mjs', import.meta.url));
    const thread: Thread = { worker, busy: false, acks: new Map(), ready: threadReady(worker) };
    worker.on('message', (message: FromThread) => this.onMessage(thread, message));
    const died = (error: Error) => this.onThreadDied(thread, error);
    worker.on('error', died);
    worker.on('exit', (code) => {
      if (!this.closed) died(new Error(`identification thread stopped (exit code ${code})`));
    });
    // An idle engine must not keep a finished process (a test, a stopped worker) alive. Only after
    // the listeners are attached: attaching a message listener refs the thread again.
    worker.unref();
    return thread;
  }

  private onMessage(thread: Thread, message: FromThread): void {
    if (message.type === 'built' || message.type === 'adopted') {
      thread.acks.get(message.marker)?.resolve(message);
      thread.acks.delete(message.marker);
      return;
    }
    if (message.type === 'error' && message.job === undefined) {
      const marker = message.marker ?? '';
      thread.acks.get(marker)?.reject(new Error(message.message));
      thread.acks.delete(marker);
      return;
    }
    if (message.type === 'results' || message.type === 'error') {
      const pending = this.pending.get(message.job!);
      this.pending.delete(message.job!);
      thread.busy = false;
      if (pending) {
        if (message.type === 'results') pending.resolve(message);
        else pending.reject(new Error(message.message));
      }
      this.dispatch();
    }
  }

  /**
   * A thread that dies (out of memory, a crash in the engine) takes its index with it: every
   * thread is dropped and the next search starts afresh; the jobs that were waiting fail and
   * the queue runs them again.
   */
  private onThreadDied(thread: Thread, error: Error): void {
    if (!this.threads.includes(thread)) return;
    this.log.warn({ err: error }, 'identification thread failed; the index will be rebuilt');
    const threads = this.threads;
    this.threads = [];
    this.indexes.clear();
    for (const t of threads) {
      for (const ack of t.acks.values()) ack.reject(error);
      t.acks.clear();
      if (t !== thread) void t.worker.terminate();
    }
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const [job, pending] of this.pending) {
      this.pending.delete(job);
      pending.reject(error);
    }
    this.queue.length = 0;
  }

  private ask(thread: Thread, marker: string, message: ToThread): Promise<FromThread> {
    return new Promise<FromThread>((resolve, reject) => {
      thread.acks.set(marker, { resolve, reject });
      thread.worker.postMessage(message);
    });
  }

  private submit(work: { marker: Marker; queries: IdentifyQuery[]; options: IdentifyOptions }) {
    const job = this.nextJob++;
    return new Promise<Extract<FromThread, { type: 'results' }>>((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      this.queue.push({ job, message: { type: 'identify', job, ...work } });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.busy) continue;
      const next = this.queue.shift()!;
      thread.busy = true;
      thread.worker.postMessage(next.message);
    }
  }
}
