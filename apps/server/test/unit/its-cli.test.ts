import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { itsReference } from '@mdc/core/identify/its';
import { repoRoot } from '../../src/config';
import { searchThreadsFor } from '../../src/blast/its/cli';
import { heldOutItsQueries } from '../../src/blast/its/test-references';

/**
 * `mdc identify --method ITS` on real records of the shared ITS2 set (three genera cut at run time,
 * in the set's own header form, gzipped) and held-out queries of those genera.
 */
const run = promisify(execFile);
const mdc = path.join(repoRoot, 'apps/server/bin/mdc.js');
const GENERA = ['Aspergillus', 'Candida', 'Fusarium'];

let dir: string;
let home: string;
let reference: string;
let referenceMdcForm: string;
let good: string;
let many: string;
let withShort: string;
let broken: string;
let expected: Map<string, string>;

function identify(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  return run(process.execPath, [mdc, 'identify', '--method', 'ITS', ...args], { env: { ...process.env, MDC_HOME: home, ...env }, cwd: repoRoot, maxBuffer: 64 << 20 }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => ({ stdout: error.stdout, stderr: error.stderr, code: error.code }),
  );
}

/** Top hit's species per query. */
function topSpecies(stdout: string): Map<string, string> {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  expect(header!.split('\t').slice(0, 4)).toEqual(['query', 'rank', 'accession', 'species']);
  const top = new Map<string, string>();
  for (const line of lines) {
    const [query, rank, , species] = line.split('\t');
    if (rank === '1') top.set(query!, species!);
  }
  return top;
}

