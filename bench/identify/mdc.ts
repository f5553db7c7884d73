/**
 * The MDC side of the identification benchmark, run as its own process (so that /usr/bin/time sees
 * its wall time and peak memory like the peers'): read references, build the index, identify all
 * queries, write one TSV line per listed hit.
 *
 *   node --import tsx bench/identify/mdc.ts --ref R.fasta[.gz] --queries Q.fasta[.gz] --out hits.tsv
 *        [--marker 16S] [--threads 2] [--timings timings.json] [--worker compiled-worker.mjs]
 *
 * run.ts bundles this file and the pool's worker to JavaScript with esbuild and passes --worker.
 * Batches smaller than MIN_PARALLEL_BATCH run on the main thread: starting workers and warming up
 * their compilers costs more than such a batch. Timings (milliseconds since process start, so
 * module loading is included) go to --timings.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readFastaFile } from '@mdc/refdata/fasta';
import { buildReferenceIndex, identifySequences, type IdentificationResult, type Marker } from '@mdc/core/identify/rrna';
import { IdentifyPool } from '@mdc/core/identify/rrna/parallel';

const { values } = parseArgs({
  options: {
    ref: { type: 'string' },
    queries: { type: 'string' },
    out: { type: 'string' },
    marker: { type: 'string', default: '16S' },
    threads: { type: 'string', default: '2' },
    timings: { type: 'string' },
    worker: { type: 'string' },
  },
});
const MIN_PARALLEL_BATCH = 48;
if (!values.ref || !values.queries || !values.out) {
  console.error('usage: mdc.ts --ref R.fasta --queries Q.fasta --out hits.tsv [--marker 16S] [--threads 2] [--timings t.json]');
  process.exit(2);
}
const marker = values.marker as Marker;
const threads = Math.max(1, Number(values.threads));
const since = () => performance.now();

const loaded = since();
const queries = (await readFastaFile(values.queries)).map((q) => ({ id: q.accession, sequence: q.sequence }));
const queriesRead = since();
// Workers load the engine while the main thread reads and indexes the references.
const pool =
  threads > 1 && queries.length >= MIN_PARALLEL_BATCH
    ? new IdentifyPool({ threads, ...(values.worker ? { workerUrl: pathToFileURL(values.worker) } : {}) })
    : undefined;
const references = await readFastaFile(values.ref);
const read = since();
const index = buildReferenceIndex(references, { shared: pool !== undefined });
const built = since();
let results: IdentificationResult[];
const searchStart = since();
if (pool) {
  await pool.setIndex(marker, index);
  results = await pool.identify(marker, queries, { marker, alignments: false });
  await pool.close();
} else {
  results = identifySequences(index, queries, { marker, alignments: false });
}
const searched = since();

const lines = ['query\trank\taccession\tspecies\tsimilarity\tscore\ttied\tconfidence'];
for (const r of results) {
  if (!r.ok) {
    lines.push(`${r.queryId}\t0\t\t\t\t\t\trefused:${r.reason}`);
    continue;
  }
  for (const h of r.hits) {
    lines.push([r.queryId, h.rank, h.accession, h.species, h.similarity.toFixed(4), h.score, h.tiedWithTop ? 1 : 0, r.confidence.level].join('\t'));
  }
}
writeFileSync(values.out, lines.join('\n') + '\n');
const timings = {
  threads: pool ? threads : 1,
  wordLength: index.wordLength,
  references: index.refs.length,
  indexBytes: index.bytes,
  moduleLoadMs: loaded,
  readQueriesMs: queriesRead - loaded,
  readReferencesMs: read - queriesRead,
  buildIndexMs: built - read,
  searchMs: searched - searchStart,
  totalMs: since(),
};
if (values.timings) writeFileSync(values.timings, JSON.stringify(timings, null, 2));
else console.log(JSON.stringify(timings));
