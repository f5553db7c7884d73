import { parseArgs } from 'node:util';
import { ReferenceIndexBuilder, buildReferenceIndex, type ReferenceIndex } from '@mdc/core/identify/rrna';
import { MIN_REFERENCE_LENGTH, formatItsJson, formatItsTsv, identifyItsSequences, itsExclusion, parseItsHeader, type ItsIndexes, type ItsRegion } from '@mdc/core/identify/its';
import { FastaError, forEachFastaRecord, parseFastaHeader, readFastaBytes, readFastaFile } from '@mdc/refdata/fasta';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { UsageError, endedOnUsage, finishBatch, finishSequenceBatch, isReadableFile, type RefusedInput } from '../cli-batch';
import { WordIndexCache } from '../index-cache';

const usage = `mdc identify --method ITS — identify fungi from ITS sequences

Usage:
  mdc identify --method ITS --query FILE [FILE …] [--reference FASTA] [--reference-its1 FASTA] [--format tsv|json] [--top N] [--fresh-index]

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
  --fresh-index     index the reference files anew instead of reading the index cache

Records shorter than 100 bases or without a species name (\`Genus_sp\`) are no evidence and are left
out of the references. The word index of a --reference file is kept under MDC_HOME/cache/word-index,
keyed by the file's size, modification time and bytes, and read back by the next command (as
makeblastdb keeps a database). Without --reference the references come from the database the server
uses (DATABASE_URL, or the embedded database under MDC_HOME: stop a running server first).

A query file that cannot be read, and a sequence that is not an ITS read (empty, not nucleotides,
too short or too long), is named on standard error with its reason and the others are answered.
Exit code: 0 every input answered, 1 something refused (the rest answered), 2 wrong usage.
Timings go to standard error, results to standard output.`;

/** Which records of a reference file are evidence, and the index's word length: part of the cache key. */
const recipe = (region: ItsRegion) => `its/${region}/min${MIN_REFERENCE_LENGTH[region]}/named-to-species/default-k`;

/**
 * The word index of a reference file in either header form, filtered as the import filters. Read
 * as bytes (no string per sequence), encoded straight into the index, and filed in the cache.
 */
function indexReferenceFile(file: string, region: ItsRegion, cache: WordIndexCache | undefined): { index: ReferenceIndex; cached: boolean } {
  const key = cache ? WordIndexCache.key(file, recipe(region)) : '';
  const filed = cache?.read(key);
  if (filed) return { index: filed, cached: true };
  const bytes = readFastaBytes(file);
  const builder = new ReferenceIndexBuilder({ expectedBases: bytes.length });
  let ordinal = 0;
  forEachFastaRecord(bytes, file, (header, residues) => {
    ordinal++;
    if (header.includes('|taxonomy=')) {
      const record = parseFastaHeader(header);
      if (!record.lineage || !record.species || residues.length < MIN_REFERENCE_LENGTH[region]) return;
      builder.addResidues({ accession: record.accession, species: record.species, lineage: record.lineage, description: record.description }, residues);
      return;
    }
    const head = parseItsHeader(header, region, ordinal);
    if (itsExclusion({ species: head.species, length: residues.length }, region)) return;
    builder.addResidues(head, residues);
  });
  const index = builder.finish();
  if (cache) cache.write(key, index);
  return { index, cached: false };
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
    // "--query a.fasta b.fasta": the files after the first arrive as positionals.
    const queryFiles = [...(values.query ?? []), ...positionals];
    if (queryFiles.length === 0) throw new UsageError('--query FILE is required');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    const top = values.top === undefined ? undefined : Number(values.top);
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top must be a whole number ≥ 1');
    if (values['reference-its1'] && !values.reference) throw new UsageError('--reference-its1 needs --reference (the ITS2 reference)');
    for (const file of [...queryFiles, values.reference, values['reference-its1']]) {
      if (file !== undefined && !isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
    }
    const { queries, refused } = await readQueries(queryFiles);
    if (queries.length === 0) {
      finishBatch(refused, 0, log);
      return;
    }
    const started = performance.now();
    let indexes: ItsIndexes;
    let described: string;
    if (values.reference) {
      const cache = values['fresh-index'] ? undefined : WordIndexCache.of(loadConfig().home);
      const its2 = indexReferenceFile(values.reference, 'ITS2', cache);
      const its1 = values['reference-its1'] ? indexReferenceFile(values['reference-its1'], 'ITS1', cache) : undefined;
      indexes = { ITS2: its2.index, ...(its1 ? { ITS1: its1.index } : {}) };
      const from = [its2, ...(its1 ? [its1] : [])].filter((i) => i.cached).length;
      described = `${its2.index.refs.length} ITS2 and ${its1?.index.refs.length ?? 0} ITS1 references from ${values.reference}${from ? ` (${from === 1 && its1 ? 'one index' : 'the index'} from the cache)` : ''}`;
    } else {
      const imported = await importedIndexes();
      indexes = { ITS2: imported.ITS2, ...(imported.ITS1 ? { ITS1: imported.ITS1 } : {}) };
      described = `${imported.counts.ITS2} ITS2 and ${imported.counts.ITS1} ITS1 references from the database`;
    }
    log(`read and indexed ${described} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const searchStarted = performance.now();
    const results = identifyItsSequences(indexes, queries, { alignments: values.format === 'json' });
    const ms = performance.now() - searchStarted;
    log(`identified ${queries.length} sequences in ${(ms / 1000).toFixed(2)} s (${(ms / Math.max(1, queries.length)).toFixed(1)} ms per sequence)`);
    const options = top === undefined ? {} : { top };
    const output = values.format === 'json' ? formatItsJson(results, options) : formatItsTsv(results, options);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    finishSequenceBatch(results, refused, log);
  } catch (error) {
    if (endedOnUsage(error, 'mdc identify --method ITS --help', [FastaError])) return;
    throw error;
  }
}
