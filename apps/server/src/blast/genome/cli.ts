import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { calledName, GENOME_THRESHOLDS, type GenomeIdentification } from '@mdc/core/identify/genome';
import { AssemblyError, ManifestError, readGenomeManifest } from '@mdc/refdata/genome';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { GenomePool } from './pool';
import { importedSketchKey, loadReferenceSketches, SketchCache } from './sketch-cache';
import { EXIT_USAGE, UsageError, batchInputs, finishBatch, isReadableFile } from '../cli-batch';
import type { QueryAnswer, ReferenceInput } from './thread';

const usage = `mdc identify --method genome — identify bacterial genome assemblies by ANI

Usage:
  mdc identify --method genome --query FILE [FILE ...] [--reference DIR] [--format tsv|json] [--top N] [--threads N]

  --query      one or more assemblies (FASTA or FASTA.gz), each one genome
  --reference  a folder with manifest.tsv (tab-separated, header, at least file and species; file
               relative to the folder; rows whose role is "test" are left out) and the genomes it
               names; without it, the reference genomes imported into the database
  --format     tsv (default): a header, then per query the closest references — query rank species
               ani af level strain accession reference_af fragments closest note; rank 1 is the call
               (species, a species complex such as "Escherichia coli / Shigella" at the species
               level, "Genus sp." at the genus level, "-" for none), ani and af in percent
               ("not-comparable" below ${GENOME_THRESHOLDS.comparable} %);
               json: calls, references, QC and 16S copies
  --top        references listed per query (default 5)
  --threads    threads for reading and sketching (default one per core: the first run against a
               reference folder sketches every genome in it, 44 in 1.6 s on 2 threads, 3.5 s on one)
  --fresh-sketches
               sketch every reference anew instead of reading the sketch cache (MDC_HOME/cache/genome,
               filed by the genome's bases, so a changed file or import is sketched again anyway)

Calls: species when ANI ≥ ${GENOME_THRESHOLDS.species} % and ≥ ${100 * GENOME_THRESHOLDS.speciesQueryAf} % of the query aligned; genus when
${GENOME_THRESHOLDS.genus} % ≤ ANI < ${GENOME_THRESHOLDS.species} %; none below or without enough aligned genome. Timings go to standard error.`;


/** The genomes a reference folder's manifest names, each keyed by its file's bytes for the sketch cache. */
function folderReferences(pool: GenomePool, dir: string, cache: SketchCache | undefined, sketchThreads: number) {
  const rows = readGenomeManifest(dir).filter((r) => r.role !== 'test');
  if (rows.length === 0) throw new UsageError(`${dir}/manifest.tsv names no reference genomes`);
  const inputs: ReferenceInput[] = rows.map((r, i) => {
    const file = path.join(dir, r.file);
    if (!isReadableFile(file)) throw new UsageError(`cannot read ${file} (named in ${dir}/manifest.tsv)`);
    return { id: String(i + 1), species: r.species, strain: r.strain, accession: r.accession, name: r.file, file };
  });
  const entries = inputs.map((input) => ({ ...input, sketchKey: cache?.fileKey(input.file!) ?? '' }));
  return loadReferenceSketches(pool, entries, (missing) => missing, cache, sketchThreads);
}

/** The shared imported reference genomes; their bases are fetched only for sketches not in the cache. */
async function importedReferences(pool: GenomePool, cache: SketchCache | undefined, sketchThreads: number) {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    const rows = await db.query<{ id: number; species: string; strain: string; accession: string; file: string; md5: string; contig_lengths: number[] }>(
      'SELECT id, species, strain, accession, file, md5, contig_lengths FROM genome_reference WHERE owner_id IS NULL ORDER BY id',
    );
    if (rows.length === 0) throw new UsageError('no reference genomes have been imported: run `mdc import` or pass --reference DIR');
    const entries = rows.map((r) => {
      const contigLengths = r.contig_lengths.map(Number);
      return { id: String(r.id), species: r.species, strain: r.strain, accession: r.accession, name: r.file, contigLengths, sketchKey: importedSketchKey(r.md5, contigLengths) };
    });
    return await loadReferenceSketches(pool, entries, async (missing) => {
      const sequences = await db.query<{ id: number; sequence: Uint8Array }>('SELECT id, sequence FROM genome_reference WHERE id = ANY($1::bigint[])', [
        missing.map((m) => Number(m.id)),
      ]);
      const byId = new Map(sequences.map((s) => [String(s.id), s.sequence]));
      return missing.map(({ sketchKey: _, ...m }) => ({ ...m, packed: new Uint8Array(byId.get(m.id)!) }));
    }, cache, sketchThreads);
  } finally {
    await db.close();
  }
}

const TSV_HEADER = ['query', 'rank', 'species', 'ani', 'af', 'level', 'strain', 'accession', 'reference_af', 'fragments', 'closest', 'note'];

function levelOf(ani: number, af: number): string {
  if (ani >= GENOME_THRESHOLDS.species && af >= GENOME_THRESHOLDS.speciesQueryAf) return 'species';
  return ani >= GENOME_THRESHOLDS.genus ? 'genus' : 'none';
}

/** ANI in percent, or "not-comparable" below the level where it means anything. */
function aniCell(ani: number): string {
  return ani >= GENOME_THRESHOLDS.comparable ? ani.toFixed(2) : 'not-comparable';
}

