import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildLibraryEntry, DEFAULT_MAIN_SPECTRUM, DEFAULT_PREPROCESS } from '@mdc/core/identify/proteome';
import { readCsvRows, readSpectra, SpectrumFileError, type MaldiSpectrum } from '@mdc/refdata/maldi';
import { loadConfig } from '../../config';
import { openDb, type Db } from '../../db';
import { migrate } from '../../db/migrate';
import { insertMaldiEntries, listMaldiEntries, maldiRow, taxonOfSpecies, type MaldiRow } from '../../resource/maldi';
import { cleanSpecies, MIN_REPLICATES } from './library-rules';

const usage = `mdc maldi — the shared MALDI-TOF library (main spectra every account's identifications search)

Usage:
  mdc maldi add DIR [--culture TEXT] [--instrument TEXT] [--origin TEXT]
      DIR holds manifest.csv (header; columns path and species, optional strain, culture,
      instrument; path relative to DIR: a flex folder, a zip, an mzML or a text spectrum).
      The spectra of one species and strain are replicates: they merge into one main spectrum
      (at least ${MIN_REPLICATES}). Adding the same species and strain again replaces its entry.
      Every file is read and checked before anything is written.
  mdc maldi list       the shared library: built-in (import) and administrators' entries
  mdc maldi remove ID  remove an administrator's entry (ids as mdc maldi list shows them)

The built-in library comes from the reference data and is replaced by mdc import; entries
added here stay. Configuration (DATABASE_URL, MDC_HOME) as for mdc serve.`;

class UsageError extends Error {}

interface Group {
  species: string;
  strain: string;
  culture: string;
  instrument: string;
  files: string[];
  spectra: MaldiSpectrum[];
}

/** Reads the folder's manifest and every spectrum it names, grouped by species and strain. */
export async function readLibraryFolder(dir: string, defaults: { culture?: string; instrument?: string } = {}): Promise<Group[]> {
  const manifest = path.join(dir, 'manifest.csv');
  let rows: Array<Record<string, string>>;
  try {
    rows = await readCsvRows(manifest);
  } catch {
    throw new UsageError(`cannot read ${manifest}`);
  }
  if (rows.length === 0) throw new UsageError(`${manifest} lists no spectra`);
  const columns = Object.keys(rows[0]!);
  for (const need of ['path', 'species']) if (!columns.includes(need)) throw new UsageError(`${manifest} has no '${need}' column (columns: ${columns.join(', ')})`);
  const groups = new Map<string, Group>();
  for (const [i, row] of rows.entries()) {
    const line = i + 2;
    const rel = (row['path'] ?? '').trim();
    const species = cleanSpecies(row['species'] ?? '');
    if (!rel) throw new UsageError(`${manifest}, line ${line}: path is empty`);
    if (!species) throw new UsageError(`${manifest}, line ${line}: species must be a Latin binomial (got '${row['species'] ?? ''}')`);
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) throw new UsageError(`${manifest}, line ${line}: path must lie inside ${dir}`);
    const strain = (row['strain'] ?? '').trim();
    const key = `${species}\u0000${strain}`;
    const group = groups.get(key) ?? {
      species,
      strain,
      culture: (row['culture'] ?? '').trim() || defaults.culture || '',
      instrument: (row['instrument'] ?? '').trim() || defaults.instrument || '',
      files: [],
      spectra: [],
    };
    const spectra = await readSpectra(path.join(dir, rel));
    group.spectra.push(...spectra);
    group.files.push(...spectra.map((s) => (s.file.startsWith(dir) ? path.relative(dir, s.file) : s.file)));
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    if (g.spectra.length < MIN_REPLICATES) {
      throw new UsageError(`${g.species}${g.strain ? ` ${g.strain}` : ''}: ${g.spectra.length} spectrum; a main spectrum needs at least ${MIN_REPLICATES} replicates`);
    }
  }
  return [...groups.values()];
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `mdc maldi add DIR`: main spectra of an administrator's strains, shared with every account. */
export async function addLibraryFolder(
  db: Db,
  dir: string,
  options: { culture?: string; instrument?: string; origin?: string } = {},
  read?: Group[],
): Promise<{ rows: MaldiRow[]; ids: number[] }> {
  const groups = read ?? (await readLibraryFolder(dir, options));
  const origin = options.origin ?? `administrator (${path.basename(path.resolve(dir))})`;
  const rows: MaldiRow[] = [];
  for (const g of groups) {
    const entry = buildLibraryEntry({ id: `admin:${g.species}|${g.strain}`, species: g.species, ...(g.strain ? { strain: g.strain } : {}), source: origin }, g.spectra);
    if (entry.peaks.length === 0) throw new UsageError(`${g.species}${g.strain ? ` ${g.strain}` : ''}: the replicates share no peaks (check the spectra)`);
    rows.push(
      maldiRow(entry, {
        culture: g.culture,
        instrument: g.instrument || String(g.spectra.find((s) => s.metadata['instrument'])?.metadata['instrument'] ?? ''),
        parameters: { preprocess: DEFAULT_PREPROCESS, mainSpectrum: DEFAULT_MAIN_SPECTRUM },
        replicateFiles: g.files,
        taxonMo: await taxonOfSpecies(db, g.species),
      }),
    );
  }
  const ids = await db.transaction((tx) => insertMaldiEntries(tx, rows, 'admin'));
  return { rows, ids };
}

