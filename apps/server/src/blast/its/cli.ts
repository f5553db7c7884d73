import { accessSync, constants, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildReferenceIndex, type ReferenceSequence } from '@mdc/core/identify/rrna';
import { formatItsJson, formatItsTsv, identifyItsSequences, itsReference, type ItsIndexes, type ItsRegion } from '@mdc/core/identify/its';
import { FastaError, readFasta } from '@mdc/refdata/fasta';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';

const usage = `mdc identify --method ITS — identify fungi from ITS sequences

Usage:
  mdc identify --method ITS --query FILE [--reference FASTA] [--reference-its1 FASTA] [--format tsv|json] [--top N]

  --query           FASTA or FASTA.gz with one or more reads: a whole ITS (ITS1-5.8S-ITS2, e.g. primers
                    ITS1/ITS4), ITS1 alone or ITS2 alone
  --reference       ITS2 reference FASTA(.gz) to search instead of the imported one: headers of the
                    IF+UNITE+INSDC sets (\`>Fungi;phylum;class;order;family;Genus;Genus_species [id]\`)
                    or \`>ID description |taxonomy=Kingdom;…;Genus;Genus species\`
  --reference-its1  ITS1 reference for the ITS1 part of whole-ITS reads (with --reference; without it
                    only ITS2 is searched)
  --format          tsv (default): one row per hit — query rank accession species similarity length
                    mismatches gaps score confidence; json: the full results (regions, parts, pooled hits)
  --top             hits per query (default all listed)

Records shorter than 100 bases or without a species name (\`Genus_sp\`) are no evidence and are left
out of the references. Without --reference the references come from the database the server uses
(DATABASE_URL, or the embedded database under MDC_HOME: stop a running server first). Timings go to
standard error, results to standard output.`;

class UsageError extends Error {}

function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A reference file in either header form, filtered as the import filters. */
async function referencesFrom(file: string, region: ItsRegion): Promise<ReferenceSequence[]> {
  const out: ReferenceSequence[] = [];
  let ordinal = 0;
  for await (const record of readFasta(file)) {
    ordinal++;
    if (record.lineage && record.species) {
      if (record.sequence.length < 100) continue;
      out.push({ accession: record.accession, species: record.species, lineage: record.lineage, description: record.description, sequence: record.sequence });
      continue;
    }
    const ref = itsReference(record.header, record.sequence, region, ordinal);
    if (!ref.exclusion) out.push(ref);
  }
  return out;
}

async function importedReferences(): Promise<Record<'ITS1' | 'ITS2', ReferenceSequence[]>> {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    const rows = await db.query<{ region: 'ITS1' | 'ITS2'; accession: string; species: string; lineage: string[]; sequence: string }>(
      `SELECT region, accession, species, lineage, sequence FROM its_reference WHERE exclusion IS NULL AND region IN ('ITS1', 'ITS2') ORDER BY region, line`,
    );
    if (rows.length === 0) throw new UsageError('no ITS reference sequences have been imported: run `mdc import` (with rrna/its/ in the data folder) or pass --reference FASTA');
    const pick = (region: 'ITS1' | 'ITS2') => rows.filter((r) => r.region === region).map((r) => ({ accession: r.accession, species: r.species, lineage: r.lineage, sequence: r.sequence }));
    return { ITS1: pick('ITS1'), ITS2: pick('ITS2') };
  } finally {
    await db.close();
  }
}

/** `mdc identify --method ITS`: the ITS pipeline on files. */
export async function runItsIdentify(args: string[]): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  try {
    const { values } = parseArgs({
      args,
      options: {
        query: { type: 'string' },
        reference: { type: 'string' },
        'reference-its1': { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string' },
        threads: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    if (!values.query) throw new UsageError('--query FILE is required');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    const top = values.top === undefined ? undefined : Number(values.top);
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top must be a whole number ≥ 1');
    if (values['reference-its1'] && !values.reference) throw new UsageError('--reference-its1 needs --reference (the ITS2 reference)');
    for (const file of [values.query, values.reference, values['reference-its1']]) {
      if (file !== undefined && !isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
    }
    const queries: { id: string; sequence: string }[] = [];
    for await (const q of readFasta(values.query)) queries.push({ id: q.accession, sequence: q.sequence });
    const started = performance.now();
    const references = values.reference
      ? { ITS2: await referencesFrom(values.reference, 'ITS2'), ITS1: values['reference-its1'] ? await referencesFrom(values['reference-its1'], 'ITS1') : [] }
      : await importedReferences();
    const indexes: ItsIndexes = { ITS2: buildReferenceIndex(references.ITS2), ...(references.ITS1.length ? { ITS1: buildReferenceIndex(references.ITS1) } : {}) };
    log(`read and indexed ${references.ITS2.length} ITS2 and ${references.ITS1.length} ITS1 references from ${values.reference ?? 'the database'} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const searchStarted = performance.now();
    const results = identifyItsSequences(indexes, queries, { alignments: values.format === 'json' });
    const ms = performance.now() - searchStarted;
    log(`identified ${queries.length} sequences in ${(ms / 1000).toFixed(2)} s (${(ms / Math.max(1, queries.length)).toFixed(1)} ms per sequence)`);
    const options = top === undefined ? {} : { top };
    const output = values.format === 'json' ? formatItsJson(results, options) : formatItsTsv(results, options);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    const refused = results.filter((r) => !r.ok).length;
    if (refused) log(`${refused} of ${results.length} sequences were refused (see the confidence column)`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof FastaError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc identify: ${(error as Error).message}`);
      if (error instanceof UsageError) console.error('see mdc identify --method ITS --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
