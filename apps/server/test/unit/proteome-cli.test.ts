import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildBuiltinLibrary, formatMzml, readFlexFolder, readMaldiquantExamples } from '@mdc/refdata/maldi';
import { PROTEOME_TSV_COLUMNS, runProteomeIdentify } from '../../src/blast/proteome/cli';
import { zipFiles } from '../../src/blast/proteome/test-spectra';

const dataDir = findRefdataDir();
const examples = dataDir ? path.join(dataDir, 'maldi/maldiquantexamples_species') : '';

/** Runs the command, capturing standard output, standard error and the exit code. */
async function run(args: string[], options: Parameters<typeof runProteomeIdentify>[1] = {}) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string, ...rest: unknown[]) => {
    stdout += chunk;
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof process.stdout.write);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write);
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (stdout += a.join(' ') + '\n'));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void (stderr += a.join(' ') + '\n'));
  process.exitCode = undefined;
  try {
    await runProteomeIdentify(args, options);
  } finally {
    out.mockRestore();
    err.mockRestore();
    log.mockRestore();
    error.mockRestore();
  }
  const code = process.exitCode ?? 0;
  process.exitCode = undefined;
  return { stdout, stderr, code };
}

function tsvRows(stdout: string) {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  const columns = header!.split('\t');
  return { columns, rows: lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [columns[i]!, v]))) };
}

