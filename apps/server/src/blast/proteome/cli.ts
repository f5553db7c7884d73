import path from 'node:path';
import { parseArgs } from 'node:util';
import { callHeadline } from '@mdc/core/identify';
import {
  answerCall,
  answerList,
  buildLibraryEntry,
  buildProteinReference,
  combineEvidence,
  identifyLibraryFree,
  identifySpectrum,
  roundScore,
  type CombinedCall,
  type LibraryEntry,
  type LibraryFreeIdentification,
  type ProteinReference,
  type SpectrumIdentification,
} from '@mdc/core/identify/proteome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readBacteriaMslf, readCsvRows, readSpectra, SpectrumFileError, type MaldiSpectrum } from '@mdc/refdata/maldi';
import { unpackProteins, type PackedProteins } from './proteins';

const usage = `mdc identify --method proteome — identify MALDI-TOF mass spectra

Usage:
  mdc identify --method proteome --query PATH [PATH ...] [--reference DIR] [--format tsv|json] [--top N]

  --query      one or more spectra: a Bruker flex folder holding fid and acqu (or a target
               folder of such folders), a zip of flex folders (one spot or a plate), an .mzML
               file, or a text spectrum (.spectrum, .txt, .csv, .tsv)
  --reference  a folder with manifest.csv (header; columns path and species, optional strain;
               path relative to DIR) naming labelled spectra; the spectra of one species and
               strain merge into one main spectrum. Without it, the imported library is used.
  --format     tsv (default): query rank species score level strain reference matched note;
               rank 1 is the answer, the library's entries follow with level "closest";
               json: the full results with score explanations
  --top        rows listed per spectrum (default 10)

Every spectrum is also identified without a spectral library, from theoretical protein masses
(the imported BacteriaMSLF table, or REFDATA_DIR/maldi/bacteriamslf): genus level at most. The
answer is rank 1 whichever evidence carried it: a library entry, or the library-free genus (reference
library-free:theoretical-protein-masses), or no reliable identification (empty species, level none);
its note says which (carried-by:…; answer:…; library-free:…). The entries below it are the closest
library entries: a score each, no level.
A path that cannot be read is reported as a row with rank 0 and note refused:… and the others are
still identified; the exit code is then 1 (2: wrong usage).

Levels of the answer: subspecies (score ≥ 2.30), species (≥ 2.00), genus (≥ 1.70), none.
Timings go to standard error, results to standard output.`;

/** Fails with a message and exit code 2, the way command-line tools say "wrong usage". */
class UsageError extends Error {}

/** The reference column of an answer carried by theoretical protein masses. */
export const LIBRARY_FREE_REFERENCE = 'library-free:theoretical-protein-masses';

export const PROTEOME_TSV_COLUMNS = ['query', 'rank', 'species', 'score', 'level', 'strain', 'reference', 'matched', 'note'] as const;

export interface ProteomeQueryResult {
  /** The PATH as given, or PATH:inner for each spectrum of a plate zip or target folder. */
  query: string;
  spot?: string;
  kind: 'profile' | 'peaks';
  result: SpectrumIdentification;
  libraryFree?: LibraryFreeIdentification | null;
  combined?: CombinedCall;
}

/** A path of the batch that could not be read: named with its reason, the rest go on. */
export interface ProteomeRefusedQuery {
  query: string;
  problem: string;
  message: string;
}

