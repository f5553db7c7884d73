import { parentPort } from 'node:worker_threads';
import { buildReferenceIndex, type ReferenceSequence } from '@mdc/core/identify/rrna';
import { identifyItsSequences, type ItsIndexes, type ItsResult } from '@mdc/core/identify/its';

/**
 * A spacer reference set packed as a few strings, one line per record: a structured clone of a few
 * long strings costs the event loop far less than one of ~80,000 objects.
 */
export interface PackedReferences {
  accessions: string;
  species: string;
  lineages: string;
  sequences: string;
}

export type ToThread =
  | { type: 'build'; version: string; its1: PackedReferences; its2: PackedReferences }
  | { type: 'identify'; job: number; queries: { id: string; sequence: string }[] };

export type FromThread =
  | { type: 'ready' }
  | { type: 'built'; version: string; references: number; buildMs: number }
  | { type: 'results'; job: number; results: ItsResult[]; ms: number }
  | { type: 'error'; job?: number; message: string };

export function pack(rows: readonly { accession: string; species: string; lineage: readonly string[]; sequence: string }[]): PackedReferences {
  return {
    accessions: rows.map((r) => r.accession).join('\n'),
    species: rows.map((r) => r.species).join('\n'),
    lineages: rows.map((r) => r.lineage.join(';')).join('\n'),
    sequences: rows.map((r) => r.sequence).join('\n'),
  };
}

export function unpack(packed: PackedReferences): ReferenceSequence[] {
  if (packed.accessions.length === 0) return [];
  const accessions = packed.accessions.split('\n');
  const species = packed.species.split('\n');
  const lineages = packed.lineages.split('\n');
  const sequences = packed.sequences.split('\n');
  return accessions.map((accession, i) => ({ accession, species: species[i]!, lineage: lineages[i]!.split(';'), sequence: sequences[i]! }));
}

const port = parentPort;
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
