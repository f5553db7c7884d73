import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDataDir } from '../unit/support/small-refdata';
import { repoRoot, runMdc } from '../support/mdc-cli';

const repo = repoRoot;
const fixtures = path.join(repo, 'apps/server/test/fixtures/antibiogram');
const sample = () => path.join(realDataDir(), 'whonet/SampleInputFile.txt');

const mdc = (args: string[]) => runMdc('antibiogram', args);

function table(text: string): Record<string, string>[] {
  const [header, ...rows] = text.replace(/\n+$/, '').split('\n').map((l) => l.split('\t'));
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

// Every case starts `mdc` processes that each load the reference data (4 s of CPU): on a busy
// shared machine several of them take minutes of wall time.
const SLOW = { timeout: 240_000 };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-antibiogram-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mdc antibiogram on the WHONET sample file', () => {
  it('matches the independent computation (hand-computation.R) cell by cell: first isolates, n, S, %S, intrinsic and < 30 cells', SLOW, async () => {
    const { code, stdout, stderr } = await mdc(['--input', sample(), '--guideline', 'CLSI 2022']);
    expect(code, stderr).toBe(0);
    const key = (r: Record<string, string>) => `${r.period} ${r.organism_code} ${r.drug}`;
    const mine = new Map(table(stdout).map((r) => [key(r), r]));
    const expected = table(readFileSync(path.join(fixtures, 'expected-sample-clsi2022.tsv'), 'utf8'));
    expect(expected.length).toBeGreaterThan(250);
    expect([...mine.keys()].sort()).toEqual(expected.map(key).sort());
    for (const row of expected) {
      const got = mine.get(key(row))!;
      expect({ cell: key(row), isolates: got.isolates, n: got.n, susceptible: got.susceptible, percent_s: got.percent_s, flag: got.cell }).toEqual({
        cell: key(row),
        isolates: row.isolates,
        n: row.n,
        susceptible: row.susceptible,
        percent_s: row.percent_s,
        flag: row.cell,
      });
    }
    expect(stderr).toMatch(/622 isolates received; .* 72 repeats; 550 first isolates counted/);
    expect(stderr).toMatch(/First isolate of each organism per patient per analysis period/);
  });

  it('has the contract columns, names organisms, and --period all and --format json agree with the year table', SLOW, async () => {
    const [byYear, all, json] = await Promise.all([
      mdc(['--input', sample(), '--guideline', 'CLSI 2022', '--period', '1995']),
      mdc(['--input', sample(), '--guideline', 'CLSI 2022', '--period', 'all']),
      mdc(['--input', sample(), '--guideline', 'CLSI 2022', '--period', 'all', '--format', 'json']),
    ]);
    const header = byYear.stdout.split('\n')[0]!.split('\t');
    for (const column of ['organism', 'drug', 'n', 'percent_s']) expect(header).toContain(column);
    // Rows by species, as M39 groups them: the file's K. pneumoniae ss. pneumoniae is a "Klebsiella pneumoniae" row.
    const organisms = new Set(table(byYear.stdout).map((r) => r.organism ?? ''));
    expect(organisms).toContain('Klebsiella pneumoniae');
    expect([...organisms].filter((o) => / ss\. /.test(o))).toEqual([]);
    const eco = table(all.stdout).find((r) => r.organism === 'Escherichia coli' && r.drug === 'AMP')!;
    expect(eco.period).toBe('all');
    const ecoYear = table(byYear.stdout).find((r) => r.organism === 'Escherichia coli' && r.drug === 'AMP')!;
    expect([eco.n, eco.percent_s]).toEqual([ecoYear.n, ecoYear.percent_s]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.rules).toMatchObject({ firstIsolate: 'patient-period', minIsolates: 30, susceptible: 'S' });
    const cell = parsed.tables[0].organisms.find((o: { organism: string }) => o.organism === 'eco').cells.find((c: { drug: string }) => c.drug === 'AMP');
    expect(String(cell.n)).toBe(eco.n);
    // No year of the file: an empty antibiogram, not an error.
    const empty = await mdc(['--input', sample(), '--period', '2024']);
    expect(empty.code).toBe(0);
    expect(empty.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('a ward filter and every-isolate counting change the counts as they should', SLOW, async () => {
    const [icu, every, first] = await Promise.all([
      mdc(['--input', sample(), '--guideline', 'CLSI 2022', '--ward', 'icu1', '--min', '1']),
      mdc(['--input', sample(), '--guideline', 'CLSI 2022', '--first', 'all']),
      mdc(['--input', sample(), '--guideline', 'CLSI 2022']),
    ]);
    const rows = table(icu.stdout);
    const raw = readFileSync(sample(), 'utf8').split(/\r?\n/).slice(1).filter((l) => l.split('|')[9] === 'icu1');
    const total = rows.reduce((set, r) => set.add(`${r.organism_code}`), new Set<string>());
    expect(total.size).toBeGreaterThan(0);
    // Never more first isolates of an organism than ICU rows of it.
    for (const r of rows) expect(Number(r.isolates)).toBeLessThanOrEqual(raw.filter((l) => l.split('|')[20] === r.organism_code).length);
    const n = (text: string) => Number(table(text).find((r) => r.organism_code === 'eco' && r.drug === 'AMP')!.n);
    expect(n(every.stdout)).toBeGreaterThan(n(first.stdout));
  });

  it('refuses bad options and files with a clear message, not a stack trace', SLOW, async () => {
    const bad = await mdc(['--input', sample(), '--period', '95']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--period must be a year \(YYYY\) or all, got "95"/);
    const min = await mdc(['--input', sample(), '--min', '0']);
    expect(min.stderr).toMatch(/--min must be a whole number ≥ 1/);
    const file = path.join(dir, 'not-whonet.txt');
    writeFileSync(file, 'hello\tworld\n1\t2\n');
    const unreadable = await mdc(['--input', file]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/unrecognised header/);
    expect(unreadable.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('mdc antibiogram and the reporting rules', () => {
  it('leaves a drug out for Salmonella that CLSI says must not be reported susceptible, with the instruction', SLOW, async () => {
    const rows = ['ROW_IDX|PATIENT_ID|SPEC_NUM|SPEC_DATE|ORGANISM|GEN_NM|CIP_NM'];
    for (let i = 0; i < 32; i++) rows.push(`${i}|P${i}|S${i}|${(i % 28) + 1}/3/2024|Salmonella enterica|1|0.06`);
    const file = path.join(dir, 'salmonella.txt');
    writeFileSync(file, rows.join('\n') + '\n');
    const [tsv, json] = await Promise.all([mdc(['--input', file, '--guideline', 'CLSI 2025']), mdc(['--input', file, '--guideline', 'CLSI 2025', '--format', 'json'])]);
    expect(tsv.code, tsv.stderr).toBe(0);
    const drugs = table(tsv.stdout).map((r) => [r.drug, r.n, r.percent_s]);
    expect(drugs).toEqual([['CIP', '32', '100.0']]);
    expect(tsv.stderr).toMatch(/GEN \(n 32\): not to be reported as susceptible/);
    const suppressed = JSON.parse(json.stdout).tables[0].suppressed;
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]).toMatchObject({ drug: 'GEN', n: 32 });
    expect(suppressed[0].note.zh).toContain('不得报告为敏感');
    expect(suppressed[0].note.en).toContain('CLSI M100');
  });
});
