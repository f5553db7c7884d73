import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUALITY_LEVELS } from '@mdc/core/identify/biochem';
import { runBiochemIdentify } from '../../src/blast/biochem/cli';
import { runIdentifyCommand } from '../../src/blast/cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mdc-biochem-cli-'));
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
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, cb?: unknown) => {
    out += String(chunk);
    if (typeof cb === 'function') (cb as () => void)();
    return true;
  }) as typeof process.stdout.write);
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    err += parts.join(' ') + '\n';
  });
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    out += parts.join(' ') + '\n';
  });
  await (args[0] === 'mdc' ? runIdentifyCommand(args.slice(1)) : runBiochemIdentify(args));
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

describe('mdc identify --method biochem', () => {
  it('is reached through mdc identify, and --method morphology reads the primary tests without naming the panel', async () => {
    const biochem = await run(['mdc', '--method', 'biochem', '--panel', 'API20E', '--profile', '5144572', '--top', '1']);
    expect(biochem.code).toBeUndefined();
    expect(rowsOf(biochem.out)[1]!.slice(0, 3)).toEqual(['5144572', '1', 'Escherichia coli']);
    const morphology = await run(['mdc', '--method', 'morphology', '--reactions', 'GRAM=+,COCC=+,CLUS=+,CAT=+,COA=+', '--top', '2']);
    expect(morphology.err).toBe('');
    expect(rowsOf(morphology.out).slice(1).map((r) => r[2])).toEqual(['Coagulase-positive staphylococci', 'Coagulase-negative staphylococci']);
  });

  it('--panel primary calls the coagulase-positive group, without a quality label or the S. aureus row\'s %ID as the group\'s', async () => {
    const { out } = await run(['--panel', 'primary', '--reactions', 'GRAM=+,COCC=+,CLUS=+,CAT=+,COA=+']);
    const [header, group, ...rest] = rowsOf(out);
    const col = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(col(group!, 'species')).toBe('Coagulase-positive staphylococci');
    expect(col(group!, 'level')).toBe('species-group');
    expect(col(group!, 'probability')).toBe('');
    // The row the group stands for is not listed again as a species with its own %ID.
    expect(rest.map((r) => col(r, 'species'))).not.toContain('Staphylococcus aureus');
    expect(out).not.toMatch(/\bgood\b/);
  });

  it('API 20E: the quality label is the result\'s (rank 1), never each candidate\'s', async () => {
    const { out } = await run(['--panel', 'API20E', '--profile', '1604552', '--top', '5']);
    const [header, first, ...rest] = rowsOf(out);
    const level = header!.indexOf('level');
    expect(first![level]).toBe('good');
    expect(rest.length).toBe(4);
    for (const r of rest) expect(r[level] ?? '').toBe('');
  });

  it('identifies one API 20E profile: header, then query rank species probability t_index level', async () => {
    const { out, err, code } = await run(['--method', 'biochem', '--panel', 'API20E', '--profile', '5144572']);
    expect(code).toBeUndefined();
    expect(err).toBe('');
    const [header, ...rows] = rowsOf(out);
    expect(header!.slice(0, 6)).toEqual(['query', 'rank', 'species', 'probability', 't_index', 'level']);
    expect(rows).toHaveLength(5);
    const [query, rank, species, probability, t, level] = rows[0]!;
    expect([query, rank, species]).toEqual(['5144572', '1', 'Escherichia coli']);
    expect(Number(probability)).toBeGreaterThan(90);
    expect(Number(probability)).toBeLessThanOrEqual(100);
    expect(Number(t)).toBeGreaterThan(0.75);
    expect(Number(t)).toBeLessThanOrEqual(1);
    expect(QUALITY_LEVELS).toContain(level);
    const sum = rows.reduce((a, r) => a + Number(r[3]), 0);
    expect(sum).toBeLessThanOrEqual(100.0001);
    expect(rows.map((r) => Number(r[1]))).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads reactions for the conventional tubes and honours --top', async () => {
    const reactions = 'IND=-,MR=-,VP=+,CIT=+,H2S=-,URE=+,LDC=+,ADH=-,ODC=-,MOT=-,LAC=+,ADO=+,INO=+,DUL=-,ONPG=+,MNT=+,KCN=+';
    const { out, code } = await run(['--method', 'biochem', '--panel', 'conventional', '--reactions', reactions, '--top', '2']);
    expect(code).toBeUndefined();
    const rows = rowsOf(out).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]![2]).toBe('Klebsiella pneumoniae subsp. pneumoniae');
  });

  it('runs a query file of mixed panels and writes JSON with the next tests', async () => {
    const query = await file(
      'mixed.tsv',
      [
        'id\tpanel\tprofile\tGRAM\tCAT\tOX\tCOA\tCOCC\tCLUS\tIND\tVP',
        'coli\tAPI20E\t5144572\t-\t\t\t\t\t\t\t',
        'staph\tprimary\t\t+\t+\t-\t+\t+\t+\t\t',
        'partial\tconventional\t\t\t\t\t\t\t\t+\t-',
      ].join('\n'),
    );
    const tsv = await run(['--method', 'biochem', '--query', query, '--top', '3']);
    expect(tsv.code).toBeUndefined();
    const rows = rowsOf(tsv.out).slice(1);
    expect(rows.filter((r) => r[0] === 'coli')).toHaveLength(3);
    expect(rows.find((r) => r[0] === 'coli' && r[1] === '1')![2]).toBe('Escherichia coli');
    expect(rows.find((r) => r[0] === 'staph' && r[1] === '1')![2]).toBe('Coagulase-positive staphylococci');
    const json = await run(['--method', 'biochem', '--query', query, '--format', 'json']);
    const parsed = JSON.parse(json.out) as { query: string; profile?: string; call: { taxon: string; level: string }; nextTests: { code: string }[] }[];
    expect(parsed.map((p) => p.query)).toEqual(['coli', 'staph', 'partial']);
    expect(parsed[0]!.profile).toBe('5144572');
    // IND+ VP- alone cannot separate the Enterobacterales: the result asks for more tests.
    expect(parsed[2]!.call.level).toBe('low discrimination');
    expect(parsed[2]!.nextTests.length).toBeGreaterThan(0);
  });

  it('reads a conventional-tube TSV with a TDA column (the deaminase API 20E names TDA and the tubes PDA), and PDA in an API 20E row', async () => {
    const proteus = 'GRAM=-,OX=-,IND=-,MR=+,VP=-,CIT=-,H2S=+,URE=+,LDC=-,ADH=-,ODC=+,MOT=+,GEL=+,LAC=-,SAC=-,MAN=-,MAL=-,XYL=+'.split(',').map((p) => p.split('='));
    const header = ['id', 'panel', ...proteus.map((p) => p[0]), 'TDA'].join('\t');
    const row = (id: string, tda: string) => [id, 'conventional', ...proteus.map((p) => p[1]), tda].join('\t');
    const query = await file('tda.tsv', [header, row('pm', '+'), row('pm-neg', '-')].join('\n') + '\n');
    const { out, code, err } = await run(['--method', 'biochem', '--query', query, '--top', '1', '--format', 'json']);
    expect(err).toBe('');
    expect(code).toBeUndefined();
    const parsed = JSON.parse(out) as { query: string; reactions: Record<string, string>; call: { taxon: string }; candidates: { taxon: string; probability: number }[] }[];
    expect(parsed[0]!.reactions).toMatchObject({ PDA: '+' });
    expect(parsed[0]!.reactions.TDA).toBeUndefined();
    expect(parsed[1]!.reactions).toMatchObject({ PDA: '-' });
    expect(parsed[0]!.call.taxon).toMatch(/^Proteus/);
    // The deaminase counts: P. mirabilis is 98 % positive, so a negative one is named against it and lowers the T index.
    const rows = rowsOf((await run(['--method', 'biochem', '--query', query, '--top', '1'])).out).slice(1);
    expect(rows[0]![7]).not.toContain('PDA');
    expect(rows[1]![7]).toContain('PDA-(98%)');
    expect(Number(rows[1]![4])).toBeLessThan(Number(rows[0]![4]));
    // Both columns in one row are the same test twice.
    const twice = await file('twice.tsv', 'id\tpanel\tTDA\tPDA\nx\tconventional\t+\t+\n');
    expect((await run(['--method', 'biochem', '--query', twice])).err).toMatch(/PDA is given twice/);
  });

  it('calls an API 20E profile unacceptable when the primary tests say Gram-positive cocci in clusters', async () => {
    const query = await file('coccus.tsv', 'id\tpanel\tprofile\tGRAM\tCOCC\tCLUS\tCAT\nx\tAPI20E\t5144572\t+\t+\t+\t+\n');
    const { out } = await run(['--method', 'biochem', '--query', query, '--format', 'json']);
    const [result] = JSON.parse(out) as { call: { level: string; note?: { en: string } }; primaryFit: { outsidePanel: boolean; best: { taxon: string } } }[];
    expect(result!.primaryFit.outsidePanel).toBe(true);
    expect(result!.call.level).toBe('unacceptable');
    expect(result!.call.note!.en).toContain('Staphylococcus');
  });

  const usage: [string, string[], RegExp][] = [
    ['no query', ['--method', 'biochem'], /--query FILE/],
    ['query and panel together', ['--query', 'x.tsv', '--panel', 'API20E'], /not both/],
    ['unknown method', ['--method', '16S', '--panel', 'API20E', '--profile', '5144572'], /--method/],
    ['bad format', ['--panel', 'API20E', '--profile', '5144572', '--format', 'xml'], /--format/],
    ['bad top', ['--panel', 'API20E', '--profile', '5144572', '--top', '0'], /--top/],
    ['short profile', ['--panel', 'API20E', '--profile', '514457'], /7 digits/],
    ['digit out of range', ['--panel', 'API20E', '--profile', '5148572'], /digit 4 is 8/],
    ['letters in the profile', ['--panel', 'API20E', '--profile', '51a4572'], /digits only/],
    ['profile for a panel without one', ['--panel', 'conventional', '--profile', '1234567'], /digits only/],
    ['unknown panel', ['--panel', 'API99Z', '--profile', '1234567'], /unknown panel/],
    ['a strip without a matrix', ['--panel', 'API20NE', '--profile', '1234567'], /API 20NE has no probability matrix/],
    ['unknown test code', ['--panel', 'conventional', '--reactions', 'XYZ=+'], /unknown test code "XYZ"/],
    ['bad reaction', ['--panel', 'conventional', '--reactions', 'IND=maybe'], /reaction of IND/],
    ['profile and reactions that disagree', ['--panel', 'API20E', '--profile', '5144572', '--reactions', 'IND=-'], /different reactions/],
    ['nothing entered', ['--panel', 'conventional', '--reactions', 'IND='], /no reaction/],
    ['unreadable file', ['--query', '/nonexistent/file.tsv'], /cannot read/],
    ['unknown option', ['--panel', 'API20E', '--profile', '5144572', '--colour'], /colour/],
  ];
  for (const [what, args, message] of usage) {
    it(`exits with code 2 and says why: ${what}`, async () => {
      const { out, err, code } = await run(args);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(message);
    });
  }

  it('names the line and column of a bad cell in a query file, in English and Chinese, and writes nothing', async () => {
    const bad = await file('bad.tsv', 'id\tpanel\tIND\tVP\ngood\tconventional\t+\t-\nbad\tconventional\t+\tx\n');
    const { out, err, code } = await run(['--query', bad]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('line 3, column VP');
    expect(err).toContain('第 3 行');
    const unknownColumn = await file('col.tsv', 'id\tpanel\tFOO\nx\tconventional\t+\n');
    expect((await run(['--query', unknownColumn])).err).toContain('unknown test code "FOO"');
    const badPanel = await file('panel.tsv', 'id\tpanel\tIND\nx\tAPI 50CH\t+\n');
    expect((await run(['--query', badPanel])).err).toContain('line 2, column panel');
    const badProfile = await file('profile.tsv', 'id\tpanel\tprofile\nx\tAPI20E\t99\n');
    expect((await run(['--query', badProfile])).err).toContain('line 2, column profile');
    const header = await file('header.tsv', 'name\tpanel\tIND\nx\tconventional\t+\n');
    expect((await run(['--query', header])).err).toContain('id and panel');
    const empty = await file('empty.tsv', '');
    expect((await run(['--query', empty])).code).toBe(2);
    const duplicate = await file('dup.tsv', 'id\tpanel\tIND\nx\tconventional\t+\nx\tconventional\t-\n');
    expect((await run(['--query', duplicate])).err).toContain('used twice');
  });
});