function clean(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** Flags of a call for the TSV note column. */
function noteOf(r: SpectrumIdentification, q?: ProteomeQueryResult): string {
  const notes: string[] = [];
  if (q?.combined) {
    notes.push(`carried-by:${q.combined.carriedBy}`);
    if (q.combined.name) notes.push(`answer:${q.combined.name} (${q.combined.level}${q.combined.score === null ? '' : ` ${roundScore(q.combined.score).toFixed(2)}`})`);
    const closest = answerCall(q.combined).closest;
    if (closest) notes.push(`closest:${closest}`);
  }
  if (q?.libraryFree) notes.push(`library-free:${q.libraryFree.level === 'none' ? 'none' : q.libraryFree.label} (${roundScore(q.libraryFree.score).toFixed(2)})`);
  if (r.sameSpectrum) notes.push('same-spectrum-as-entry');
  if (r.calibrated) notes.push(`below-own-entry-replicates:${roundScore(r.calibrated.speciesFloor).toFixed(2)}`);
  if (r.refused) notes.push(r.refused);
  if (r.noReliableIdentification && !r.refused) notes.push('no-reliable-identification');
  if (r.closeRunnerUp && r.runnerUp) notes.push(`close-runner-up:${r.runnerUp.species}`);
  if (r.mixture) notes.push(`possible-mixture:${r.mixture.species.join('+')}`);
  return notes.join(';');
}

/**
 * TSV: a header row, then for each spectrum its answer as rank 1 — the library entry that carried
 * it, or the library-free genus, or "no reliable identification" (empty species, level none) — and
 * the library's entries below it as level `closest`: their scores, never a level of their own.
 */
export function formatProteomeTsv(results: readonly ProteomeQueryResult[], top: number, refused: readonly ProteomeRefusedQuery[] = []): string {
  const lines: string[] = [PROTEOME_TSV_COLUMNS.join('\t')];
  for (const q of results) {
    const { query, result } = q;
    if (result.refused || (!result.call && !q.combined)) {
      lines.push([clean(query), '0', '', '0.00', 'none', '', '', '', noteOf(result, q)].join('\t'));
      continue;
    }
    for (const row of answerList(result.hits, q.combined, top)) {
      const hit = row.hit;
      const libraryFree = row.role === 'answer' && !hit && row.carriedBy !== 'none' ? q.libraryFree : null;
      lines.push(
        [
          clean(query),
          String(row.rank),
          clean(row.role === 'answer' ? callHeadline(answerCall({ name: row.name ?? '', level: row.level ?? 'none' }), 'en') : hit!.species),
          row.score === null ? '' : roundScore(row.score).toFixed(2),
          row.role === 'answer' ? row.level! : 'closest',
          clean(hit?.strain ?? ''),
          hit ? clean(hit.entryId) : libraryFree ? LIBRARY_FREE_REFERENCE : '',
          hit ? String(hit.matchedPeaks) : libraryFree ? String(libraryFree.candidates[0]?.matches.length ?? '') : '',
          row.role === 'answer' ? noteOf(result, q) : '',
        ].join('\t'),
      );
    }
  }
  for (const r of refused) lines.push([clean(r.query), '0', '', '', 'none', '', '', '', clean(`refused:${r.problem}: ${r.message}`)].join('\t'));
  return lines.join('\n') + '\n';
}

export function formatProteomeJson(results: readonly ProteomeQueryResult[], top: number, refused: readonly ProteomeRefusedQuery[] = []): string {
  return (
    JSON.stringify(
      [
        ...results.map(({ query, spot, kind, result, libraryFree, combined }) => ({ query, spot, kind, ...result, hits: result.hits.slice(0, top), libraryFree: libraryFree ?? null, combined })),
        ...refused.map((r) => ({ query: r.query, refused: r.problem, message: r.message })),
      ],
      null,
      2,
    ) + '\n'
  );
}

/** The protein reference for library-free identification: the imported table, else the reference data folder; null when neither has it. */
async function proteinReferenceOf(imported?: () => Promise<PackedProteins | null>): Promise<ProteinReference | null> {
  const packed = imported ? await imported().catch(() => null) : null;
  if (packed) return buildProteinReference(unpackProteins(packed), packed.weights);
  const dir = findRefdataDir();
  if (!dir) return null;
  try {
    const { rows, weights } = await readBacteriaMslf(dir);
    return buildProteinReference(rows, weights);
  } catch {
    return null;
  }
}

/**
 * A reference library from a folder with `manifest.csv` (columns `path`, `species`, optional
 * `strain`): every listed spectrum is read, and those of one species and strain merge into one
 * main spectrum.
 */
export async function readReferenceFolder(dir: string): Promise<LibraryEntry[]> {
  const manifest = path.join(dir, 'manifest.csv');
  let rows: Array<Record<string, string>>;
  try {
    rows = await readCsvRows(manifest);
  } catch {
    throw new UsageError(`cannot read ${manifest} (--reference needs a folder with manifest.csv)`);
  }
  if (rows.length === 0) throw new UsageError(`${manifest} lists no spectra`);
  const columns = Object.keys(rows[0]!);
  for (const need of ['path', 'species']) {
    if (!columns.includes(need)) throw new UsageError(`${manifest} has no '${need}' column (columns: ${columns.join(', ')})`);
  }
  const groups = new Map<string, { species: string; strain?: string; spectra: MaldiSpectrum[] }>();
  for (const [i, row] of rows.entries()) {
    const species = row['species']!.trim();
    const rel = row['path']!.trim();
    if (!species || !rel) throw new UsageError(`${manifest}, line ${i + 2}: path and species are required`);
    if (path.isAbsolute(rel)) throw new UsageError(`${manifest}, line ${i + 2}: path must be relative to the reference folder`);
    const strain = row['strain']?.trim() || undefined;
    const key = `${species}\u0000${strain ?? ''}`;
    const group = groups.get(key) ?? { species, ...(strain ? { strain } : {}), spectra: [] };
    group.spectra.push(...(await readSpectra(path.join(dir, rel))));
    groups.set(key, group);
  }
  return [...groups.values()].map((g) =>
    buildLibraryEntry(
      { id: g.strain ? `${g.species} (${g.strain})` : g.species, species: g.species, ...(g.strain ? { strain: g.strain } : {}), source: `reference folder ${dir}` },
      g.spectra,
    ),
  );
}

/**
 * `mdc identify --method proteome`: identify spectra against a reference folder or the library
 * `options.library` supplies (the imported one).
 */
export async function runProteomeIdentify(argv: string[], options: { library?: () => Promise<LibraryEntry[]>; proteins?: () => Promise<PackedProteins | null> } = {}): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        method: { type: 'string' },
        query: { type: 'string', multiple: true },
        reference: { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    if (values.method !== undefined && values.method !== 'proteome') throw new UsageError(`--method must be proteome here, not ${values.method}`);
    // `--query A B C`: the first path is the option's value, the others arrive as positionals.
    const queries = [...(values.query ?? []), ...positionals];
    if (!values.query?.length) throw new UsageError('--query PATH is required');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    const top = values.top === undefined ? 10 : Number(values.top);
    if (!Number.isInteger(top) || top < 1) throw new UsageError('--top must be a whole number ≥ 1');

    const readStarted = performance.now();
    const spectra: Array<{ query: string; spectrum: MaldiSpectrum }> = [];
    const refused: ProteomeRefusedQuery[] = [];
    for (const q of queries) {
      let found: MaldiSpectrum[];
      try {
        found = await readSpectra(q);
      } catch (error) {
        if (!(error instanceof SpectrumFileError)) throw error;
        refused.push({ query: q, problem: error.problem, message: error.message });
        log(`refused ${q}: ${error.message}`);
        continue;
      }
      for (const spectrum of found) spectra.push({ query: found.length === 1 ? q : spectrum.file, spectrum });
    }
    log(`read ${spectra.length} spectra from ${queries.length - refused.length} of ${queries.length} path${queries.length === 1 ? '' : 's'} in ${((performance.now() - readStarted) / 1000).toFixed(2)} s${refused.length ? `; ${refused.length} refused` : ''}`);

    const libraryStarted = performance.now();
    let library: LibraryEntry[];
    if (values.reference) {
      library = await readReferenceFolder(values.reference);
    } else {
      if (!options.library) throw new UsageError('no proteome library is available: pass --reference DIR (a folder with manifest.csv naming labelled spectra)');
      library = await options.library();
      if (library.length === 0) throw new UsageError('the proteome library is empty: import it with `mdc import` or pass --reference DIR');
    }
    log(`library: ${library.length} main spectra from ${values.reference ?? 'the database'} in ${((performance.now() - libraryStarted) / 1000).toFixed(2)} s`);

    const proteinsStarted = performance.now();
    const proteins = await proteinReferenceOf(options.proteins);
    const genera = new Set(proteins?.genera ?? []);
    log(proteins ? `theoretical protein masses: ${proteins.species.length} species of ${proteins.genera.length} genera in ${((performance.now() - proteinsStarted) / 1000).toFixed(2)} s` : 'theoretical protein masses: none (library-free identification skipped)');

    const started = performance.now();
    const results: ProteomeQueryResult[] = spectra.map(({ query, spectrum }) => {
      const result = identifySpectrum(spectrum, library, { identify: { top: Math.max(10, top) } });
      const libraryFree = proteins && result.spectrum.peaks.length > 0 ? identifyLibraryFree(result.spectrum.peaks, proteins) : null;
      const row: ProteomeQueryResult = { query, kind: spectrum.kind, result, libraryFree, combined: combineEvidence(result, libraryFree, genera) };
      if (spectrum.spot) row.spot = spectrum.spot;
      return row;
    });
    const ms = performance.now() - started;
    log(`identified ${results.length} spectra in ${(ms / 1000).toFixed(2)} s (${(ms / Math.max(1, results.length)).toFixed(1)} ms per spectrum)`);
    const output = values.format === 'json' ? formatProteomeJson(results, top, refused) : formatProteomeTsv(results, top, refused);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    if (refused.length > 0) {
      log(`${refused.length} of ${queries.length} path${queries.length === 1 ? '' : 's'} refused: ${refused.map((r) => r.query).join(', ')}`);
      process.exitCode = 1;
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof SpectrumFileError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc identify: ${(error as Error).message}`);
      if (error instanceof UsageError || !(error instanceof SpectrumFileError)) console.error('see mdc identify --method proteome --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
