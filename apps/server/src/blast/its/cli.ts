import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ReferenceIndexBuilder, buildReferenceIndex, withWordIndex, type ReferenceIndex, type ReferenceIndexData } from '@mdc/core/identify/rrna';
import { MIN_REFERENCE_LENGTH, identifyItsSequences, formatItsJson, formatItsTsv, itsHeaderNamesSpecies, type IdentifyItsOptions, type ItsIndexes, type ItsRegion, type ItsResult } from '@mdc/core/identify/its';
import { FastaError, fastaBytesOf, forEachFastaSpan, readFastaFile } from '@mdc/refdata/fasta';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { UsageError, batchInputs, endedOnUsage, finishBatch, finishSequenceBatch, isReadableFile, type RefusedInput } from '../cli-batch';
import { WordIndexCache } from '../index-cache';
import { referenceLines } from '../reference-lines';
import { HeaderLinesBuilder, describeItsHeader, headerLineReader, linesReferences, mdcHeaderNamesSpecies } from './header-lines';
import { threadReady } from '../thread-ready';
import { searchChunks, type FromThread, type SharedItsIndex, type ToThread } from './thread';

const usage = `mdc identify --method ITS — identify fungi from ITS sequences

Usage:
  mdc identify --method ITS --query FILE [FILE …] [--reference FASTA] [--reference-its1 FASTA] [--format tsv|json] [--top N] [--threads N] [--fresh-index]

  --query           FASTA or FASTA.gz with one or more reads: a whole ITS (ITS1-5.8S-ITS2, e.g. primers
                    ITS1/ITS4), ITS1 alone or ITS2 alone; several files at once
  --reference       ITS2 reference FASTA(.gz) to search instead of the imported one: headers of the
                    IF+UNITE+INSDC sets (\`>Fungi;phylum;class;order;family;Genus;Genus_species [id]\`)
                    or \`>ID description |taxonomy=Kingdom;…;Genus;Genus species\`
  --reference-its1  ITS1 reference for the ITS1 part of whole-ITS reads (with --reference; without it
                    only ITS2 is searched)
  --format          tsv (default): one row per hit — query rank accession species similarity length
                    mismatches gaps score confidence; json: the full results (regions, parts, pooled hits)
  --top             hits per query (default all listed)
  --threads         threads that may search the batch (default: the machine's cores); a further
                    thread is started for each 1,000 reads, as below that it costs what it saves
                    (each thread compiles the search anew); they share one word index in memory,
                    and the answer is the same for any number. A batch searched on one thread
                    (under 1,000 reads, or any with --threads 1) is answered by one scan of the
                    references, without a word index (the same candidates, so the same answer)
  --fresh-index     read the reference files anew instead of the cache

Records shorter than 100 bases or without a species name (\`Genus_sp\`) are no evidence and are left
out of the references. What was read of a --reference file is kept under MDC_HOME/cache/word-index
(the references, and their word index once a batch searched on several threads has needed it), keyed by
the file's size, modification time and bytes, and read back by the next command (as makeblastdb
keeps a database). Without --reference the references come from the database the server
uses (DATABASE_URL, or the embedded database under MDC_HOME: stop a running server first).

A query file that cannot be read, and a sequence that is not an ITS read (empty, not nucleotides,
too short or too long), is named on standard error with its reason and the others are answered.
Exit code: 0 every input answered, 1 something refused (the rest answered), 2 wrong usage.
Timings go to standard error, results to standard output.`;

/** Which records of a reference file are evidence, and the index's word length: part of the cache key. */
const recipe = (region: ItsRegion) => `its/${region}/min${MIN_REFERENCE_LENGTH[region]}/named-to-species/default-k`;

/**
 * A reference file in either header form, filtered as the import filters, with its word index when
 * `wordIndex` (a batch the threads share; else the batch scans the references). Read once as bytes
 * (hashed for the cache key from the same read; no string per sequence) and encoded straight into
 * the index, in shared memory so that search threads use it without a copy. What was read is filed
 * by `file()`, which the command calls while it searches; references filed without their index get
 * it (and are filed again) when a batch needs it.
 */
