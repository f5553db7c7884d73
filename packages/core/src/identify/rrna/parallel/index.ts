import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { IdentificationResult, IdentifyOptions, IdentifyQuery, ReferenceIndex, ReferenceIndexData } from '../index';
import type { FromWorker, ToWorker } from './worker';

/**
 * Worker-thread pool for identification batches. The index's typed arrays are placed in
 * SharedArrayBuffers once and shared by all workers (no per-worker copy); each batch is cut into
 * small chunks handed to whichever worker is free. This module uses node:worker_threads; the
 * engine itself (`@mdc/core/identify`) stays pure and usable alone.
 */
export interface IdentifyPoolOptions {
  /** Worker threads (default: available parallelism). */
  threads?: number;
  /**
   * Script each worker runs. Default: a bootstrap that loads `worker.ts` through tsx; a build that
   * bundles the engine to JavaScript passes its compiled `worker.ts` here.
   */
  workerUrl?: URL | string;
}

interface Pending {
  resolve: (results: IdentificationResult[]) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

function toShared<T extends Uint8Array | Uint32Array>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/** The typed arrays of an index, in shared memory (copied there once unless built with `shared: true`). */
export function sharedIndexData(index: ReferenceIndex): ReferenceIndexData {
  return {
    wordLength: index.wordLength,
    codes: toShared(index.codes),
    offsets: toShared(index.offsets),
    wordStarts: toShared(index.wordStarts),
    postings: toShared(index.postings),
  };
}

export class IdentifyPool {
  readonly threads: number;
  private readonly workerUrl: URL | string;
  private readonly workers: PoolWorker[] = [];
  private readonly queue: { job: number; message: ToWorker }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextJob = 1;
  private closed = false;
  private failure: Error | undefined;

  /** Starts the workers right away, so they load while the caller builds its index. */
  constructor(options: IdentifyPoolOptions = {}) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    this.workerUrl = options.workerUrl ?? new URL('./worker-entry.mjs', import.meta.url);
    for (let i = 0; i < this.threads; i++) this.workers.push(this.spawn());
  }

  private spawn(): PoolWorker {
    const worker = new Worker(this.workerUrl);
    const entry: PoolWorker = { worker, busy: false, ready: Promise.resolve() };
    entry.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: FromWorker) => {
        if (message.type !== 'ready') return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
    });
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'results' || message.type === 'error') {
        const pending = this.pending.get(message.job);
        this.pending.delete(message.job);
        entry.busy = false;
        if (pending) {
          if (message.type === 'results') pending.resolve(message.results);
          else pending.reject(new Error(message.message));
        }
        this.dispatch();
      }
    });
    // A worker that dies takes the pool with it: every waiting and later batch is rejected
    // rather than left hanging (the caller may start a new pool).
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const [job, pending] of this.pending) {
        pending.reject(this.failure);
        this.pending.delete(job);
      }
      this.queue.length = 0;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`identification worker exited (code ${code})`));
    });
    return entry;
  }

  /** Waits until every worker has loaded the engine. */
  async ready(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.ready));
  }

  /** Gives every worker a reference index under `key` (e.g. '16S'); replaces an index of that key. */
  async setIndex(key: string, index: ReferenceIndex): Promise<void> {
    const data = sharedIndexData(index);
    await Promise.all(
      this.workers.map(async (entry) => {
        await entry.ready;
        await new Promise<void>((resolve) => {
          const onIndexed = (message: FromWorker) => {
            if (message.type === 'indexed' && message.key === key) {
              entry.worker.off('message', onIndexed);
              resolve();
            }
          };
          entry.worker.on('message', onIndexed);
          entry.worker.postMessage({ type: 'index', key, data, refs: index.refs, buildMs: index.buildMs } satisfies ToWorker);
        });
      }),
    );
  }

  /** Identifies a batch on the workers; results come back in query order. */
  async identify(key: string, queries: readonly IdentifyQuery[], options: IdentifyOptions = {}): Promise<IdentificationResult[]> {
    if (this.closed) throw new Error('IdentifyPool is closed');
    if (this.failure) throw this.failure;
    // Small chunks keep both workers busy to the end of the batch; plain objects only cross threads.
    const chunk = Math.max(1, Math.min(16, Math.ceil(queries.length / (this.threads * 6))));
    const parts: Promise<IdentificationResult[]>[] = [];
    for (let start = 0; start < queries.length; start += chunk) {
      const slice = queries.slice(start, start + chunk).map((q) => ({ id: q.id, sequence: q.sequence }));
      const job = this.nextJob++;
      parts.push(
        new Promise<IdentificationResult[]>((resolve, reject) => {
          this.pending.set(job, { resolve, reject });
          this.queue.push({ job, message: { type: 'identify', job, key, queries: slice, options } });
        }),
      );
    }
    this.dispatch();
    return (await Promise.all(parts)).flat();
  }

  private dispatch(): void {
    for (const entry of this.workers) {
      if (this.queue.length === 0) return;
      if (entry.busy) continue;
      const next = this.queue.shift()!;
      entry.busy = true;
      entry.ready.then(
        () => entry.worker.postMessage(next.message),
        (error: Error) => this.pending.get(next.job)?.reject(error),
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