function tsvRows(query: string, result: GenomeIdentification, top: number): string[] {
  const call = result.call;
  const named = calledName(call) ?? '-';
  const note = [call.ambiguous ? 'ambiguous' : '', ...call.notes.map((n) => n.code)].filter(Boolean).join(';');
  const hits = result.hits.slice(0, top);
  if (hits.length === 0) return [[query, 1, named, '', '', call.level, '', '', '', '', '', note].join('\t')];
  return hits.map((h, i) =>
    [
      query,
      h.rank,
      i === 0 ? named : h.species,
      aniCell(h.ani),
      (100 * h.queryAf).toFixed(1),
      i === 0 ? call.level : levelOf(h.ani, h.queryAf),
      h.strain,
      h.accession,
      (100 * h.referenceAf).toFixed(1),
      `${h.mappedFragments}/${h.queryFragments}`,
      h.species,
      i === 0 ? note : '',
    ].join('\t'),
  );
}

/** `mdc identify --method genome`: assemblies against reference genomes, for people and benchmarks. */
export async function runGenomeIdentify(args: string[]): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  const started = performance.now();
  let pool: GenomePool | undefined;
  // Reference sketches are filed while the threads identify; the command ends when they are written.
  let filing: Promise<void> | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        query: { type: 'string', multiple: true },
        reference: { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string', default: '5' },
        threads: { type: 'string', default: String(availableParallelism()) },
        'fresh-sketches': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    const { files: queries } = batchInputs(values.query, positionals, values.format);
    const top = Number(values.top);
    if (!Number.isInteger(top) || top < 1) throw new UsageError('--top must be a whole number ≥ 1');
    const threads = Number(values.threads);
    if (!Number.isInteger(threads) || threads < 1) throw new UsageError('--threads must be a whole number ≥ 1');
    if (values.reference !== undefined && !isReadableFile(path.join(values.reference, 'manifest.tsv'))) {
      throw new UsageError(`${values.reference} has no readable manifest.tsv`);
    }

    // Every thread indexes the library it is given: no more threads than assemblies to identify;
    // sketching references missing from the cache uses all `threads` (see GenomePool.sketch).
    pool = new GenomePool(Math.min(threads, queries.length));
    const lanes = Math.max(1, pool.size);
    // Largest first, one query per thread at a time: a thread that is done takes the next, so
    // that none idles while another has a queue (dealt six and six, 12 queries left one thread
    // idle for a second). Files are read ahead, the first while the references are sketched.
    const order = queries.map((file, at) => ({ at, size: statSync(file).size })).sort((a, b) => b.size - a.size).map((o) => o.at);
    const reads = new Map<number, Promise<Buffer>>();
    const readAhead = (rank: number) => {
      const at = order[rank];
      if (at === undefined || reads.has(at)) return;
      const read = readFile(queries[at]!);
      read.catch(() => undefined);
      reads.set(at, read);
    };
    for (let rank = 0; rank < 2 * lanes; rank++) readAhead(rank);
    let t = performance.now();
    const cache = values['fresh-sketches'] ? undefined : SketchCache.of(loadConfig().home);
    const { references, cached, filed } = values.reference ? await folderReferences(pool, values.reference, cache, threads) : await importedReferences(pool, cache, threads);
    filing = filed;
    await pool.library('cli', references);
    log(
      `sketched ${references.length} reference genomes from ${values.reference ?? 'the database'} in ${((performance.now() - t) / 1000).toFixed(2)} s (${cached} from the sketch cache, ${threads} thread${threads > 1 ? 's' : ''})`,
    );

    t = performance.now();
    const answers = new Array<{ file: string; answer?: QueryAnswer; refused?: string }>(queries.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (next < order.length) {
          const rank = next++;
          const at = order[rank]!;
          const file = queries[at]!;
          readAhead(rank);
          readAhead(rank + lanes);
          const bytes = await reads.get(at)!;
          reads.delete(at);
          try {
            // 16S copies are part of the JSON only.
            answers[at] = { file, answer: await pool!.identify('cli', path.basename(file), bytes, undefined, values.format === 'json') };
          } catch (error) {
            if (!(error instanceof AssemblyError)) throw error;
            answers[at] = { file, refused: error.texts.en };
          }
        }
      }),
    );
    log(`identified ${queries.length} assemblies in ${((performance.now() - t) / 1000).toFixed(2)} s; total ${((performance.now() - started) / 1000).toFixed(2)} s`);

    let output: string;
    if (values.format === 'json') {
      output =
        JSON.stringify(
          answers.map((a) => (a.answer ? { query: path.basename(a.file), ...jsonOf(a.answer, top) } : { query: path.basename(a.file), refused: a.refused })),
          null,
          2,
        ) + '\n';
    } else {
      const lines = [TSV_HEADER.join('\t')];
      for (const a of answers) {
        if (a.answer) lines.push(...tsvRows(path.basename(a.file), a.answer.identification, top));
        else lines.push([path.basename(a.file), 1, '-', '', '', 'none', '', '', '', '', '', `refused: ${a.refused}`].join('\t'));
      }
      output = lines.join('\n') + '\n';
    }
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    const refused = answers.flatMap((a) => (a.answer ? [] : [{ item: path.basename(a.file), reason: a.refused! }]));
    finishBatch(refused, answers.length - refused.length, log);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ManifestError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc identify: ${(error as Error).message}`);
      console.error('see mdc identify --method genome --help');
      process.exitCode = EXIT_USAGE;
      return;
    }
    throw error;
  } finally {
    await pool?.close();
    await filing;
  }
}

function jsonOf(answer: QueryAnswer, top: number) {
  const { identification } = answer;
  return {
    call: identification.call,
    hits: identification.hits.slice(0, top),
    qc: identification.qc,
    rrna: answer.copies.map(({ sequence, ...copy }) => ({ ...copy, length: sequence.length })),
    ms: { read: Math.round(answer.readMs), sketch: Math.round(answer.sketchMs), ...Object.fromEntries(Object.entries(identification.ms).map(([k, v]) => [k, Math.round(v)])) },
  };
}