beforeAll(async () => {
  const data = findRefdataDir();
  if (!data) throw new Error('reference data not found: set REFDATA_DIR');
  dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-its-cli-'));
  home = path.join(dir, 'home');
  const records: string[] = [];
  const mdcForm: string[] = [];
  let ordinal = 0;
  for await (const r of readFasta(path.join(data, 'rrna/its/ITS2_reference.fasta.gz'))) {
    ordinal++;
    if (!GENERA.includes(r.header.split(';')[5] ?? '')) continue;
    records.push(`>${r.header}\n${r.sequence}\n`);
    // The same record in the MDC rRNA header form, as `mdc` writes references for the peers.
    const ref = itsReference(r.header, r.sequence, 'ITS2', ordinal);
    if (!ref.exclusion) mdcForm.push(`>${ref.accession} ${ref.species} |taxonomy=${[...ref.lineage, ref.species].join(';')}\n${ref.sequence}\n`);
  }
  referenceMdcForm = path.join(dir, 'its2-mdc-form.fasta');
  writeFileSync(referenceMdcForm, mdcForm.join(''));
  reference = path.join(dir, 'its2.fasta.gz');
  writeFileSync(reference, gzipSync(records.join('')));
  const queries = (await heldOutItsQueries(GENERA)).slice(0, 6);
  expected = new Map(queries.map((q) => [q.id, q.expected]));
  // Every 10th reference record as a read (the held-out reads of these genera are too few): enough
  // chunks of 8 that several threads share the batch.
  many = path.join(dir, 'many.fasta');
  writeFileSync(many, mdcForm.filter((_, i) => i % 10 === 0).map((record, i) => record.replace(/^>\S+/, `>read_${i + 1}`)).join(''));
  good = path.join(dir, 'good.fasta');
  writeFileSync(good, queries.map((q) => `>${q.id}\n${q.sequence}\n`).join(''));
  withShort = path.join(dir, 'with-short.fasta');
  writeFileSync(withShort, `>too_short\n${'ACGT'.repeat(10)}\n>${queries[0]!.id}\n${queries[0]!.sequence}\n`);
  broken = path.join(dir, 'broken.fasta');
  writeFileSync(broken, `these are my notes\n>x\nACGT\n`);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mdc identify --method ITS', () => {
  it('answers every read of a file in the set’s own header form, gzipped: exit 0, the genus right', async () => {
    const { stdout, code, stderr } = await identify(['--query', good, '--reference', reference]);
    expect(code, stderr).toBe(0);
    const top = topSpecies(stdout);
    expect([...top.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [query, species] of expected) expect(top.get(query)!.split(' ')[0]).toBe(species.split(' ')[0]);
    expect(stderr).not.toMatch(/refused/);
    // The same records with MDC rRNA headers: the same answer, row for row (the set's own records
    // are named by their place in the file read, so the accessions differ).
    const mdcForm = await identify(['--query', good, '--reference', referenceMdcForm]);
    expect(mdcForm.code).toBe(0);
    const withoutAccession = (tsv: string) => tsv.split('\n').map((line) => line.split('\t').filter((_, i) => i !== 2).join('\t'));
    expect(withoutAccession(mdcForm.stdout)).toEqual(withoutAccession(stdout));
  });

  it('names each refused file and read with its reason, answers the rest, and ends with exit code 1', async () => {
    const { stdout, code, stderr } = await identify(['--query', withShort, broken, '--reference', reference]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/refused too_short: .*shorter than/);
    expect(stderr).toMatch(/refused .*broken\.fasta: line 1: sequence data before the first '>' header/);
    expect(stderr).toMatch(/2 refused, 1 answered/);
    const top = topSpecies(stdout);
    expect([...top.keys()]).toEqual([[...expected.keys()][0]]);
  });

  it('answers a batch searched on several threads (with the word index) exactly as on one (by one scan of the references), rows in the order of the reads', async () => {
    const one = await identify(['--query', many, '--reference', reference, '--threads', '1', '--fresh-index']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/identified \d+ sequences on 1 thread\(s\)/);
    expect(one.stderr).toMatch(/^read \d+ ITS2 .*, to scan once for the batch in/m);
    // A batch this small is searched on one thread unless told that 8 reads are worth a thread.
    const three = await identify(['--query', many, '--reference', reference, '--threads', '3', '--fresh-index'], { MDC_READS_PER_SEARCH_THREAD: '8' });
    expect(three.code, three.stderr).toBe(0);
    expect(three.stderr).toMatch(/identified \d+ sequences on 3 thread\(s\)/);
    expect(three.stderr).toMatch(/^read and indexed \d+ ITS2 /m);
    expect(three.stdout).toBe(one.stdout);
    const order = [...new Set(one.stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')[0]))];
    expect(order.length).toBeGreaterThan(3 * 8);
    expect(order).toEqual([...readFileSync(many, 'utf8').matchAll(/^>(\S+)/gm)].map((m) => m[1]));
    const wrong = await identify(['--query', good, '--reference', reference, '--threads', '0']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--threads must be a whole number from 1 to 64/);
  });

  it('starts a further search thread only for each 1,000 reads, up to --threads', async () => {
    expect(searchThreadsFor(439, 2, 1000)).toBe(0);
    expect(searchThreadsFor(999, 8, 1000)).toBe(0);
    expect(searchThreadsFor(2000, 2, 1000)).toBe(1);
    expect(searchThreadsFor(5000, 3, 1000)).toBe(2);
    expect(searchThreadsFor(5000, 1, 1000)).toBe(0);
    const small = await identify(['--query', many, '--reference', reference, '--threads', '3']);
    expect(small.code, small.stderr).toBe(0);
    expect(small.stderr).toMatch(/identified \d+ sequences on 1 thread\(s\)/);
  });

  it('refuses a batch in which nothing can be read with exit code 1 and no rows; a wrong option is exit code 2', async () => {
    const nothing = await identify(['--query', broken, '--reference', reference]);
    expect(nothing.code).toBe(1);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toMatch(/refused .*broken\.fasta/);
    const usage = await identify(['--query', good, '--reference', reference, '--top', '0']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--top must be a whole number/);
  });

  it('files the references (and the word index once a batch needs it) and reads them back: the same answer; a changed file or --fresh-index reads anew', async () => {
    const local = path.join(dir, 'its2-copy.fasta');
    writeFileSync(local, readFileSync(reference));
    rmSync(path.join(home, 'cache'), { recursive: true, force: true });
    const first = await identify(['--query', good, '--reference', local]);
    expect(first.stderr).not.toMatch(/from the cache/);
    // A small batch files the references alone; the next reads them and scans them again.
    const second = await identify(['--query', good, '--reference', local]);
    expect(second.stderr).toMatch(/\(the references from the cache\), to scan once for the batch/);
    expect(second.stdout).toBe(first.stdout);
    // A batch searched on two threads (told so: 2 reads a thread) builds the word index from the filed references and files it.
    const large = { MDC_READS_PER_SEARCH_THREAD: '2' };
    const indexed = await identify(['--query', good, '--reference', local, '--threads', '2'], large);
    expect(indexed.stderr).toMatch(/^read and indexed \d+ ITS2 .*\(the references from the cache\) in/m);
    expect(indexed.stderr).toMatch(/on 2 thread\(s\)/);
    expect(indexed.stdout).toBe(first.stdout);
    const again = await identify(['--query', good, '--reference', local, '--threads', '2'], large);
    expect(again.stderr).toMatch(/\(the index from the cache\)/);
    expect(again.stdout).toBe(first.stdout);
    // A filed index serves a small batch too.
    const small = await identify(['--query', good, '--reference', local]);
    expect(small.stderr).toMatch(/^read and indexed .*\(the index from the cache\)/m);
    expect(small.stdout).toBe(first.stdout);
    const fresh = await identify(['--query', good, '--reference', local, '--fresh-index']);
    expect(fresh.stderr).not.toMatch(/from the cache/);
    expect(fresh.stdout).toBe(first.stdout);
    // Another record appended: another key, and the new record is searched.
    appendFileSync(local, gzipSync(`>Fungi;p;c;o;f;Testgenus;Testgenus_unicus\n${'ACGT'.repeat(40)}\n`));
    const changed = await identify(['--query', good, '--reference', local]);
    expect(changed.stderr).not.toMatch(/from the cache/);
    const references = (stderr: string) => Number(stderr.match(/read (?:and indexed )?(\d+) ITS2/)?.[1]);
    expect(references(changed.stderr)).toBe(references(first.stderr) + 1);
  });
});
