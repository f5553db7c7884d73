import { parentPort, workerData } from 'node:worker_threads';
import { buildReferenceIndex } from '@mdc/core/identify/rrna';
import { identifyItsSequences, type ItsIndexes, type ItsResult } from '@mdc/core/identify/its';
import { unpack, type PackedReferences } from './packed';

export type ToThread =
  | { type: 'build'; version: string; its1: PackedReferences; its2: PackedReferences }
  | { type: 'identify'; job: number; queries: { id: string; sequence: string }[] };

export type FromThread =
  | { type: 'ready' }
  | { type: 'built'; version: string; references: number; buildMs: number }
  | { type: 'results'; job: number; results: ItsResult[]; ms: number }
  | { type: 'error'; job?: number; message: string };

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
