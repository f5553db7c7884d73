import { parentPort, workerData } from 'node:worker_threads';
import { buildReferenceIndex, indexFromData, type ReferenceIndex, type ReferenceIndexData } from '@mdc/core/identify/rrna';
import { identifyItsSequences, type IdentifyItsOptions, type ItsIndexes, type ItsResult } from '@mdc/core/identify/its';
import type { ReferenceLines } from '../reference-lines';
import { linesReferences } from './header-lines';
import { unpack, type PackedReferences } from './packed';

/** An index whose typed arrays live in SharedArrayBuffers: handed to a thread without a copy. */
export interface SharedItsIndex {
  data: ReferenceIndexData;
  /** The references' descriptions as lines in shared memory (JSON, or the file's header lines), read when a search aligns one. */
  lines: ReferenceLines;
  skipped: ReferenceIndex['skipped'];
}

export type ToThread =
  | { type: 'build'; version: string; its1: PackedReferences; its2: PackedReferences }
  | { type: 'identify'; job: number; queries: { id: string; sequence: string }[] }
  /**
   * The command's batch (`mdc identify --method ITS`): the thread and the command's own thread take
   * chunks of `chunk` queries in turn from the shared counter `next` (Atomics.add), so whichever
   * is less busy does more, and the thread answers with the results of the chunks it took.
   */
  | { type: 'share-search'; its2: SharedItsIndex; its1?: SharedItsIndex; queries: { id: string; sequence: string }[]; next: Int32Array; chunk: number; options: IdentifyItsOptions };

export type FromThread =
  | { type: 'ready' }
  | { type: 'built'; version: string; references: number; buildMs: number }
  | { type: 'results'; job: number; results: ItsResult[]; ms: number }
  | { type: 'chunks'; chunks: { start: number; results: ItsResult[] }[]; ms: number }
  | { type: 'error'; job?: number; message: string };

/**
 * Takes chunks of `chunk` queries from the shared counter until none is left and identifies them:
 * run by every thread that searches one batch (the command's own thread included).
 */
export function searchChunks(indexes: ItsIndexes, queries: readonly { id: string; sequence: string }[], next: Int32Array, chunk: number, options: IdentifyItsOptions): { start: number; results: ItsResult[] }[] {
  const chunks: { start: number; results: ItsResult[] }[] = [];
  for (let start = Atomics.add(next, 0, chunk); start < queries.length; start = Atomics.add(next, 0, chunk)) {
    chunks.push({ start, results: identifyItsSequences(indexes, queries.slice(start, start + chunk), options) });
  }
  return chunks;
}

// Only in the thread the ITS engine starts (a test runner's own worker must not answer).
const port = (workerData as { itsThread?: boolean } | null)?.itsThread ? parentPort : null;
if (port) {
  let indexes: ItsIndexes | undefined;
  port.on('message', (message: ToThread) => {
    try {
      if (message.type === 'build') {
        const started = performance.now();
        const its1 = unpack(message.its1);
        const its2 = unpack(message.its2);
        indexes = { ITS2: buildReferenceIndex(its2), ...(its1.length ? { ITS1: buildReferenceIndex(its1) } : {}) };
        port.postMessage({ type: 'built', version: message.version, references: its1.length + its2.length, buildMs: performance.now() - started } satisfies FromThread);
        return;
      }
      if (message.type === 'share-search') {
        const started = performance.now();
        const open = (shared: SharedItsIndex): ReferenceIndex => ({ ...indexFromData(shared.data, linesReferences(shared.lines, shared.data)), skipped: shared.skipped });
        const batch: ItsIndexes = { ITS2: open(message.its2), ...(message.its1 ? { ITS1: open(message.its1) } : {}) };
        const chunks = searchChunks(batch, message.queries, message.next, message.chunk, message.options);
        port.postMessage({ type: 'chunks', chunks, ms: performance.now() - started } satisfies FromThread);
        return;
      }
      if (!indexes) throw new Error('the ITS indexes have not been built in this thread');
      const started = performance.now();
      const results = identifyItsSequences(indexes, message.queries, { alignments: true, maxHits: 50 });
      port.postMessage({ type: 'results', job: message.job, results, ms: performance.now() - started } satisfies FromThread);
    } catch (error) {
      port.postMessage({ type: 'error', ...(message.type === 'identify' ? { job: message.job } : {}), message: (error as Error).message } satisfies FromThread);
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromThread);
}