function indexReferenceFile(path: string, region: ItsRegion, cache: WordIndexCache | undefined, wordIndex: boolean): { index: ReferenceIndex; shared: SharedItsIndex; cached: 'index' | 'references' | false; file: () => Promise<void> } {
  let contents: Uint8Array;
  try {
    contents = readFileSync(path);
  } catch (error) {
    throw new FastaError(path, 0, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message);
  }
  const key = cache ? WordIndexCache.key(path, recipe(region), contents) : '';
  const filed = cache?.read(key, { shared: true, reader: headerLineReader });
  if (filed && (!wordIndex || filed.wordStarts.length > 0)) return { index: filed, shared: { data: arraysOf(filed), lines: filed.lines, skipped: filed.skipped }, cached: filed.wordStarts.length > 0 ? 'index' : 'references', file: () => Promise.resolve() };
  if (filed) {
    // Filed by a small batch without the word index this batch needs: added, and filed with it.
    const index = withWordIndex(filed, { shared: true });
    return { index, shared: { data: arraysOf(index), lines: filed.lines, skipped: filed.skipped }, cached: 'references', file: () => cache!.write(key, index, filed.lines) };
  }
  const file = path;
  const bytes = fastaBytesOf(contents, file);
  const builder = new ReferenceIndexBuilder({ expectedBases: bytes.length, shared: true });
  const headers = new HeaderLinesBuilder(region);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ordinal = 0;
  forEachFastaSpan(bytes, file, (from, to, residues) => {
    ordinal++;
    if (residues.length < MIN_REFERENCE_LENGTH[region]) return;
    const header = text.toString('utf8', from, to);
    if (!(header.includes('|taxonomy=') ? mdcHeaderNamesSpecies(header) : itsHeaderNamesSpecies(header))) return;
    const place = ordinal;
    // Described when a search reports it (headerLineReader); named here only if its bases are refused.
    if (builder.addUndescribed(residues, () => describeItsHeader(header, region, place, residues.length).accession)) headers.add(from, to, place);
  });
  const built = wordIndex ? builder.finish() : builder.finishWithoutWords();
  const lines = headers.lines(bytes, true);
  const index: ReferenceIndex = { ...built, refs: linesReferences(lines, built) };
  return { index, shared: { data: arraysOf(index), lines, skipped: index.skipped }, cached: false, file: () => cache?.write(key, index, lines) ?? Promise.resolve() };
}

/** The typed arrays of an index alone (what a thread is sent beside the references' JSON). */
const arraysOf = (index: ReferenceIndexData): ReferenceIndexData => ({ wordLength: index.wordLength, codes: index.codes, offsets: index.offsets, wordStarts: index.wordStarts, postings: index.postings });

/** The same index with its typed arrays in shared memory (copied there when they are not). */
function sharedIndex(index: ReferenceIndex): SharedItsIndex {
  const shared = <T extends Uint8Array | Uint32Array>(array: T): T => {
    if (array.buffer instanceof SharedArrayBuffer) return array;
    const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
    copy.set(array);
    return copy;
  };
  return {
    data: { wordLength: index.wordLength, codes: shared(index.codes), offsets: shared(index.offsets), wordStarts: shared(index.wordStarts), postings: shared(index.postings) },
    lines: referenceLines(index.refs, true),
    skipped: index.skipped,
  };
}

/** Queries taken at a time by a searching thread: small enough that both threads end together. */
const CHUNK = 8;

/**
 * Reads per thread beyond the first for a batch to be searched on several: every thread compiles
 * the search anew (V8 shares no compiled code between threads) and on two cores the threads slow
 * each other down, so below some thousand reads a second thread costs what it saves (878 reads:
 * 0.43 s on one thread and on two; 1,756 reads: 0.77 s and 0.57 s; bench/results/identify-its-2026-11-28.md).
 */
const READS_PER_SEARCH_THREAD = 1000;

/** The reads per further thread: READS_PER_SEARCH_THREAD, or MDC_READS_PER_SEARCH_THREAD (tests search a small batch on several threads). */
const readsPerSearchThread = (): number => Number(process.env.MDC_READS_PER_SEARCH_THREAD) || READS_PER_SEARCH_THREAD;

/** Threads beside the command's own that search a batch of `reads` when `wanted` threads in all may. */
export function searchThreadsFor(reads: number, wanted: number, perThread = readsPerSearchThread()): number {
  return Math.max(0, Math.min(wanted - 1, Math.floor(reads / perThread)));
}

