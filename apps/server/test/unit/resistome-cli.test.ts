import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { runResistomeCommand } from '../../src/resistome/cli';

const dataDir = findRefdataDir();
const hs11286 = dataDir ? path.join(dataDir, 'genome/reference/R10_Klebsiella_pneumoniae_HS11286.fna.gz') : '';
const ready = !!dataDir && existsSync(hs11286) && existsSync(path.join(dataDir, 'resistome/resfinder/phenotypes.txt'));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mdc-resistome-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

async function run(args: string[]): Promise<{ out: string; err: string; code: number | undefined }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  }) as typeof process.stderr.write);
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    err += parts.join(' ') + '\n';
  });
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    out += parts.join(' ') + '\n';
  });
  await runResistomeCommand(args);
  const code = process.exitCode === undefined ? undefined : Number(process.exitCode);
  process.exitCode = undefined;
  return { out, err, code };
}

const rowsOf = (tsv: string) => tsv.trim().split('\n').map((line) => line.split('\t'));

async function file(name: string, text: string): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, text);
  return p;
}

describe.runIf(ready)('mdc resistome', () => {
  it('answers the assembly and names each refused file (protein, reads, 60 MB) with exit code 1', async () => {
    const protein = await file('protein.faa', '>p1\n' + 'MKLVRSTEEQWHHKLMNPQRSTVWYACDEFGHIKLMNPQRST\n'.repeat(40));
    const reads = await file('reads.fastq', '@r1\nACGTACGTACGTACGTACGT\n+\nIIIIIIIIIIIIIIIIIIII\n'.repeat(50));
    const big = path.join(dir, 'big.fna');
    await writeFile(big, '>c1\n');
    await truncate(big, 60 * 1024 * 1024);
    const { out, err, code } = await run(['--query', hs11286, protein, reads, big, '--organism', 'Klebsiella pneumoniae']);
    const rows = rowsOf(out);
    expect(rows[0]).toEqual(['query', 'kind', 'name', 'class', 'drugs', 'identity', 'coverage', 'contig', 'start', 'end', 'note']);
    const names = rows.slice(1).map((r) => r[2]);
    expect(names).toEqual(expect.arrayContaining(['blaKPC-2', 'blaCTX-M-14', 'gyrA p.S83I', 'parC p.S80I']));
    const kpc = rows.find((r) => r[2] === 'blaKPC-2')!;
    expect(kpc[1]).toBe('gene');
    expect(kpc[4]!.split(';')).toEqual(expect.arrayContaining(['MEM', 'IPM', 'ETP']));
    expect(rows.find((r) => r[2]!.startsWith('blaSHV'))![10]).toBe('intrinsic');
    expect(err).toMatch(/refused .*protein\.faa: .*protein/i);
    expect(err).toMatch(/refused .*reads\.fastq: .*FASTQ|reads/i);
    expect(err).toMatch(/refused .*big\.fna: 60\.0 MB, more than the limit of 32 MB/);
    expect(err).toMatch(/3 refused, 1 answered/);
    expect(code).toBe(1);
  });

  it('--predict gives one row per drug: carbapenems R from KPC-2, ampicillin as the species\' expected resistance', async () => {
    const { out, code } = await run(['--query', hs11286, '--organism', 'Klebsiella pneumoniae', '--predict']);
    const rows = rowsOf(out);
    expect(rows[0]).toEqual(['sample', 'drug', 'drug_name', 'prediction', 'evidence', 'rule']);
    const byDrug = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byDrug.get('MEM')!.slice(2, 5)).toEqual(['Meropenem', 'R', 'blaKPC-2']);
    expect(byDrug.get('AMP')![5]).toMatch(/^expected-resistance: EUCAST/);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['R10_Klebsiella_pneumoniae_HS11286.fna.gz']));
    expect(code).toBe(0);
  });

  it('refuses an unknown organism as wrong usage (exit code 2)', async () => {
    const { err, code } = await run(['--query', hs11286, '--organism', 'Klebsiella imaginaria']);
    expect(err).toMatch(/unknown organism "Klebsiella imaginaria"/);
    expect(code).toBe(2);
  });
});

describe('mdc resistome predict', () => {
  it('reads an AMRFinderPlus report per sample and names a report with missing columns with its line', async () => {
    const good = await file(
      'amrfinder.tsv',
      [
        'Name\tContig id\tGene symbol\tElement type\tElement subtype\tClass\tSubclass\tMethod',
        'ISO1\tc1\tblaCTX-M-15\tAMR\tAMR\tBETA-LACTAM\tCEPHALOSPORIN\tEXACTX',
        'ISO1\tc2\tblaEC\tAMR\tAMR\tBETA-LACTAM\tCEPHALOSPORIN\tBLASTX',
        'ISO2\tc1\tsul1\tAMR\tAMR\tSULFONAMIDE\tSULFONAMIDE\tEXACTX',
      ].join('\n'),
    );
    const bad = await file('bad.tsv', 'Name\tContig id\tClass\nISO3\tc1\tX\n');
    const { out, err, code } = await run(['predict', '--genes', good, bad, '--organism', 'Escherichia coli', '--format', 'tsv']);
    const rows = rowsOf(out).slice(1);
    const get = (s: string, d: string) => rows.find((r) => r[0] === s && r[1] === d)!;
    expect(get('ISO1', 'CRO').slice(3, 5)).toEqual(['R', 'blaCTX-M-15']);
    expect(get('ISO1', 'MEM')[3]).toBe('S');
    expect(get('ISO2', 'AMP')[3]).toBe('S');
    expect(get('ISO2', 'SXT')[3]).toBe('S');
    expect(err).toMatch(/refused .*bad\.tsv: line 1: missing columns "Gene symbol", "Subclass"/);
    expect(code).toBe(1);
  });

  it('gives JSON with the same calls', async () => {
    const good = await file('amr2.tsv', 'Name\tGene symbol\tClass\tSubclass\nISO9\ttet(A)\tTETRACYCLINE\tTETRACYCLINE\n');
    const { out, code } = await run(['predict', '--genes', good, '--format', 'json']);
    const json = JSON.parse(out) as { sample: string; predictions: { drug: string; prediction: string }[] }[];
    expect(json[0]!.sample).toBe('ISO9');
    expect(json[0]!.predictions.find((p) => p.drug === 'TCY')!.prediction).toBe('R');
    expect(code).toBe(0);
  });
});
