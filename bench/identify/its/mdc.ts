/**
 * The MDC side of the ITS benchmark, as its own process (so /usr/bin/time sees its wall time and
 * peak memory like the peers'): read the spacer references, build their indexes, identify every
 * query with the ITS pipeline (5.8S located, parts searched, evidence pooled), write one TSV line
 * per listed hit.
 *
 *   node --import tsx bench/identify/its/mdc.ts --its2 R2.fasta [--its1 R1.fasta] --queries Q.fasta --out hits.tsv
 *        [--threads 2] [--timings t.json]
 *
 * References are FASTA in the MDC rRNA header form (`>ID Genus species |taxonomy=…;Genus species`),
 * as run.ts writes them from the shared ITS sets after the reference filter. Batches of at least
 * MIN_PARALLEL_BATCH queries are split across worker threads (sharing the indexes' memory), started
 * first so that they load while the main thread reads and indexes the references; smaller batches
 * run on the main thread: a spacer read takes ~3 ms, while a worker's start (module load, WebAssembly
 * compile) took longer than the whole 439-query search on the shared benchmark machine.
 * The files are read whole and split (`parseFastaText`): they are the runner's own plain FASTA.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseFastaText } from '@mdc/refdata/fasta';
import { buildReferenceIndex, indexFromData, type ReferenceIndex, type ReferenceIndexData, type ReferenceInfo } from '@mdc/core/identify/rrna';
import { sharedIndexData } from '@mdc/core/identify/rrna/parallel';
import { identifyItsSequences, type ItsResult } from '@mdc/core/identify/its';

interface Shared {
  its1?: { data: ReferenceIndexData; refs: ReferenceInfo[] };
  its2: { data: ReferenceIndexData; refs: ReferenceInfo[] };
  queries: { id: string; sequence: string }[];
}

function rows(results: ItsResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (!r.ok) {
      lines.push(`${r.queryId}\t0\t\t\t\t\t\trefused:${r.reason}`);
      continue;
    }
    for (const h of r.hits) lines.push([r.queryId, h.rank, h.accession, h.species, h.similarity.toFixed(4), h.score, h.tiedWithTop ? 1 : 0, `${r.confidence.level}:${r.its.basis}`].join('\t'));
  }
  return lines;
}

if (!isMainThread) {
  // Started before the main thread reads the references: the module loads meanwhile.
  void workerData;
  parentPort!.once('message', (shared: Shared) => {
    const indexes = {
      ITS2: indexFromData(shared.its2.data, shared.its2.refs, 0),
      ...(shared.its1 ? { ITS1: indexFromData(shared.its1.data, shared.its1.refs, 0) } : {}),
    };
    parentPort!.postMessage(rows(identifyItsSequences(indexes, shared.queries, { alignments: false })));
  });
} else {
  const { values } = parseArgs({
    options: {
      its1: { type: 'string' },
      its2: { type: 'string' },
      queries: { type: 'string' },
      out: { type: 'string' },
      threads: { type: 'string', default: String(availableParallelism()) },
      timings: { type: 'string' },
    },
  });
  if (!values.its2 || !values.queries || !values.out) {
    console.error('usage: mdc.ts --its2 R2.fasta [--its1 R1.fasta] --queries Q.fasta --out hits.tsv [--threads 2] [--timings t.json]');
    process.exit(2);
  }
  const MIN_PARALLEL_BATCH = 2000;
  const since = () => performance.now();
  const loaded = since();
  const queries = parseFastaText(readFileSync(values.queries, 'utf8')).map((q) => ({ id: q.accession, sequence: q.sequence }));
  const threads = queries.length >= MIN_PARALLEL_BATCH ? Math.max(1, Number(values.threads)) : 1;
  const read0 = since();
  // All but one worker search beside the main thread.
  const workers = threads > 1 ? Array.from({ length: threads - 1 }, () => new Worker(new URL(import.meta.url))) : [];
  const load = async (file: string) => parseFastaText(readFileSync(file, 'utf8')).map((r) => ({ accession: r.accession, species: r.species ?? '', lineage: r.lineage ?? [], description: r.description, sequence: r.sequence }));
  const refs2 = await load(values.its2);
  const refs1 = values.its1 ? await load(values.its1) : undefined;
  const read = since();
  const shared = threads > 1;
  const its2 = buildReferenceIndex(refs2, { shared });
  const its1: ReferenceIndex | undefined = refs1 ? buildReferenceIndex(refs1, { shared }) : undefined;
  const built = since();
  let lines: string[];
  if (workers.length > 0) {
    const pack = (index: ReferenceIndex) => ({ data: sharedIndexData(index), refs: index.refs });
    const per = Math.ceil(queries.length / threads);
    const parts = workers.map((worker, t) => {
      const slice = queries.slice((t + 1) * per, (t + 2) * per);
      worker.postMessage({ its2: pack(its2), ...(its1 ? { its1: pack(its1) } : {}), queries: slice } satisfies Shared);
      return new Promise<string[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    });
    const own = rows(identifyItsSequences({ ITS2: its2, ...(its1 ? { ITS1: its1 } : {}) }, queries.slice(0, per), { alignments: false }));
    lines = [...own, ...(await Promise.all(parts)).flat()];
    await Promise.all(workers.map((w) => w.terminate()));
  } else {
    lines = rows(identifyItsSequences({ ITS2: its2, ...(its1 ? { ITS1: its1 } : {}) }, queries, { alignments: false }));
  }
  const searched = since();
  writeFileSync(values.out, ['query\trank\taccession\tspecies\tsimilarity\tscore\ttied\tconfidence', ...lines].join('\n') + '\n');
  const timings = {
    threads,
    wordLength: its2.wordLength,
    references: its2.refs.length + (its1?.refs.length ?? 0),
    indexBytes: its2.bytes + (its1?.bytes ?? 0),
    moduleLoadMs: loaded,
    readQueriesMs: read0 - loaded,
    readReferencesMs: read - read0,
    buildIndexMs: built - read,
    searchMs: searched - built,
    totalMs: since(),
  };
  if (values.timings) writeFileSync(values.timings, JSON.stringify(timings, null, 2));
  else console.error(JSON.stringify(timings));
}