describe('usage errors exit with code 2 and a message', () => {
  it.each([
    [[], /--query PATH is required/],
    [['--query'], /argument missing|--query/],
    [['--method', 'genome', '--query', 'x'], /--method must be proteome/],
    [['--query', 'x', '--format', 'xml'], /--format must be tsv or json/],
    [['--query', 'x', '--top', '0'], /--top must be a whole number/],
    [['--query', 'x', '--bogus'], /Unknown option|bogus/],
  ])('%j', async (args, message) => {
    const { code, stderr, stdout } = await run(args as string[]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('prints help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--method proteome --query PATH/);
  });
});

describe.skipIf(!dataDir)('mdc identify --method proteome on the shared spectra', () => {
  let tmp = '';
  const heldOut = 'species1/0_F10/1/1SLin';

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'mdc-proteome-cli-'));
    // A reference folder: every MALDIquant spectrum but spot F10 of species1, by relative path.
    const ref = path.join(tmp, 'ref');
    mkdirSync(ref);
    symlinkSync(examples, path.join(ref, 'spectra'));
    const manifest = readFileSync(path.join(examples, 'manifest.csv'), 'utf8').trim().split('\n').slice(1);
    const rows = manifest.filter((l) => !l.startsWith('species1/0_F10/')).map((l) => {
      const [dir, label, spot] = l.split(',');
      return `spectra/${dir},${label},${label === 'species2' ? `strain-${spot}` : ''}`;
    });
    writeFileSync(path.join(ref, 'manifest.csv'), ['path,species,strain', ...rows].join('\n') + '\n');
    // The held-out spectrum as mzML and as text.
    const flex = await readFlexFolder(path.join(examples, heldOut));
    writeFileSync(path.join(tmp, 'spot.mzML'), formatMzml(flex, { precision: 32 }));
    writeFileSync(path.join(tmp, 'spot.txt'), Array.from(flex.mz, (m, i) => `${m.toFixed(4)} ${flex.intensity[i]}`).join('\n'));
    // A small plate: three spots of species3 zipped as flex folders.
    const files: Array<[string, Buffer]> = [];
    for (const s of ['0_F6', '0_F7', '0_F8']) {
      for (const f of ['fid', 'acqu']) files.push([`${s}/1/1SLin/${f}`, readFileSync(path.join(examples, 'species3', s, '1/1SLin', f))]);
    }
    writeFileSync(path.join(tmp, 'plate.zip'), zipFiles(files));
    cpSync(path.join(examples, heldOut), path.join(tmp, 'broken'), { recursive: true });
    writeFileSync(path.join(tmp, 'broken', 'fid'), readFileSync(path.join(examples, heldOut, 'fid')).subarray(0, 1000));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('calls the held-out spectrum read as flex, mzML and text the same, one TSV row per hit', async () => {
    const queries = [path.join(examples, heldOut), path.join(tmp, 'spot.mzML'), path.join(tmp, 'spot.txt')];
    const { code, stdout, stderr } = await run(['--method', 'proteome', '--query', ...queries, '--reference', path.join(tmp, 'ref')]);
    expect(code, stderr).toBe(0);
    const { columns, rows } = tsvRows(stdout);
    expect(columns.slice(0, 5)).toEqual(['query', 'rank', 'species', 'score', 'level']);
    expect(columns).toEqual([...PROTEOME_TSV_COLUMNS]);
    // Nine main spectra in the reference (species2 split by strain): nine hits per query.
    expect(rows.length).toBe(27);
    const calls = rows.filter((r) => r.rank === '1');
    expect(calls.map((r) => r.query)).toEqual(queries);
    const scores = calls.map((r) => Number(r.score));
    for (const r of calls) {
      expect(r.species).toBe('species1');
      expect(r.score).toMatch(/^\d\.\d\d$/);
      expect(Number(r.score)).toBeGreaterThanOrEqual(2);
      expect(r.level).toBe(Number(r.score) >= 2.3 ? 'subspecies' : 'species');
    }
    expect(Math.max(...scores) - Math.min(...scores)).toBeLessThanOrEqual(0.05);
    // species2 was given a strain per spot: each of its main spectra carries its strain.
    expect(rows.filter((r) => r.species === 'species2').every((r) => r.strain!.startsWith('strain-'))).toBe(true);
    expect(stderr).toMatch(/identified 3 spectra/);
  });

  it('--top limits the rows; --format json carries the explanation and parameters', async () => {
    const q = path.join(examples, heldOut);
    const tsv = await run(['--query', q, '--reference', path.join(tmp, 'ref'), '--top', '2']);
    expect(tsvRows(tsv.stdout).rows.map((r) => r.rank)).toEqual(['1', '2']);
    const json = await run(['--query', q, '--reference', path.join(tmp, 'ref'), '--format', 'json', '--top', '3']);
    expect(json.code).toBe(0);
    const [result] = JSON.parse(json.stdout);
    expect(result.query).toBe(q);
    expect(result.call.species).toBe('species1');
    expect(result.hits.length).toBe(3);
    expect(result.runnerUp.species).not.toBe('species1');
    expect(result.explanation.matched.length).toBeGreaterThan(20);
    expect(result.explanation.queryMatchedShare).toBeGreaterThan(0);
    expect(result.spectrum.parameters).toMatchObject({ transform: 'sqrt', baseline: 'snip', mzFrom: 2000, mzTo: 20000 });
    expect(result.parameters.tolerancePpm).toBeGreaterThan(100);
    expect(result.text.zh).toMatch(/种水平可靠/);
  });

  it('a plate zip gives one call per spot, named by its path inside the zip', async () => {
    const zip = path.join(tmp, 'plate.zip');
    const { code, stdout } = await run(['--query', zip, '--reference', path.join(tmp, 'ref'), '--top', '1']);
    expect(code).toBe(0);
    const { rows } = tsvRows(stdout);
    expect(rows.map((r) => r.query)).toEqual([`${zip}:0_F6/1/1SLin`, `${zip}:0_F7/1/1SLin`, `${zip}:0_F8/1/1SLin`]);
    expect(rows.every((r) => r.species === 'species3')).toBe(true);
  });

  it('uses the library it is given when there is no --reference, and says so when there is none', async () => {
    const rki = path.join(dataDir!, 'maldi/msclassifr_citrobacter_rki/csv/05_LMTG73E11_0.E11.csv');
    const none = await run(['--query', rki]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no proteome library is available/);
    const empty = await run(['--query', rki], { library: async () => [] });
    expect(empty.code).toBe(2);
    const builtin = (await buildBuiltinLibrary(dataDir)).filter((e) => e.id !== 'rki:LMTG73E11_0');
    const { code, stdout } = await run(['--query', rki, '--top', '3'], { library: async () => builtin });
    expect(code).toBe(0);
    const { rows } = tsvRows(stdout);
    expect(rows[0]).toMatchObject({ query: rki, rank: '1', species: 'Citrobacter freundii' });
  });

  it('a broken or missing spectrum is refused by name while the others are answered (exit code 1); a bad manifest is a usage error (2)', async () => {
    const good = path.join(tmp, 'spot.txt');
    const broken = await run(['--query', path.join(tmp, 'broken'), good, '--reference', path.join(tmp, 'ref'), '--top', '1']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken.*fid file is truncated/);
    const { rows } = tsvRows(broken.stdout);
    expect(rows.find((r) => r.query === good)).toMatchObject({ rank: '1', species: 'species1' });
    expect(rows.find((r) => r.query === path.join(tmp, 'broken'))).toMatchObject({ rank: '0', level: 'none' });
    expect(rows.find((r) => r.query === path.join(tmp, 'broken'))!.note).toMatch(/^refused:truncated-fid: .*fid file is truncated/);
    const missing = await run(['--query', path.join(tmp, 'nope.mzML'), '--reference', path.join(tmp, 'ref')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.mzML: no such file/);
    expect(tsvRows(missing.stdout).rows).toEqual([expect.objectContaining({ query: path.join(tmp, 'nope.mzML'), rank: '0' })]);
    const bad = path.join(tmp, 'badref');
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'manifest.csv'), 'file,organism\nx,y\n');
    const manifest = await run(['--query', path.join(tmp, 'spot.txt'), '--reference', bad]);
    expect(manifest.code).toBe(2);
    expect(manifest.stderr).toMatch(/no 'path' column/);
    const noDir = await run(['--query', path.join(tmp, 'spot.txt'), '--reference', path.join(tmp, 'nothing')]);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toMatch(/manifest\.csv/);
  });

  it('a 56-file batch with one refused file (a 324 KB .spectrum, over its 300 KB) answers the other 55 and names the refused one', async () => {
    const ex = (await readMaldiquantExamples(dataDir)).slice(0, 55);
    // The refused file: a real RKI spectrum written as an Autof-style .spectrum, 324 KB.
    const rki = readFileSync(path.join(dataDir!, 'maldi/msclassifr_citrobacter_rki/csv/05_LMTG73E11_0.E11.csv'), 'utf8').split('\n').slice(1);
    let text = 'Autof ms1000\nm/z intensity\n';
    for (let i = 0; text.length < 324 * 1024; i++) text += rki[i % rki.length]!.replace(',', ' ') + '\n';
    const big = path.join(tmp, 'LMTG73E11.spectrum');
    writeFileSync(big, text);
    const queries = [...ex.slice(0, 30).map((e) => e.dir), big, ...ex.slice(30).map((e) => e.dir)];
    expect(queries.length).toBe(56);
    const { code, stdout, stderr } = await run(['--query', ...queries, '--reference', path.join(tmp, 'ref'), '--top', '1']);
    expect(code).toBe(1);
    const { rows } = tsvRows(stdout);
    const answered = rows.filter((r) => r.rank === '1');
    expect(answered.length).toBe(55);
    expect(new Set(answered.map((r) => r.query))).toEqual(new Set(ex.map((e) => e.dir)));
    const refused = rows.filter((r) => r.note?.startsWith('refused:'));
    expect(refused.map((r) => r.query)).toEqual([big]);
    expect(refused[0]!.note).toMatch(/too-large/);
    expect(stderr).toMatch(/1 of 56 paths refused: .*LMTG73E11\.spectrum/);
  });

  it('12 real E. coli peak lists (none in the library): rank 1 is the library-free Escherichia answer; the library entries follow as closest, with no level', async () => {
    const csv = readFileSync(path.join(import.meta.dirname, '../../../../bench/identify/proteome/data/christner2014-ecoli-top100.csv'), 'utf8').split('\n');
    const isolates = [1, 2, 3, 7, 12, 50, 100, 150, 200, 250, 280, 297];
    const files = isolates.map((n) => {
      const file = path.join(tmp, `christner-${n}.csv`);
      writeFileSync(file, ['mz,intensity', ...csv.filter((l) => l.startsWith(`${n},`)).map((l) => l.split(',').slice(1).join(','))].join('\n'));
      return file;
    });
    const builtin = await buildBuiltinLibrary(dataDir);
    const { code, stdout } = await run(['--query', ...files, '--top', '4'], { library: async () => builtin });
    expect(code).toBe(0);
    const { rows } = tsvRows(stdout);
    for (const file of files) {
      const own = rows.filter((r) => r.query === file);
      expect(own.map((r) => r.rank)).toEqual(['1', '2', '3', '4']);
      const [answer, ...closest] = own;
      // The answer comes from the theoretical masses, at genus level, naming the species it cannot separate.
      expect(answer).toMatchObject({ level: 'genus', reference: 'library-free:theoretical-protein-masses', strain: '' });
      // Headed as the genus, the species it cannot separate as the closest.
      expect(answer!.species).toBe('Escherichia sp.');
      expect(answer!.note).toMatch(/closest:Escherichia coli( \/ Escherichia [a-z]+)*/);
      expect(Number(answer!.score)).toBeGreaterThanOrEqual(1.7);
      expect(answer!.note).toMatch(/carried-by:library-free/);
      expect(answer!.note).toMatch(/answer:Escherichia: coli( \/ [a-z]+)* \(genus [\d.]+\)/);
      // The built-in library holds no real E. coli spectrum: its entries are listed as closest, never with a level.
      for (const r of closest) {
        expect(r.level).toBe('closest');
        expect(r.species).not.toMatch(/^Escherichia/);
        expect(r.note ?? '').toBe('');
      }
    }
  });

  it('lists every main spectrum of the reference folder once (species + strain)', async () => {
    const ex = await readMaldiquantExamples(dataDir);
    const strains = new Set(ex.filter((e) => e.species === 'species2').map((e) => e.spot));
    const { stdout } = await run(['--query', path.join(examples, heldOut), '--reference', path.join(tmp, 'ref'), '--top', '50']);
    const { rows } = tsvRows(stdout);
    // species1, 3 and 4 without strain, species2 once per spot-as-strain.
    expect(rows.length).toBe(3 + strains.size);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
  });
});
