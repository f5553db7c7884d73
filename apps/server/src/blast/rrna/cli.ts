import { accessSync, constants, statSync } from 'node:fs';
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
import { FastaError, readFastaFile } from '@mdc/refdata/fasta';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { loadReferenceSequences } from '../../resource/tables';
import { MARKERS, type Marker } from './submission';

const usage = `mdc identify --method 16S|18S — identify 16S / 18S rRNA gene sequences

Usage:
  mdc identify --method 16S|18S --query FILE [--reference FASTA] [--format tsv|json] [--top N] [--threads N]

  --method     16S (bacteria, archaea) or 18S (fungi); --marker 16S|18S says the same
  --query      FASTA or FASTA.gz with one or more sequences
  --reference  FASTA or FASTA.gz to search instead of the imported reference sequences
               (headers \`>ACCESSION description |taxonomy=Kingdom;…;Genus;Genus species\`)
  --format     tsv (default): one row per hit — query rank accession species similarity
               length mismatches gaps score confidence; json: the full results
  --top        hits per query (default 20, ties with the top hit always listed in JSON)
  --threads    search threads for large query files (default 1)

Without --reference the references come from the database the server uses (DATABASE_URL, or
the embedded database under MDC_HOME: stop a running server first, the embedded database
allows one process at a time). Timings go to standard error, results to standard output.`;

function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Fails with a message and exit code 2, the way command-line tools say "wrong usage". */
class UsageError extends Error {}

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

/** `mdc identify --method 16S|18S`: the engine on files, for people and for benchmarks. */
export async function runRrnaIdentify(args: string[], method?: Marker): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  try {
    const { values } = parseArgs({
      args,
      options: {
        marker: { type: 'string' },
        query: { type: 'string' },
        reference: { type: 'string' },
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
    if (!values.query) throw new UsageError('--query FILE is required');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    const top = values.top === undefined ? undefined : Number(values.top);
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top must be a whole number ≥ 1');
    const threads = Number(values.threads);
    if (!Number.isInteger(threads) || threads < 1) throw new UsageError('--threads must be a whole number ≥ 1');

    for (const file of [values.query, values.reference]) {
      // The reader opens its stream before it looks at the file: say plainly what is missing first.
      if (file !== undefined && !isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
    }
    const queries = (await readFastaFile(values.query)).map((q) => ({ id: q.accession, sequence: q.sequence, description: q.description }));
    const loadStarted = performance.now();
    const references = values.reference
      ? (await readFastaFile(values.reference)).map((r) => ({ accession: r.accession, species: r.species, lineage: r.lineage, description: r.description, sequence: r.sequence }))
      : await importedReferences(marker as Marker);
    log(`read ${references.length} references from ${values.reference ?? 'the database'} in ${((performance.now() - loadStarted) / 1000).toFixed(2)} s`);

    const results = await search(marker as Marker, references, queries, threads, log);
    const options = top === undefined ? {} : { top };
    const output = values.format === 'json' ? formatIdentificationJson(results, options) : formatIdentificationTsv(results, options);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    const refused = results.filter((r) => !r.ok).length;
    if (refused) log(`${refused} of ${results.length} sequences were refused (see the confidence column)`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof FastaError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc identify: ${(error as Error).message}`);
      if (error instanceof UsageError) console.error('see mdc identify --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
