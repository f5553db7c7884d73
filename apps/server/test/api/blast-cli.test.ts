import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastaRecord } from '@mdc/refdata/fasta';
import { repoRoot } from '../../src/config';
import { openDb } from '../../src/db';
import { openPostgres } from '../../src/db/postgres';
import { migrate } from '../../src/db/migrate';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { dbKinds, postgresUrl } from '../support/portal';

const run = promisify(execFile);
const mdc = path.join(repoRoot, 'apps/server/bin/mdc.js');
const COLUMNS = ['query', 'rank', 'accession', 'species', 'similarity', 'length', 'mismatches', 'gaps', 'score', 'confidence', 'call'];

let dir: string;
let references: FastaRecord[];
let queries: FastaRecord[];
let queryFile: string;
let referenceFile: string;

/** The command's output and exit code (a batch with refused inputs ends with 1). */
function identify(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  // A home of its own unless the test gives one: the command never reads the checkout's database.
  return run(process.execPath, [mdc, 'identify', ...args], { env: { ...process.env, MDC_HOME: path.join(dir, 'no-home'), ...env }, cwd: repoRoot, maxBuffer: 64 << 20 }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => ({ stdout: error.stdout, stderr: error.stderr, code: error.code }),
  );
}

function tsvRows(stdout: string): Record<string, string>[] {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  expect(header!.split('\t')).toEqual(COLUMNS);
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [COLUMNS[i]!, cell])));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-identify-'));
  references = await smallReferenceSet('16S');
  const wanted = ['Listeria monocytogenes', 'Helicobacter pylori', 'Neisseria meningitidis'];
  queries = (await heldOutQueries('16S')).filter((q) => wanted.includes(q.expected!));
  referenceFile = path.join(dir, 'references.fasta');
  writeFileSync(referenceFile, references.map((r) => `>${r.header}\n${r.sequence}\n`).join(''));
  queryFile = path.join(dir, 'queries.fasta');
  writeFileSync(queryFile, queries.map((q) => `>${q.accession} ${q.description}\n${q.sequence}\n`).join('') + `>garbage\n${'ACGT'.repeat(20)}\n`);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mdc identify', () => {
  it('prints one TSV row per hit, the expected species first, and a row for a refused sequence', async () => {
    const { stdout, stderr, code } = await identify(['--marker', '16S', '--query', queryFile, '--reference', referenceFile, '--top', '2']);
    // The too-short sequence is refused, the others answered: exit code 1, the refusal named.
    expect(code).toBe(1);
    expect(stderr).toMatch(/refused garbage: .*shorter than 300/);
    const rows = tsvRows(stdout);
    for (const q of queries) {
      const mine = rows.filter((r) => r.query === q.accession);
      expect(mine.map((r) => r.rank)).toEqual(['1', '2']);
      expect(mine[0]!.species).toBe(q.expected);
      expect(Number(mine[0]!.similarity)).toBeGreaterThanOrEqual(Number(mine[1]!.similarity));
      expect(Number(mine[0]!.length)).toBeGreaterThanOrEqual(q.sequence.length);
    }
    expect(rows.find((r) => r.query === 'garbage')).toMatchObject({ rank: '0', confidence: 'refused:too-short' });
    expect(stderr).toMatch(new RegExp(`indexed ${references.length} 16S references in [0-9.]+ s`));
  });

  it('writes the full results as JSON', async () => {
    const { stdout } = await identify(['--marker', '16S', '--query', queryFile, '--reference', referenceFile, '--format', 'json', '--top', '5']);
    const results = JSON.parse(stdout) as { queryId: string; ok: boolean; topHit?: { species: string }; hits?: unknown[] }[];
    expect(results.map((r) => r.queryId)).toEqual([...queries.map((q) => q.accession), 'garbage']);
    expect(results.slice(0, -1).every((r) => r.ok && r.hits!.length <= 5)).toBe(true);
    expect(results[0]!.topHit!.species).toBe(queries[0]!.expected);
  });

  it('calls a genus-level sequence "<Genus> sp." with its closest species, on every row and in the JSON', async () => {
    // Listeria monocytogenes between 400 random bases on each end: too little of the read aligns to name the species.
    const listeria = queries.find((q) => q.expected === 'Listeria monocytogenes')!;
    const junk = (n: number, seed: number) => {
      let x = seed;
      return Array.from({ length: n }, () => 'ACGT'[((x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16) & 3]).join('');
    };
    const file = path.join(dir, 'genus-level.fasta');
    writeFileSync(file, `>partial\n${junk(400, 5)}${listeria.sequence}${junk(400, 6)}\n`);
    const tsv = await identify(['--method', '16S', '--query', file, '--reference', referenceFile, '--names', 'deposited', '--top', '3']);
    expect(tsv.code).toBe(0);
    const rows = tsvRows(tsv.stdout);
    expect(rows[0]).toMatchObject({ species: 'Listeria monocytogenes', confidence: 'genus:Listeria' });
    expect(rows.map((r) => r.call)).toEqual(rows.map(() => 'Listeria sp. (closest: Listeria monocytogenes)'));
    const json = await identify(['--method', '16S', '--query', file, '--reference', referenceFile, '--names', 'deposited', '--format', 'json']);
    expect(JSON.parse(json.stdout)[0].call).toEqual({ name: 'Listeria', level: 'genus', closest: 'Listeria monocytogenes', headline: 'Listeria sp. (closest: Listeria monocytogenes)' });
  });

  it.each(dbKinds)('names the hits of a --reference file by the accepted names of the taxonomy imported into the %s database', async (kind) => {
    // The file deposits L. monocytogenes under a former name, as many public 16S sets deposit synonyms.
    const file = path.join(dir, `synonyms-${kind}.fasta`);
    const relabel = (header: string) => header.replace(/Listeria monocytogenes/g, 'Bacterium monocytogenes').replace(/;Listeria;/g, ';Bacterium;');
    writeFileSync(file, references.map((r) => `>${r.header.includes('Listeria monocytogenes') ? relabel(r.header) : r.header}\n${r.sequence}\n`).join(''));
    const listeria = queries.find((q) => q.expected === 'Listeria monocytogenes')!;
    const query = path.join(dir, `listeria-${kind}.fasta`);
    writeFileSync(query, `>${listeria.accession}\n${listeria.sequence}\n`);

    const home = mkdtempSync(path.join(dir, 'home-'));
    const schema = `cli_names_${Date.now().toString(36)}`;
    const db = kind === 'postgres' ? await openPostgres(postgresUrl, schema) : await openDb({ home });
    const env: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, MDC_HOME: home } : { MDC_HOME: home };
    let open = db;
    try {
      await migrate(db);
      // The embedded database allows one process at a time: while the test holds it the command
      // leaves it alone and says so; it reads it once the test has closed it.
      if (kind === 'pglite') {
        const held = await identify(['--method', '16S', '--query', query, '--reference', file, '--top', '1'], env);
        expect(held.stderr).toMatch(/names as deposited: the embedded database .* is open in another process/);
        await db.close();
      }
      const asDeposited = await identify(['--method', '16S', '--query', query, '--reference', file, '--top', '1'], env);
      expect(asDeposited.stderr).toMatch(/names as deposited: no taxonomy has been imported/);
      expect(tsvRows(asDeposited.stdout)[0]!.species).toBe('Bacterium monocytogenes');
      if (kind === 'pglite') open = await openDb({ home });
      await open.query(
        `INSERT INTO taxon (mo, name, status, rank, kingdom, phylum, class, "order", family, genus, species, source, prevalence, line, current_mo) VALUES
           ('B_LSTRI_MNCY', 'Listeria monocytogenes', 'accepted', 'species', 'Bacteria', 'Bacillota', 'Bacilli', 'Caryophanales', 'Listeriaceae', 'Listeria', 'monocytogenes', 'LPSN', 1, 1, 'B_LSTRI_MNCY'),
           ('B_BCTRM_MNCY', 'Bacterium monocytogenes', 'synonym', 'species', 'Bacteria', NULL, NULL, NULL, NULL, 'Bacterium', 'monocytogenes', 'LPSN', 2, 2, 'B_LSTRI_MNCY')`,
      );
      if (kind === 'pglite') await open.close();
      const accepted = await identify(['--method', '16S', '--query', query, '--reference', file, '--format', 'json', '--top', '1'], env);
      expect(accepted.stderr).toMatch(/accepted names of the imported taxonomy \(2 taxa\): \d+ of \d+ references renamed/);
      const json = JSON.parse(accepted.stdout);
      expect(json[0].topHit).toMatchObject({ species: 'Listeria monocytogenes', depositedSpecies: 'Bacterium monocytogenes', genus: 'Listeria', family: 'Listeriaceae' });
      expect(json[0].call.headline).toBe('Listeria monocytogenes');
      // --names deposited keeps the file's labels.
      const deposited = await identify(['--method', '16S', '--query', query, '--reference', file, '--top', '1', '--names', 'deposited'], env);
      expect(tsvRows(deposited.stdout)[0]!.species).toBe('Bacterium monocytogenes');
    } finally {
      if (kind === 'postgres') {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await db.close();
      }
    }
    // (Each run of the command opens the embedded database anew: seconds each on a busy machine.)
  }, 240_000);

  it('refuses wrong usage with exit code 2 and a sentence', async () => {
    for (const args of [['--marker', 'ITS', '--query', queryFile], ['--marker', '16S'], ['--marker', '16S', '--query', path.join(dir, 'missing.fasta')], ['--marker', '16S', '--query', queryFile, '--top', '0']]) {
      const failure = await identify(args);
      expect(failure.code, args.join(' ')).toBe(2);
      expect(failure?.stderr).toMatch(/^mdc identify: /);
    }
  });

  it('reads Sanger traces by content, several at once: a F/R pair as one consensus, trimming in the TSV, an unreadable trace refused (exit 1)', async () => {
    const fixtures = path.join(repoRoot, 'packages/refdata/test/fixtures/ab1');
    // Names that say nothing of the format: traces are known by their content.
    const forward = path.join(dir, 'S1_F.dat');
    const reverse = path.join(dir, 'S1_R.dat');
    const cut = path.join(dir, 'cut.ab1');
    writeFileSync(forward, readFileSync(path.join(fixtures, '3sm1_16SF.ab1')));
    writeFileSync(reverse, readFileSync(path.join(fixtures, '3sm1_16SR.ab1')));
    writeFileSync(cut, readFileSync(path.join(fixtures, 'biopython-310.ab1')).subarray(0, 5000));
    const single = path.join(fixtures, 'biopython-3730.ab1');
    const { stdout, stderr, code } = await identify(['--method', '16S', '--query', forward, reverse, cut, single, '--reference', referenceFile, '--top', '1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/1 refused, 2 answered/);
    expect(stderr).toMatch(/refused .*cut\.ab1: its directory lies outside the file/);
    const [header, ...lines] = stdout.trimEnd().split('\n');
    expect(header!.split('\t')).toEqual([...COLUMNS, 'source', 'kept', 'trimmed_start', 'trimmed_end', 'mean_quality', 'overlap', 'overlap_identity']);
    const rows = lines.map((l) => l.split('\t'));
    // The trace columns follow the usual ones.
    const at = COLUMNS.length;
    const pair = rows.find((r) => r[0] === 'S1')!;
    expect(pair.slice(at, at + 2)).toEqual(['ab1-pair', expect.stringMatching(/^\d+\+\d+$/)]);
    expect(Number(pair[at + 5])).toBeGreaterThan(500);
    expect(Number(pair[at + 6])).toBeGreaterThan(97);
    const read = rows.find((r) => r[0] === '226032_C-ME-18_pCAGseqF')!;
    expect(read[at]).toBe('ab1');
    expect(Number(read[at + 1]) + Number(read[at + 2]) + Number(read[at + 3])).toBe(1165);
    expect(Number(read[at + 4])).toBeGreaterThan(20);

    const json = await identify(['--method', '16S', '--query', forward, reverse, '--reference', referenceFile, '--format', 'json', '--pairs', 'none']);
    expect(json.code).toBe(0);
    const results = JSON.parse(json.stdout) as { queryId: string; read: { fileName: string; qualityTrim: { meanQuality: number } } }[];
    expect(results.map((r) => r.read.fileName)).toEqual(['S1_F.dat', 'S1_R.dat']);

    const nothing = await identify(['--method', '16S', '--query', cut, '--reference', referenceFile]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/1 refused, 0 answered/);
  });

  it.each(dbKinds)('uses the imported references of the %s database without --reference', async (kind) => {
    const home = mkdtempSync(path.join(dir, 'home-'));
    const schema = `cli_${Date.now().toString(36)}`;
    const db = kind === 'postgres' ? await openPostgres(postgresUrl, schema) : await openDb({ home });
    const env: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, MDC_HOME: home } : { MDC_HOME: home };
    try {
      await migrate(db);
      await insertReferences(db, '16S', references);
      if (kind === 'pglite') await db.close();
      if (kind === 'postgres') {
        // (Opening the embedded database takes seconds; one refusal is enough to show.)
        const empty = await identify(['--marker', '18S', '--query', queryFile], env);
        expect(empty).toMatchObject({ code: 2 });
        expect((empty as { stderr: string }).stderr).toMatch(/no 18S reference sequences have been imported/);
      }
      const { stdout } = await identify(['--marker', '16S', '--query', queryFile, '--top', '1'], env);
      const rows = tsvRows(stdout);
      expect(rows.filter((r) => r.rank === '1').map((r) => r.species)).toEqual(queries.map((q) => q.expected));
    } finally {
      if (kind === 'postgres') {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await db.close();
      }
    }
  });
});
