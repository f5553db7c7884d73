import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildReferenceIndex,
  formatIdentificationJson,
  formatIdentificationTsv,
  identifySequences,
  type IdentificationResult,
  type IdentifyQuery,
  type ReferenceSequence,
} from '@mdc/core/identify/rrna';
import { isAb1 } from '@mdc/refdata/ab1';
import { FastaError, readFastaFile } from '@mdc/refdata/fasta';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { loadReferenceSequences } from '../../resource/tables';
import { UsageError, endedOnUsage, finishBatch, finishSequenceBatch, isReadableFile, type RefusedInput } from '../cli-batch';
import { acceptedLabels } from './accepted-names';
import { MARKERS, readTrace, sequencesOf, type Marker, type ReadOrigin, type UploadSlot } from './submission';

const usage = `mdc identify --method 16S|18S — identify 16S / 18S rRNA gene sequences

Usage:
  mdc identify --method 16S|18S --query FILE [FILE …] [--reference FASTA] [--names accepted|deposited] [--format tsv|json] [--top N] [--threads N] [--pairs by-name|none]

  --method     16S (bacteria, archaea) or 18S (fungi); --marker 16S|18S says the same
  --query      FASTA or FASTA.gz with one or more sequences, or Sanger traces (.ab1, known by
               their content), several files at once; trace ends are trimmed by quality (Mott,
               error limit 0.05)
  --pairs      by-name (default): a forward and a reverse trace of one isolate (names ending F/R,
               e.g. S1_F.ab1 S1_R.ab1) are assembled into one consensus; none: each read alone
  --reference  FASTA or FASTA.gz to search instead of the imported reference sequences
               (headers \`>ACCESSION description |taxonomy=Kingdom;…;Genus;Genus species\`)
  --names      accepted (default): a --reference file's species under the accepted names of
               the taxonomy imported into the database (the deposited label kept in JSON as
               depositedSpecies), as the imported references are; deposited: as the file says.
               Without an imported taxonomy, or while a running server holds the embedded
               database, the names stay as deposited (standard error says which)
  --format     tsv (default): one row per hit — query rank accession species similarity
               length mismatches gaps score confidence call (the sequence's call as the page
               heads it: "Weissella sp. (closest: Weissella cibaria)" at genus level), and for traces also source kept
               trimmed_start trimmed_end mean_quality overlap overlap_identity;
               json: the full results, each with its \`call\` (a trace's reading under \`read\`)
  --top        hits per query (default 20, ties with the top hit always listed in JSON)
  --threads    search threads for large query files (default 1)

A file that cannot be read (or a trace too short once trimmed) is named on standard error with
its reason and the others are answered. Exit code: 0 every input answered, 1 something refused
(the rest answered), 2 wrong usage.

Without --reference the references come from the database the server uses (DATABASE_URL, or
the embedded database under MDC_HOME: stop a running server first, the embedded database
allows one process at a time). Timings go to standard error, results to standard output.`;

async function importedReferences(marker: Marker): Promise<ReferenceSequence[]> {
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    const rows = await loadReferenceSequences(db, marker);
    if (rows.length === 0) throw new UsageError(`no ${marker} reference sequences have been imported: run \`mdc import\` or pass --reference FASTA`);
    return rows.map((r) => ({ accession: r.accession, species: r.species, lineage: r.lineage, description: r.description, sequence: r.sequence }));
  } finally {
    await db.close();
  }
}

/**
 * A reference file's labels under the accepted names of the taxonomy imported into the database
 * (what the imported references are filed under), so that a file answers in the same names as the
 * database. The database is only read: PostgreSQL at DATABASE_URL, or the embedded one under
 * MDC_HOME when it exists and no running server holds it (PGlite keeps a postmaster.pid while open;
 * a second process must not open it).
 */
async function withImportedNames(references: ReferenceSequence[], log: (line: string) => void): Promise<ReferenceSequence[]> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const dir = path.join(config.home, 'db');
    if (!existsSync(dir)) {
      log('names as deposited: no database with an imported taxonomy (run `mdc import`)');
      return references;
    }
    if (existsSync(path.join(dir, 'postmaster.pid'))) {
      log(`names as deposited: the embedded database (${dir}) is open in another process; stop the server for accepted names`);
      return references;
    }
  }
  let db: Awaited<ReturnType<typeof openDb>>;
  try {
    db = await openDb(config);
  } catch (error) {
    log(`names as deposited: the database could not be opened (${error instanceof Error ? error.message : String(error)})`);
    return references;
  }
  try {
    let taxa = 0;
    try {
      taxa = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM taxon'))[0]?.n ?? 0);
    } catch {
      taxa = 0;
    }
    if (taxa === 0) {
      log('names as deposited: no taxonomy has been imported into the database (run `mdc import`)');
      return references;
    }
    const accepted = await acceptedLabels(db, references.map((r) => r.species ?? ''));
    let renamed = 0;
    const named = references.map((r) => {
      const label = r.species?.trim();
      const found = label ? accepted.get(label) : undefined;
      if (!label || !found) return r;
      if (found.species === label) return { ...r, lineage: found.lineage };
      renamed++;
      return { ...r, species: found.species, lineage: found.lineage, depositedSpecies: label };
    });
    log(`accepted names of the imported taxonomy (${taxa} taxa): ${renamed} of ${references.length} references renamed`);
    return named;
  } finally {
    await db.close();
  }
}

