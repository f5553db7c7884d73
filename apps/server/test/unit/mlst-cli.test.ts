import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { repoRoot } from '../../src/config';

/**
 * `mdc mlst` on a small scheme written at run time (three loci, two STs) and genomes built around
 * its alleles, plus the real K. pneumoniae HS11286 with the real Klebsiella scheme.
 */
const run = promisify(execFile);
const mdc = path.join(repoRoot, 'apps/server/bin/mdc.js');

let seed = 7;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
const change = (s: string, at: number) => s.slice(0, at) + ({ A: 'C', C: 'G', G: 'T', T: 'A' } as Record<string, string>)[s[at]!] + s.slice(at + 1);
const fasta = (name: string, seq: string) => `>${name}\n${seq.match(/.{1,80}/g)!.join('\n')}\n`;

let dir: string;
let data: string;
const adk = bases(450);
const fumC = bases(420);
const gyrB = bases(480);

function mlst(args: string[], refdata = data): Promise<{ stdout: string; stderr: string; code: number }> {
  return run(process.execPath, [mdc, 'mlst', ...args], { env: { ...process.env, REFDATA_DIR: refdata, MDC_FROM_SOURCES: '1', MDC_HOME: path.join(dir, 'home') }, cwd: dir, maxBuffer: 64 << 20 }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => ({ stdout: error.stdout, stderr: error.stderr, code: error.code }),
  );
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-mlst-cli-'));
  data = path.join(dir, 'data');
  const scheme = path.join(data, 'mlst/pubmlst/toy');
  mkdirSync(scheme, { recursive: true });
  writeFileSync(path.join(scheme, 'toy.txt'), 'ST\tadk\tfumC\tgyrB\tclonal_complex\n11\t1\t1\t1\tCC11\n12\t2\t1\t1\t\n');
  writeFileSync(path.join(scheme, 'adk.tfa.gz'), gzipSync(fasta('adk_1', adk) + fasta('adk_2', change(adk, 100))));
  writeFileSync(path.join(scheme, 'fumC.tfa.gz'), gzipSync(fasta('fumC_1', fumC) + fasta('fumC_2', change(fumC, 30))));
  writeFileSync(path.join(scheme, 'gyrB.tfa.gz'), gzipSync(fasta('gyrB_1', gyrB)));
  writeFileSync(path.join(data, 'mlst/scheme_species_map.tab'), '#SCHEME\tGENUS\tSPECIES\ntoy\tToyella\t\n');
  const genome = (...parts: string[]) => parts.join(bases(40_000));
  writeFileSync(path.join(dir, 'st11.fna'), fasta('c1', genome(bases(1000), adk, fumC, gyrB, bases(1000))));
  writeFileSync(path.join(dir, 'novel.fna'), fasta('c1', genome(bases(1000), adk, change(fumC, 30), gyrB, bases(1000))));
  writeFileSync(path.join(dir, 'reads.fq'), '@r1\nACGTACGT\n+\nIIIIIIII\n');
  writeFileSync(path.join(dir, 'protein.faa'), fasta('p1', 'MKLVEEFLLQPRSTWYHIKLMNPQ'.repeat(20)));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mdc mlst', () => {
  it('prints one line per assembly as the mlst tool does: FILE SCHEME ST locus(allele) …, tab-separated', async () => {
    const { stdout, code } = await mlst(['--query', 'st11.fna']);
    expect(stdout).toBe('st11.fna\ttoy\t11\tadk(1)\tfumC(1)\tgyrB(1)\n');
    expect(code).toBe(0);
  });

  it('answers the rest of a batch and names each refused file with its reason (exit 1)', async () => {
    const { stdout, stderr, code } = await mlst(['--query', 'st11.fna', 'reads.fq', 'protein.faa', 'novel.fna']);
    expect(stdout.trimEnd().split('\n')).toEqual(['st11.fna\ttoy\t11\tadk(1)\tfumC(1)\tgyrB(1)', 'novel.fna\ttoy\t-\tadk(1)\tfumC(2)\tgyrB(1)']);
    expect(stderr).toMatch(/refused reads\.fq: these are sequencing reads \(FASTQ\)/);
    expect(stderr).toMatch(/refused protein\.faa: this is protein sequence/);
    expect(stderr).toMatch(/novel\.fna: novel profile: all 3 alleles are known, but no toy ST has this combination/);
    expect(code).toBe(1);
  });

  it('gives status, score, positions and the clonal complex in JSON', async () => {
    const { stdout, code } = await mlst(['--query', 'st11.fna', '--format', 'json']);
    const [answer] = JSON.parse(stdout);
    expect(answer).toMatchObject({ filename: 'st11.fna', scheme: 'toy', sequence_type: '11', status: 'PERFECT', score: 100, alleles: { adk: '1', fumC: '1', gyrB: '1' }, profile: { clonal_complex: 'CC11' } });
    expect(answer.loci[0].hits[0]).toMatchObject({ contig: 'c1', start: 1000 + 40_000 + 1, end: 1000 + 40_000 + 450, strand: '+' });
    expect(code).toBe(0);
  });

  it('refuses an unknown scheme, a wrong format and a missing file as wrong usage (exit 2)', async () => {
    const unknown = await mlst(['--query', 'st11.fna', '--scheme', 'toys']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown MLST scheme "toys" \(1 scheme in .*; similar: toy\)/);
    expect((await mlst(['--query', 'st11.fna', '--format', 'csv'])).stderr).toMatch(/--format must be tsv or json/);
    const missing = await mlst(['--query', 'nosuch.fna']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/cannot read nosuch\.fna/);
  });

  const shared = findRefdataDir();
  const hs11286 = shared && path.join(shared, 'genome/reference/R10_Klebsiella_pneumoniae_HS11286.fna.gz');
  it.runIf(hs11286 && existsSync(hs11286))('types the real K. pneumoniae HS11286 as ST11 with the Klebsiella scheme', async () => {
    const { stdout, code } = await mlst(['--query', hs11286!, '--scheme', 'klebsiella'], shared!);
    expect(stdout).toBe(`${hs11286}\tklebsiella\t11\tgapA(3)\tinfB(3)\tmdh(1)\tpgi(1)\tphoE(1)\trpoB(1)\ttonB(4)\n`);
    expect(code).toBe(0);
  });
});
