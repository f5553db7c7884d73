import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realDataDir } from '../unit/support/small-refdata';
import { runMdc } from '../support/mdc-cli';

// Every run reads the whole current reference (WHONET, AMR 3.0.0 breakpoints and taxonomy): seconds each on a busy machine.
vi.setConfig({ testTimeout: 180_000 });


/** Runs `mdc interpret …` as a user would, against the real reference data. */
const mdc = (args: string[], stdin?: string) => runMdc('interpret', args, stdin);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-interpret-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mdc interpret, one result', () => {
  it('prints the category and the reason', async () => {
    const { code, stdout } = await mdc(['--guideline', 'EUCAST 2022', '--organism', 'Escherichia coli', '--antibiotic', 'AMP', '--method', 'MIC', '--value', '16']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('interpretation: R');
    expect(lines[1]).toBe('reason: MIC 16 mg/L > R breakpoint 8 (EUCAST 2022, Enterobacterales) → R');
    expect(stdout).toMatch(/^breakpoint: S ≤ 8 · R > 8 mg\/L \(EUCAST 2022, Enterobacteriaceae, Breakpoints\.txt:\d+\)$/m);
  });

  it('gives the whole result as JSON, and reads Chinese names, a site and a disk zone', async () => {
    const { code, stdout } = await mdc([
      '--guideline', 'CLSI 2021', '--organism', '肺炎链球菌', '--antibiotic', '青霉素', '--method', 'MIC', '--value', '0.12', '--site', 'meningitis', '--json',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ category: 'R', guideline: 'CLSI', year: 2021, organism: { code: 'spn' }, antibiotic: { code: 'PEN' } });
    expect(result.breakpoint.site).toMatch(/^Meningitis$/i);
    const zone = await mdc(['--guideline', 'CLSI', '--organism', 'kpn', '--antibiotic', 'MEM', '--method', 'DISK', '--value', '21', '--lang', 'zh']);
    expect(zone.stdout.split('\n')[0]).toBe('判读结果: I');
  });

  it('never answers a blood isolate with a breakpoint for uncomplicated UTI only (EUCAST 2025 cefazolin, issue 24)', async () => {
    const args = ['--guideline', 'EUCAST 2025', '--organism', 'Escherichia coli', '--antibiotic', 'CZO', '--method', 'MIC', '--value', '2'];
    for (const site of ['blood', 'systemic']) {
      const { stdout } = await mdc([...args, '--site', site]);
      expect(stdout).toMatch(/^interpretation: \(none\)$/m);
      expect(stdout).toMatch(/^reason: no breakpoint for a systemic infection .* only for Uncomplicated urinary tract infection \(S ≤ \(0\.001\) · I 0\.002–4 · R > 4 mg\/L\)/m);
      expect(stdout).not.toMatch(/^breakpoint:/m);
    }
    const urine = await mdc([...args, '--site', 'urine']);
    expect(urine.stdout).toMatch(/^interpretation: I$/m);
    expect(urine.stdout).toMatch(/^breakpoint: S ≤ \(0\.001\) · I 0\.002–4 · R > 4 mg\/L \(EUCAST 2025, Enterobacterales, Uncomplicated urinary tract infection, /m);
    const unknown = await mdc(args);
    expect(unknown.stdout).toMatch(/^interpretation: I$/m);
    expect(unknown.stdout).toMatch(/^note: site of infection not given: the only breakpoint is for Uncomplicated urinary tract infection/m);
  });

  it('explains a value it cannot interpret and exits with 1', async () => {
    const { code, stdout } = await mdc(['--guideline', 'EUCAST 2022', '--organism', 'E. coli', '--antibiotic', 'AMP', '--method', 'MIC', '--value', 'lots', '--lang', 'en']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^interpretation: \(none\)$/m);
    expect(stdout).toMatch(/^reason: wrong MIC/m);
  });

  it('refuses incomplete or unknown options with the usage text', async () => {
    const missing = await mdc(['--organism', 'eco', '--antibiotic', 'AMP']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --value');
    const unknown = await mdc(['--colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('mdc interpret --input cases.tsv');
    const noFile = await mdc(['--input', path.join(dir, 'nope.tsv')]);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/ENOENT|no such file/);
  });
});

describe('mdc interpret --input', () => {
  it('writes the same rows with interpretation, breakpoint and reason; a bad row never stops the file', async () => {
    const cases = path.join(dir, 'cases.tsv');
    writeFileSync(
      cases,
      [
        'guideline\torganism\tantibiotic\tmethod\tvalue\tsite',
        'EUCAST 2022\tEscherichia coli\tAMP\tMIC\t16\t',
        'CLSI 2021\tKlebsiella pneumoniae\tMEM\tDISK\t25\t',
        'CLSI\tStaphylococcus aureus\tVAN\tMIC\tabc\t',
        'EUCAST 2022\tNot a bug\tAMP\tMIC\t2\t',
        'EUCAST 2020\tStreptococcus pneumoniae\tPEN\tMIC\t0.5\tmeningitis',
        'BOGUS 2022\tEscherichia coli\tAMP\tMIC\t4\t',
        'EUCAST 2022\tKlebsiella pneumoniae\tAMP\tMIC\t2\t',
      ].join('\n') + '\n',
    );
    const out = path.join(dir, 'out.tsv');
    const { code, stderr } = await mdc(['--input', cases, '--output', out]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/7 results \(3 without interpretation\)/);
    const rows = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['guideline', 'organism', 'antibiotic', 'method', 'value', 'site', 'interpretation', 'breakpoint', 'reason']);
    expect(rows).toHaveLength(8);
    expect(rows[1]!.slice(0, 6)).toEqual(['EUCAST 2022', 'Escherichia coli', 'AMP', 'MIC', '16', '']);
    expect(rows[1]!.slice(6)).toEqual(['R', 'S ≤ 8 · R > 8 mg/L', 'MIC 16 mg/L > R breakpoint 8 (EUCAST 2022, Enterobacterales) → R']);
    expect(rows[2]![6]).toBe('S');
    expect(rows[2]![7]).toMatch(/mm/);
    expect(rows[3]!.slice(6, 8)).toEqual(['', '']);
    expect(rows[3]![8]).toMatch(/^wrong MIC/);
    expect(rows[4]![6]).toBe('');
    expect(rows[4]![8]).toMatch(/unknown organism "Not a bug"/);
    expect(rows[5]![6]).toBe('R');
    expect(rows[6]![6]).toBe('');
    expect(rows[6]![8]).toMatch(/BOGUS/);
    // Klebsiella is intrinsically resistant to ampicillin, whatever the MIC.
    expect(rows[7]![6]).toBe('R');
    expect(rows[7]![8]).toMatch(/expected|intrinsic/i);
  });

  it('reads a WHONET isolate file from standard input and writes one row per result, as CSV for Excel', async () => {
    const sample = readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'), 'utf8');
    const out = path.join(dir, 'whonet.csv');
    const { code, stderr } = await mdc(['--input', '-', '--output', out, '--lang', 'zh'], sample);
    expect(code).toBe(0);
    const isolates = sample.trim().split('\n').length - 1;
    expect(stderr).toContain(`whonet file: ${isolates} isolates`);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('\uFEFF菌株,标本号,患者ID,菌种代码,菌种,')).toBe(true);
    const lines = text.trimEnd().split('\n');
    const results = Number(/(\d+) results/.exec(stderr)![1]);
    expect(lines).toHaveLength(results + 1);
    expect(lines[1]).toMatch(/^0,_8846775327_,_9496305229_,ent,[^,]*肠球菌[^,]*,ur,PEN_ND10,PEN,青霉素,DISK,19,CLSI,\d{4},S,/);
  });

  it('reports a broken WHONET row and reads on', async () => {
    const [header, first, second, third] = readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'), 'utf8').split(/\r?\n/);
    const broken = path.join(dir, 'broken.txt');
    writeFileSync(broken, [header, first, second!.split('|').slice(0, 20).join('|'), third].join('\n') + '\n');
    const { code, stdout } = await mdc(['--input', broken]);
    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    const problem = rows.find((r) => r[16]?.startsWith('line 3:'));
    expect(problem).toBeDefined();
    expect(problem![13]).toBe('');
    expect(problem![16]).toBe(`line 3: 20 cells where the header has ${header!.split('|').length}`);
    expect(rows.some((r) => r[0] === '0')).toBe(true);
    expect(rows.some((r) => r[0] === '2')).toBe(true);
  });
});