/** Threads that search a batch beside the command's own, started before the references are read so that they load meanwhile. */
function startSearchThreads(count: number): Worker[] {
  const threads: Worker[] = [];
  for (let i = 0; i < count; i++) {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url), { workerData: { itsThread: true } });
    threadReady(worker);
    // Not holding the process open: a command refused before its search ends without them.
    worker.unref();
    threads.push(worker);
  }
  return threads;
}

/**
 * Identifies the batch on this thread and on `threads`, which are handed the indexes' shared memory
 * (`shared`, made only when there are threads); chunks are taken in turn, so the results are put
 * back in query order.
 */
async function searchInParallel(
  indexes: ItsIndexes,
  shared: () => { its2: SharedItsIndex; its1?: SharedItsIndex },
  queries: { id: string; sequence: string }[],
  options: IdentifyItsOptions,
  threads: Worker[],
): Promise<ItsResult[]> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const message: ToThread | undefined = threads.length ? { type: 'share-search', ...shared(), queries, next, chunk: CHUNK, options } : undefined;
  const answers = threads.map(
    (worker) =>
      new Promise<{ start: number; results: ItsResult[] }[]>((resolve, reject) => {
        worker.ref();
        worker.on('message', (answer: FromThread) => {
          if (answer.type === 'chunks') resolve(answer.chunks);
          else if (answer.type === 'error') reject(new Error(answer.message));
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`ITS search thread stopped (exit code ${code})`)));
        worker.postMessage(message);
      }),
  );
  for (const answer of answers) answer.catch(() => undefined); // not unhandled when not awaited (below)
  // Alone, the whole batch at once: references without a word index are scanned once for all of it.
  const chunks = threads.length ? searchChunks(indexes, queries, next, CHUNK, options) : [{ start: 0, results: identifyItsSequences(indexes, queries, options) }];
  const mine = chunks.reduce((sum, chunk) => sum + chunk.results.length, 0);
  try {
    // A thread still loading when this one took the last chunk has nothing to answer: not awaited.
    if (mine < queries.length) for (const answer of await Promise.all(answers)) chunks.push(...answer);
  } finally {
    await Promise.all(threads.map((worker) => worker.terminate()));
  }
  const results: ItsResult[] = new Array(queries.length);
  for (const chunk of chunks) chunk.results.forEach((result, i) => (results[chunk.start + i] = result));
  return results;
}

/** The imported references' indexes (the database's rows, already filtered at import). */
async function importedIndexes(): Promise<ItsIndexes & { counts: Record<'ITS1' | 'ITS2', number> }> {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    const rows = await db.query<{ region: 'ITS1' | 'ITS2'; accession: string; species: string; lineage: string[]; sequence: string }>(
      `SELECT region, accession, species, lineage, sequence FROM its_reference WHERE exclusion IS NULL AND region IN ('ITS1', 'ITS2') ORDER BY region, line`,
    );
    if (rows.length === 0) throw new UsageError('no ITS reference sequences have been imported: run `mdc import` (with rrna/its/ in the data folder) or pass --reference FASTA');
    const pick = (region: 'ITS1' | 'ITS2') => rows.filter((r) => r.region === region).map((r) => ({ accession: r.accession, species: r.species, lineage: r.lineage, sequence: r.sequence }));
    const its1 = pick('ITS1');
    const its2 = pick('ITS2');
    return { ITS2: buildReferenceIndex(its2), ...(its1.length ? { ITS1: buildReferenceIndex(its1) } : {}), counts: { ITS1: its1.length, ITS2: its2.length } };
  } finally {
    await db.close();
  }
}

/** The query files' sequences; a file that cannot be read is refused with its reason, the others go on. */
async function readQueries(files: string[]): Promise<{ queries: { id: string; sequence: string }[]; refused: RefusedInput[] }> {
  const queries: { id: string; sequence: string }[] = [];
  const refused: RefusedInput[] = [];
  for (const file of files) {
    try {
      for (const q of await readFastaFile(file)) queries.push({ id: q.accession, sequence: q.sequence });
    } catch (error) {
      if (!(error instanceof FastaError)) throw error;
      refused.push({ item: file, reason: error.line ? `line ${error.line}: ${error.reason}` : error.reason });
    }
  }
  return { queries, refused };
}