async function search(marker: Marker, references: ReferenceSequence[], queries: IdentifyQuery[], threads: number, log: (line: string) => void): Promise<IdentificationResult[]> {
  const started = performance.now();
  // Threads pay off only for many queries: each must load the engine first.
  const parallel = threads > 1 && queries.length >= 48;
  const pool = parallel ? new (await import('@mdc/core/identify/rrna/parallel')).IdentifyPool({ threads }) : undefined;
  const index = buildReferenceIndex(references, { shared: parallel });
  log(
    `indexed ${index.refs.length} ${marker} references in ${(index.buildMs / 1000).toFixed(2)} s (word length ${index.wordLength}, ${(index.bytes / 1e6).toFixed(0)} MB)` +
      (index.skipped.length ? `; skipped ${index.skipped.length} without usable bases` : ''),
  );
  const searchStarted = performance.now();
  let results: IdentificationResult[];
  try {
    if (pool) {
      await pool.setIndex(marker, index);
      results = await pool.identify(marker, queries, { marker });
    } else {
      results = identifySequences(index, queries, { marker });
    }
  } finally {
    await pool?.close();
  }
  const searchMs = performance.now() - searchStarted;
  log(
    `identified ${queries.length} sequences in ${(searchMs / 1000).toFixed(2)} s (${(searchMs / Math.max(1, queries.length)).toFixed(1)} ms per sequence); total ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  return results;
}

/**
 * Reads the query files: FASTA (or .gz) as it is — the engine refuses bad sequences one by one —
 * and Sanger traces by their content, trimmed and paired as the upload does. A file that cannot be
 * read is refused with its reason; the others go on.
 */
async function readQueries(marker: Marker, files: string[], pairs: string): Promise<{ queries: IdentifyQuery[]; reads: Map<string, ReadOrigin>; refused: RefusedInput[] }> {
  const slots: UploadSlot[] = [];
  const refused: RefusedInput[] = [];
  for (const file of files) {
    const name = path.basename(file);
    const head = new Uint8Array(4);
    const handle = await open(file, 'r');
    try {
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
    if (isAb1(head)) {
      const read = readTrace(marker, name, await readFile(file));
      if (read.ok) slots.push(read.trace);
      else refused.push({ item: file, reason: read.problem.detail.en });
      continue;
    }
    try {
      slots.push((await readFastaFile(file)).map((q) => ({ queryId: q.accession, description: q.description, sequence: q.sequence, length: q.sequence.length })));
    } catch (error) {
      if (!(error instanceof FastaError)) throw error;
      refused.push({ item: file, reason: error.message });
    }
  }
  const { sequences, refused: short } = sequencesOf(marker, slots, pairs === 'none' ? 'none' : 'by-name');
  for (const r of short) refused.push({ item: files.find((f) => path.basename(f) === r.label) ?? r.label, reason: r.problem.detail.en });
  const reads = new Map<string, ReadOrigin>();
  for (const s of sequences) if (s.read) reads.set(s.queryId, s.read);
  return { queries: sequences.map((s) => ({ id: s.queryId, sequence: s.sequence, description: s.description })), reads, refused };
}

const TRACE_COLUMNS = ['source', 'kept', 'trimmed_start', 'trimmed_end', 'mean_quality', 'overlap', 'overlap_identity'] as const;

/** A trace's columns: what trimming kept and cut, the mean quality; for a pair, the overlap of the reads. */
function traceCells(read: ReadOrigin | undefined): string[] {
  if (!read) return ['fasta', '', '', '', '', '', ''];
  const trim = (r: { qualityTrim: ReadOrigin['qualityTrim']; calledLength: number }) => r.qualityTrim ?? { start: 0, end: r.calledLength, trimmedStart: 0, trimmedEnd: 0, meanQuality: 0 };
  const f = trim(read);
  if (!read.pair) return ['ab1', String(f.end - f.start), String(f.trimmedStart), String(f.trimmedEnd), read.qualityTrim ? f.meanQuality.toFixed(1) : '', '', ''];
  const r = trim(read.pair.reverse);
  return [
    'ab1-pair',
    `${f.end - f.start}+${r.end - r.start}`,
    `${f.trimmedStart}+${r.trimmedStart}`,
    `${f.trimmedEnd}+${r.trimmedEnd}`,
    read.pair.meanQuality.toFixed(1),
    String(read.pair.overlapLength),
    read.pair.identity.toFixed(2),
  ];
}

/** The TSV with the trace columns after the usual ones, when any query came from a trace (FASTA-only output is unchanged). */
function withTraceColumns(tsv: string, results: IdentificationResult[], reads: Map<string, ReadOrigin>): string {
  if (reads.size === 0) return tsv;
  // Only the final line break goes: a refused sequence's last cell (its call) is empty.
  const [header, ...lines] = tsv.replace(/\n$/, '').split('\n');
  const rows = [header + '\t' + TRACE_COLUMNS.join('\t')];
  // Rows come in result order, one or more per result, each starting with its query id.
  let at = 0;
  for (const line of lines) {
    while (at < results.length - 1 && !line.startsWith(results[at]!.queryId.replace(/[\t\r\n]+/g, ' ') + '\t')) at++;
    rows.push(line + '\t' + traceCells(reads.get(results[at]!.queryId)).join('\t'));
  }
  return rows.join('\n') + '\n';
}

/** The JSON with each trace's reading (trimming, pair) under `read`. */
function withReads(json: string, reads: Map<string, ReadOrigin>): string {
  if (reads.size === 0) return json;
  const results = JSON.parse(json) as { queryId: string }[];
  return JSON.stringify(results.map((r) => (reads.has(r.queryId) ? { ...r, read: reads.get(r.queryId) } : r)), null, 2) + '\n';
}

/** `mdc identify --method 16S|18S`: the engine on files, for people and for benchmarks. */
export async function runRrnaIdentify(args: string[], method?: Marker): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        marker: { type: 'string' },
        query: { type: 'string', multiple: true },
        pairs: { type: 'string', default: 'by-name' },
        reference: { type: 'string' },
        names: { type: 'string', default: 'accepted' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string' },
        threads: { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    const marker = method ?? values.marker?.toUpperCase();
    if (!marker || !(MARKERS as readonly string[]).includes(marker)) throw new UsageError('--marker must be 16S or 18S');
    // "--query a.ab1 b.ab1": the files after the first arrive as positionals.
    const queryFiles = [...(values.query ?? []), ...positionals];
    if (queryFiles.length === 0) throw new UsageError('--query FILE is required');
    if (values.pairs !== 'by-name' && values.pairs !== 'none') throw new UsageError('--pairs must be by-name or none');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    if (values.names !== 'accepted' && values.names !== 'deposited') throw new UsageError('--names must be accepted or deposited');
    const top = values.top === undefined ? undefined : Number(values.top);
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top must be a whole number ≥ 1');
    const threads = Number(values.threads);
    if (!Number.isInteger(threads) || threads < 1) throw new UsageError('--threads must be a whole number ≥ 1');

    for (const file of [...queryFiles, values.reference]) {
      // The reader opens its stream before it looks at the file: say plainly what is missing first.
      if (file !== undefined && !isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
    }
    const { queries, reads, refused } = await readQueries(marker as Marker, queryFiles, values.pairs);
    if (queries.length === 0) {
      finishBatch(refused, 0, log);
      return;
    }
    const loadStarted = performance.now();
    const fromFile = values.reference
      ? (await readFastaFile(values.reference)).map((r) => ({ accession: r.accession, species: r.species, lineage: r.lineage, description: r.description, sequence: r.sequence }))
      : null;
    const references = fromFile ? (values.names === 'accepted' ? await withImportedNames(fromFile, log) : fromFile) : await importedReferences(marker as Marker);
    log(`read ${references.length} references from ${values.reference ?? 'the database'} in ${((performance.now() - loadStarted) / 1000).toFixed(2)} s`);

    const results = await search(marker as Marker, references, queries, threads, log);
    const options = top === undefined ? {} : { top };
    const output = values.format === 'json' ? withReads(formatIdentificationJson(results, options), reads) : withTraceColumns(formatIdentificationTsv(results, options), results, reads);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    finishSequenceBatch(results, refused, log);
  } catch (error) {
    if (endedOnUsage(error, 'mdc identify --help', [FastaError])) return;
    throw error;
  }
}