export async function runMaldiCommand(args: string[]): Promise<void> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        culture: { type: 'string' },
        instrument: { type: 'string' },
        origin: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, target, ...extra] = positionals;
    if (values.help || command === 'help') {
      console.log(usage);
      return;
    }
    if (extra.length) throw new UsageError(`unexpected ${extra.join(' ')}`);
    if (command === 'add') {
      if (!target) throw new UsageError('mdc maldi add needs a folder');
      const started = performance.now();
      // Every file is read and checked before the database is opened.
      const groups = await readLibraryFolder(target, values);
      const { rows, ids } = await withDb((db) => addLibraryFolder(db, target, values, groups));
      for (const r of rows) {
        const q = r.quality!;
        console.log(
          `${r.species}${r.strain ? ` ${r.strain}` : ''}: ${q.replicates} replicates, ${q.peaksKept} peaks kept of ${q.peaksSeen} seen, agreement ${(100 * q.agreement).toFixed(0)} %` +
            (q.outliers.length ? `; replicates scoring below 2.00 against it: ${q.outliers.map((i) => r.replicateFiles[i] ?? i + 1).join(', ')}` : ''),
        );
      }
      console.error(`${ids.length} shared main spectra written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    if (command === 'list') {
      const entries = await withDb((db) => listMaldiEntries(db));
      console.log(['id', 'source', 'species', 'strain', 'replicates', 'peaks', 'origin'].join('\t'));
      for (const e of entries) console.log([e.id, e.source, e.species, e.strain, e.replicates, e.peakCount, e.origin].join('\t'));
      return;
    }
    if (command === 'remove') {
      const id = Number(target);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('mdc maldi remove needs an entry id (see mdc maldi list)');
      const removed = await withDb((db) => db.query(`DELETE FROM maldi_library WHERE id = $1 AND source = 'admin' RETURNING id`, [id]));
      if (removed.length === 0) throw new UsageError(`no administrator's entry ${id} (built-in entries change only with mdc import)`);
      console.error(`entry ${id} removed`);
      return;
    }
    throw new UsageError(command ? `unknown command "${command}"` : 'add, list or remove?');
  } catch (error) {
    if (error instanceof UsageError || error instanceof SpectrumFileError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc maldi: ${(error as Error).message}`);
      if (!(error instanceof SpectrumFileError)) console.error('see mdc maldi --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