/** `mdc identify --method ITS`: the ITS pipeline on files. */
export async function runItsIdentify(args: string[]): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        query: { type: 'string', multiple: true },
        reference: { type: 'string' },
        'reference-its1': { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string' },
        threads: { type: 'string' },
        'fresh-index': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    const { files: queryFiles } = batchInputs(values.query, positionals, values.format);
    const top = values.top === undefined ? undefined : Number(values.top);
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top must be a whole number ≥ 1');
    // Every core by default: searchThreadsFor starts further threads only for batches that gain.
    const threadCount = values.threads === undefined ? availableParallelism() : Number(values.threads);
    if (!Number.isInteger(threadCount) || threadCount < 1 || threadCount > 64) throw new UsageError('--threads must be a whole number from 1 to 64');
    if (values['reference-its1'] && !values.reference) throw new UsageError('--reference-its1 needs --reference (the ITS2 reference)');
    for (const file of [values.reference, values['reference-its1']]) {
      if (file !== undefined && !isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
    }
    const { queries, refused } = await readQueries(queryFiles);
    if (queries.length === 0) {
      finishBatch(refused, 0, log);
      return;
    }
    const threads = startSearchThreads(searchThreadsFor(queries.length, threadCount));
    // A batch one thread searches is answered by one scan of the references for all its reads
    // (withScannedCandidates), without building the word index: on the 39,016 ITS2 references the
    // index takes 0.2 s to build and 0.24 ms a read to rank, the scan's two passes 0.05 s and
    // 0.15 ms a read (bench/identify/its). The index is built when threads share the batch; a
    // filed index is used all the same.
    const wordIndex = threads.length > 0;
    const started = performance.now();
    let indexes: ItsIndexes;
    let described: string;
    let indexed = true;
    let shared: () => { its2: SharedItsIndex; its1?: SharedItsIndex };
    // A new index is filed while the threads search (the write runs on libuv's pool) and awaited
    // after the answer is printed.
    let filing: Promise<unknown> = Promise.resolve();
    if (values.reference) {
      const cache = values['fresh-index'] ? undefined : WordIndexCache.of(loadConfig().home);
      const its2 = indexReferenceFile(values.reference, 'ITS2', cache, wordIndex);
      const its1 = values['reference-its1'] ? indexReferenceFile(values['reference-its1'], 'ITS1', cache, wordIndex) : undefined;
      indexes = { ITS2: its2.index, ...(its1 ? { ITS1: its1.index } : {}) };
      shared = () => ({ its2: its2.shared, ...(its1 ? { its1: its1.shared } : {}) });
      filing = Promise.all([its2.file(), its1?.file()]);
      // What came from the cache: "the index", "the references" (filed without their word index), or per file.
      const filed = [its2, ...(its1 ? [its1] : [])].map((i) => i.cached);
      const fromCache = filed.every((c) => c === filed[0]) ? (filed[0] ? `the ${filed[0]}` : '') : filed.map((c, i) => `${i ? 'ITS1' : 'ITS2'} ${c || 'read anew'}`).join(', ');
      indexed = its2.index.wordStarts.length > 0;
      described = `${its2.index.refs.length} ITS2 and ${its1?.index.refs.length ?? 0} ITS1 references from ${values.reference}${fromCache ? ` (${fromCache} from the cache)` : ''}${indexed ? '' : ', to scan once for the batch'}`;
    } else {
      const imported = await importedIndexes();
      indexes = { ITS2: imported.ITS2, ...(imported.ITS1 ? { ITS1: imported.ITS1 } : {}) };
      shared = () => ({ its2: sharedIndex(imported.ITS2), ...(imported.ITS1 ? { its1: sharedIndex(imported.ITS1) } : {}) });
      described = `${imported.counts.ITS2} ITS2 and ${imported.counts.ITS1} ITS1 references from the database`;
    }
    log(`read${indexed ? ' and indexed' : ''} ${described} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const searchStarted = performance.now();
    const results = await searchInParallel(indexes, shared, queries, { alignments: values.format === 'json' }, threads);
    const ms = performance.now() - searchStarted;
    log(`identified ${queries.length} sequences on ${threads.length + 1} thread(s) in ${(ms / 1000).toFixed(2)} s (${(ms / Math.max(1, queries.length)).toFixed(1)} ms per sequence)`);
    const options = top === undefined ? {} : { top };
    const output = values.format === 'json' ? formatItsJson(results, options) : formatItsTsv(results, options);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    await filing;
    finishSequenceBatch(results, refused, log);
  } catch (error) {
    if (endedOnUsage(error, 'mdc identify --method ITS --help', [FastaError])) return;
    throw error;
  }
}
