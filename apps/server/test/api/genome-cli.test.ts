import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readGenomeManifest, type GenomeManifestRow } from '@mdc/refdata/genome';
import { repoRoot } from '../../src/config';
import { genomeDataDir } from '../../src/blast/genome/test-genomes';

const run = promisify(execFile);
const mdc = path.join(repoRoot, 'apps/server/bin/mdc.js');
const dir = genomeDataDir();
const rows = readGenomeManifest(dir);
const tests = rows.filter((r) => r.role === 'test');
const work = mkdtempSync(path.join(os.tmpdir(), 'mdc-genome-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function mdcRun(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [mdc, ...args], { env: { ...process.env, ...env }, cwd: repoRoot, maxBuffer: 64 << 20, timeout: 240_000 });
}

/** What the manifest's expected_result asks of the first row: a species, the E. coli / Shigella complex, or nothing. */
function expectation(row: GenomeManifestRow): { level: 'species' | 'none'; species: RegExp } {
  if (/^NEGATIVE/.test(row.expected)) return { level: 'none', species: /^-$/ };
  // ANI cannot split E. coli from Shigella: either is called as the complex, which keeps the species level
  // and starts with the species it is named after.
  if (/Shigella\/E\. coli complex/.test(row.expected) || /^Escherichia coli/.test(row.expected)) return { level: 'species', species: /^Escherichia coli \/ Shigella$/ };
  const species = row.expected.split(/\s+/).slice(0, 2).join(' ');
  return { level: 'species', species: new RegExp(`^${species}$`) };
}

describe('mdc identify --method genome', () => {
  it('gives every shared test genome its expected result against the shared references', async () => {
    const { stdout, stderr } = await mdcRun(['identify', '--method', 'genome', '--query', ...tests.map((t) => path.join(dir, t.file)), '--reference', dir, '--threads', '2']);
    const [header, ...lines] = stdout.trimEnd().split('\n');
    expect(header!.split('\t').slice(0, 6)).toEqual(['query', 'rank', 'species', 'ani', 'af', 'level']);
    const calls = new Map(lines.map((l) => l.split('\t')).filter((c) => c[1] === '1').map((c) => [c[0]!, c]));
    expect(calls.size).toBe(12);
    for (const t of tests) {
      const row = calls.get(path.basename(t.file))!;
      const want = expectation(t);
      expect(row[5], t.file).toBe(want.level);
      expect(row[2], t.file).toMatch(want.species);
      if (want.level === 'species') expect(Number(row[3]), t.file).toBeGreaterThanOrEqual(95);
      if (/Shigella\/E\. coli/.test(t.expected) || /Escherichia coli/.test(t.expected)) expect(row[11], t.file).toContain('ecoli-shigella');
    }
    expect(stderr).toMatch(/sketched 44 reference genomes/);
  });

  it('writes JSON with the call, references, QC and 16S copies', async () => {
    const query = path.join(dir, tests.find((t) => t.file.includes('T17_'))!.file);
    const { stdout } = await mdcRun(['identify', '--method', 'genome', '--query', query, '--reference', dir, '--format', 'json', '--top', '3']);
    const [result] = JSON.parse(stdout);
    expect(result.call).toMatchObject({ level: 'species', species: 'Streptococcus pneumoniae', runnerUp: { species: 'Streptococcus pseudopneumoniae' } });
    expect(result.call.runnerUp.ani).toBeLessThan(95);
    expect(result.hits).toHaveLength(3);
    expect(result.qc.stats.contigs).toBe(100);
    expect(result.rrna.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses wrong usage and unreadable input with exit code 2 and a sentence', async () => {
    const query = path.join(dir, tests[0]!.file);
    for (const args of [
      ['--method', 'genome'],
      ['--method', 'genome', '--query', path.join(work, 'missing.fna')],
      ['--method', 'genome', '--query', query, '--reference', work],
      ['--method', 'genome', '--query', query, '--format', 'xml'],
      ['--method', 'genome', '--query', query, '--top', '0'],
      ['--method', 'plasmid', '--query', query],
    ]) {
      const failure = await mdcRun(['identify', ...args]).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, args.join(' ')).toBe(2);
      expect(failure?.stderr).toMatch(/^mdc identify: /);
    }
  });

  it('reports a query it cannot read as refused and calls the others', async () => {
    const bad = path.join(work, 'reads.fastq');
    writeFileSync(bad, `@r1\nACGT\n+\nIIII\n`);
    const good = path.join(dir, tests.find((t) => t.file.includes('T09_'))!.file);
    // Exit code 1: something was refused, the rest answered.
    const { stdout, stderr } = await mdcRun(['identify', '--method', 'genome', '--query', bad, good, '--reference', dir, '--top', '1']).then(
      () => {
        throw new Error('exit code 0 though a query was refused');
      },
      (error: { code: number; stdout: string; stderr: string }) => {
        expect(error.code).toBe(1);
        return error;
      },
    );
    expect(stderr).toMatch(/refused .*reads\.fastq: .*FASTQ/);
    const lines = stdout.trimEnd().split('\n').slice(1).map((l) => l.split('\t'));
    expect(lines.find((c) => c[0] === 'reads.fastq')).toEqual(expect.arrayContaining(['none', expect.stringMatching(/^refused: .*FASTQ/)]));
    expect(lines.find((c) => c[0] === path.basename(good))![2]).toBe('Haemophilus influenzae');
  });
});

describe('mdc genome add', () => {
  it('adds the genomes of a folder as shared references, once, and mdc identify uses them', async () => {
    const home = mkdtempSync(path.join(work, 'home-'));
    const folder = mkdtempSync(path.join(work, 'lab-'));
    const campy = rows.find((r) => r.file.includes('R30_Campylobacter'))!;
    copyFileSync(path.join(dir, campy.file), path.join(folder, 'campy.fna.gz'));
    writeFileSync(path.join(folder, 'manifest.tsv'), 'file\tspecies\tstrain\ncampy.fna.gz\tCampylobacter jejuni\tlab strain 3 (NC_002163.1)\n');
    const env = { MDC_HOME: home, DATABASE_URL: '', REFDATA_DIR: path.join(work, 'none') };
    const first = await mdcRun(['genome', 'add', folder], env);
    expect(first.stdout).toMatch(/added 1 reference genome \(0 already held\)/);
    const second = await mdcRun(['genome', 'add', folder], env);
    expect(second.stdout).toMatch(/added 0 reference genomes \(1 already held\)/);
    const list = await mdcRun(['genome', 'list'], env);
    expect(list.stdout).toMatch(/\tadmin\tCampylobacter jejuni\tlab strain 3 \(NC_002163\.1\)\tNC_002163\.1\t1641481\t1\t/);
    const { stdout } = await mdcRun(['identify', '--method', 'genome', '--query', path.join(folder, 'campy.fna.gz'), '--top', '1'], env);
    const call = stdout.split('\n')[1]!.split('\t');
    expect([call[2], call[3], call[5]]).toEqual(['Campylobacter jejuni', '100.00', 'species']);
    // Fragments of repeated regions (rRNA operons) may land on another copy's bin: nearly all, not all.
    expect(Number(call[4])).toBeGreaterThan(99);
    const broken = mkdtempSync(path.join(work, 'broken-'));
    writeFileSync(path.join(broken, 'manifest.tsv'), 'file\tspecies\nx.fna\tEscherichia coli\n');
    writeFileSync(path.join(broken, 'x.fna'), '@read\nACGT\n+\nIIII\n');
    const failure = await mdcRun(['genome', 'add', broken], env).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/x\.fna: these are sequencing reads/);
  });
});
