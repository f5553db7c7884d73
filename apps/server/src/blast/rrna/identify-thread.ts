import { parentPort } from 'node:worker_threads';
import {
  buildReferenceIndex,
  identifySequences,
  indexFromData,
  type IdentificationResult,
  type IdentifyOptions,
  type IdentifyQuery,
  type ReferenceIndex,
  type ReferenceIndexData,
  type ReferenceInfo,
  type ReferenceSequence,
} from '@mdc/core/identify/rrna';

/** Messages from the engine host to a thread. */
export type ToThread =
  | { type: 'build'; marker: string; version: string; references: ReferenceSequence[] }
  | { type: 'adopt'; marker: string; version: string; data: ReferenceIndexData; refs: ReferenceInfo[]; buildMs: number }
  | { type: 'identify'; job: number; marker: string; queries: IdentifyQuery[]; options: IdentifyOptions };

/** Messages from a thread to the host. */
export type FromThread =
  | { type: 'ready' }
  | {
      type: 'built';
      marker: string;
      version: string;
      data: ReferenceIndexData;
      refs: ReferenceInfo[];
      buildMs: number;
      bytes: number;
      skipped: number;
    }
  | { type: 'adopted'; marker: string; version: string }
  | { type: 'results'; job: number; version: string; results: IdentificationResult[]; ms: number }
  | { type: 'error'; job?: number; marker?: string; message: string };

const port = parentPort!;
const indexes = new Map<string, { version: string; index: ReferenceIndex }>();

port.on('message', (message: ToThread) => {
  try {
    if (message.type === 'build') {
      // Shared arrays: the host hands the same memory to the other threads, so the index exists once.
      const index = buildReferenceIndex(message.references, { shared: true });
      indexes.set(message.marker, { version: message.version, index });
      const { wordLength, codes, offsets, wordStarts, postings } = index;
      port.postMessage({
        type: 'built',
        marker: message.marker,
        version: message.version,
        data: { wordLength, codes, offsets, wordStarts, postings },
        refs: index.refs,
        buildMs: index.buildMs,
        bytes: index.bytes,
        skipped: index.skipped.length,
      } satisfies FromThread);
    } else if (message.type === 'adopt') {
      indexes.set(message.marker, { version: message.version, index: indexFromData(message.data, message.refs, message.buildMs) });
      port.postMessage({ type: 'adopted', marker: message.marker, version: message.version } satisfies FromThread);
    } else {
      const entry = indexes.get(message.marker);
      if (!entry) throw new Error(`no ${message.marker} reference index in this thread`);
      const started = performance.now();
      const results = identifySequences(entry.index, message.queries, message.options);
      port.postMessage({ type: 'results', job: message.job, version: entry.version, results, ms: performance.now() - started } satisfies FromThread);
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    port.postMessage({
      type: 'error',
      ...(message.type === 'identify' ? { job: message.job } : { marker: message.marker }),
      message: text,
    } satisfies FromThread);
  }
});
port.postMessage({ type: 'ready' } satisfies FromThread);
