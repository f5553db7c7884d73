import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  MICROORGANISMS_FILE,
  TAXON_CODES_FILE,
  TaxonomyFormatError,
  parseMicroorganisms,
  parseTaxonomy,
  readTaxonomy,
  type TaxonomyTable,
} from '@mdc/refdata/taxonomy';

const HEADER =
  'mo\tfullname\tstatus\tkingdom\tphylum\tclass\torder\tfamily\tgenus\tspecies\tsubspecies\trank\tref\tsource\tlpsn\tlpsn_parent\tlpsn_renamed_to\tgbif\tgbif_parent\tgbif_renamed_to\tprevalence\tsnomed';

interface RowSpec {
  mo: string;
  name: string;
  status?: string;
  rank?: string;
  lpsn?: string;
  lpsnTo?: string;
  gbif?: string;
  gbifTo?: string;
  prevalence?: string;
}

/** A synthetic row of the table with only the fields a case needs. */
function row(r: RowSpec): string {
  const [genus = '', species = ''] = r.name.split(' ');
  return [
    r.mo, r.name, r.status ?? 'accepted', 'Bacteria', 'P', 'C', 'O', 'F', genus, species, '',
    r.rank ?? 'species', '', 'LPSN', r.lpsn ?? '', '', r.lpsnTo ?? '', r.gbif ?? '', '', r.gbifTo ?? '',
    r.prevalence ?? '2', '',
  ].join('\t');
}

function table(...rows: RowSpec[]): TaxonomyTable {
  return parseTaxonomy([HEADER, ...rows.map(row)].join('\n'));
}

function formatError(run: () => unknown): TaxonomyFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof TaxonomyFormatError) return error;
    throw error;
  }
  throw new Error('expected a TaxonomyFormatError');
}

async function rejection(promise: Promise<unknown>): Promise<TaxonomyFormatError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof TaxonomyFormatError) return error;
  throw new Error(`expected a TaxonomyFormatError, got ${String(error)}`);
}

describe('current-name resolution (synthetic tables)', () => {
  it('follows a chain of synonyms to the accepted name', () => {
    const t = table(
      { mo: 'A', name: 'Alpha old', status: 'synonym', lpsn: '1', lpsnTo: '2' },
      { mo: 'B', name: 'Alpha older', status: 'synonym', lpsn: '2', lpsnTo: '3' },
      { mo: 'C', name: 'Beta new', lpsn: '3' },
    );
    const result = t.resolve('Alpha old');
    expect(result?.current?.mo).toBe('C');
    expect(result?.path.map((x) => x.mo)).toEqual(['A', 'B', 'C']);
    expect(t.synonymsOf(t.byMo('C')!).map((x) => x.mo)).toEqual(['A', 'B']);
  });

  it('stops on a cycle instead of looping, and reports it', () => {
    const t = table(
      { mo: 'A', name: 'Alpha one', status: 'synonym', lpsn: '1', lpsnTo: '2' },
      { mo: 'B', name: 'Alpha two', status: 'synonym', lpsn: '2', lpsnTo: '1' },
    );
    const result = t.resolve('A');
    expect(result?.current).toBeUndefined();
    expect(result?.problem?.kind).toBe('cycle');
    expect(result?.path.map((x) => x.mo)).toEqual(['A', 'B']);
  });

  it('uses GBIF when the LPSN target is not in the table, and reports a chain leaving the table', () => {
    const t = table(
      { mo: 'A', name: 'Alpha one', status: 'synonym', lpsnTo: '99', gbif: '10', gbifTo: '20' },
      { mo: 'B', name: 'Beta two', gbif: '20' },
      { mo: 'C', name: 'Gamma three', status: 'synonym', gbifTo: '404' },
    );
    expect(t.resolve('A')?.current?.mo).toBe('B');
    const dangling = t.resolve('C');
    expect(dangling?.current).toBeUndefined();
    expect(dangling?.problem).toMatchObject({ kind: 'dangling', gbifId: '404' });
  });

  it('prefers the LPSN target over GBIF when both exist', () => {
    const t = table(
      { mo: 'A', name: 'Alpha one', status: 'synonym', lpsnTo: '5', gbifTo: '6' },
      { mo: 'L', name: 'Lpsn choice', lpsn: '5' },
      { mo: 'G', name: 'Gbif choice', gbif: '6' },
    );
    expect(t.resolve('A')?.current?.mo).toBe('L');
  });

  it('keeps an accepted name as current even when GBIF lists a renamed-to id', () => {
    const t = table({ mo: 'A', name: 'Alpha one', gbifTo: '6' }, { mo: 'G', name: 'Gbif choice', gbif: '6' });
    expect(t.resolve('A')?.current?.mo).toBe('A');
  });

  it('resolves a duplicated GBIF id to the accepted record', () => {
    const t = table(
      { mo: 'S', name: 'Old name', status: 'synonym', gbif: '7' },
      { mo: 'N', name: 'New name', gbif: '7' },
      { mo: 'X', name: 'Other name', status: 'synonym', gbifTo: '7' },
    );
    expect(t.resolve('X')?.current?.mo).toBe('N');
  });
});

describe('format errors (synthetic text)', () => {
  it('names the missing header column', () => {
    const header = HEADER.replace('\tprevalence', '');
    const error = formatError(() => parseMicroorganisms(`${header}\n`, 'x.tsv'));
    expect(error.column).toBe('prevalence');
    expect(error.line).toBe(1);
    expect(error.message).toContain('x.tsv');
  });

  it('rejects an unknown status and a non-numeric id', () => {
    const badStatus = formatError(() => parseMicroorganisms(`${HEADER}\n${row({ mo: 'A', name: 'A b', status: 'valid' })}`));
    expect(badStatus).toMatchObject({ line: 2, column: 'status' });
    const badId = formatError(() => parseMicroorganisms(`${HEADER}\n${row({ mo: 'A', name: 'A b', lpsn: '12x' })}`));
    expect(badId).toMatchObject({ line: 2, column: 'lpsn' });
  });

  it('rejects a duplicate microorganism code', () => {
    const text = [HEADER, row({ mo: 'A', name: 'A b' }), row({ mo: 'A', name: 'A c' })].join('\n');
    expect(formatError(() => parseMicroorganisms(text))).toMatchObject({ line: 3, column: 'mo' });
  });

  it('rejects a code that names no taxon', () => {
    const error = formatError(() => parseTaxonomy(`${HEADER}\n${row({ mo: 'A', name: 'A b' })}\n`, 'code\tmo\nXYZ\tB\n'));
    expect(error).toMatchObject({ file: TAXON_CODES_FILE, line: 2, column: 'mo' });
  });
});

const dataDir = findRefdataDir();
const taxonomyDir = dataDir ? path.join(dataDir, 'taxonomy') : '';

describe.skipIf(!dataDir)('real taxonomy files', () => {
  let t: TaxonomyTable;
  let rawLines: string[];
  beforeAll(async () => {
    t = await readTaxonomy(taxonomyDir);
    rawLines = (await readFile(path.join(taxonomyDir, MICROORGANISMS_FILE), 'utf8')).split('\n').filter((l) => l !== '');
  });

  it('reads every row: 52,142 taxa and 5,910 codes', async () => {
    expect(t.size).toBe(rawLines.length - 1);
    expect(t.size).toBe(52_142);
    const codeLines = (await readFile(path.join(taxonomyDir, TAXON_CODES_FILE), 'utf8')).split('\n').filter((l) => l !== '');
    expect(t.codes.length).toBe(codeLines.length - 1);
    expect(t.codes.length).toBe(5_910);
    const accepted = t.taxa.filter((x) => x.status === 'accepted').length;
    const synonyms = t.taxa.filter((x) => x.status === 'synonym').length;
    expect(accepted + synonyms).toBe(t.size);
    expect(synonyms).toBeGreaterThan(9_000);
  });

  it('gives Escherichia coli its lineage, author, ids and prevalence', () => {
    const coli = t.byName('escherichia coli')!;
    expect(coli).toMatchObject({
      mo: 'B_ESCHR_COLI',
      status: 'accepted',
      rank: 'species',
      author: 'Castellani et al., 1919',
      source: 'LPSN',
      lpsnId: '776057',
      prevalence: 1,
      lineage: {
        kingdom: 'Bacteria',
        phylum: 'Pseudomonadota',
        class: 'Gammaproteobacteria',
        order: 'Enterobacterales',
        family: 'Enterobacteriaceae',
        genus: 'Escherichia',
        species: 'coli',
      },
    });
    expect(coli.lineage.subspecies).toBeUndefined();
    expect(coli.snomed).toContain('112283007');
    expect(t.ancestorsOf(coli).map((x) => `${x.rank}:${x.name}`)).toEqual([
      'genus:Escherichia',
      'family:Enterobacteriaceae',
      'order:Enterobacterales',
      'class:Gammaproteobacteria',
      'phylum:Pseudomonadota',
      'kingdom:Bacteria',
    ]);
    expect(t.byCode('ECO')).toBe(coli);
    expect(t.byCode('eco')).toBe(coli);
  });

  it('finds Klebsiella pneumoniae as an accepted, common species with its subspecies', () => {
    const kpn = t.byName('Klebsiella pneumoniae')!;
    expect(kpn).toMatchObject({ status: 'accepted', rank: 'species', prevalence: 1 });
    expect(t.currentName(kpn).current).toBe(kpn);
    const sub = t.byName('Klebsiella pneumoniae pneumoniae')!;
    expect(sub.rank).toBe('subspecies');
    expect(t.parentOf(sub)).toBe(kpn);
  });

  it('resolves Enterobacter aerogenes to Klebsiella aerogenes and lists it as a synonym there', () => {
    const old = t.byName('Enterobacter aerogenes')!;
    expect(old.status).toBe('synonym');
    const resolved = t.currentName(old);
    expect(resolved.current?.name).toBe('Klebsiella aerogenes');
    expect(resolved.problem).toBeUndefined();
    expect(t.synonymsOf(resolved.current!)).toContain(old);
    expect(t.resolve('Clostridium difficile')?.current?.name).toBe('Clostridioides difficile');
  });

  it('follows two-step renamings (Acetobacter xylinum → Komagataeibacter xylinus)', () => {
    const result = t.resolve('Acetobacter xylinum');
    expect(result?.path.map((x) => x.name)).toEqual([
      'Acetobacter xylinum',
      'Acetobacter xylinus',
      'Komagataeibacter xylinus',
    ]);
  });

  it('reports the real Labrys monacha / monachus cycle instead of looping', () => {
    const result = t.resolve('Labrys monacha');
    expect(result?.current).toBeUndefined();
    expect(result?.problem?.kind).toBe('cycle');
  });

  it('resolves every synonym to an accepted name or to a reported problem', () => {
    let resolved = 0;
    for (const taxon of t.taxa) {
      if (taxon.status !== 'synonym') continue;
      const result = t.currentName(taxon);
      if (result.current) {
        expect(result.current.status).not.toBe('synonym');
        resolved += 1;
      } else {
        expect(result.problem).toBeDefined();
      }
    }
    expect(resolved).toBeGreaterThan(8_500);
  });
});

describe.skipIf(!dataDir)('broken copies of the real files', () => {
  let dir: string;
  let original: string;
  let codes: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mdc-taxonomy-'));
    original = await readFile(path.join(taxonomyDir, MICROORGANISMS_FILE), 'utf8');
    codes = await readFile(path.join(taxonomyDir, TAXON_CODES_FILE), 'utf8');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function writeCopy(microorganisms: string, codesText = codes): Promise<string> {
    const target = await mkdtemp(path.join(dir, 'copy-'));
    await writeFile(path.join(target, MICROORGANISMS_FILE), microorganisms);
    await writeFile(path.join(target, TAXON_CODES_FILE), codesText);
    return target;
  }

  it('rejects a header without the status column', async () => {
    const [header, ...rest] = original.split('\n');
    const copy = await writeCopy([header!.replace('\tstatus\t', '\tstate\t'), ...rest].join('\n'));
    const error = await rejection(readTaxonomy(copy));
    expect(error).toMatchObject({ file: MICROORGANISMS_FILE, line: 1, column: 'status' });
  });

  it('rejects a file cut off in the middle of a row', async () => {
    // Cut inside "B_ESCHR_COLI<TAB>Escherichia coli<TAB>accepted…": three fields survive.
    const rowStart = original.indexOf('\nB_ESCHR_COLI\t') + 1;
    const cut = original.slice(0, rowStart + 'B_ESCHR_COLI\tEscherichia coli\tacc'.length);
    const copy = await writeCopy(cut);
    const error = await rejection(readTaxonomy(copy));
    expect(error.line).toBe(cut.split('\n').length);
    expect(error.message).toMatch(/truncated row: 3 of 22 fields/);
    expect(error.column).toBe('kingdom');
  });

  it('rejects a bad prevalence on the line where it occurs', async () => {
    const lines = original.split('\n');
    const at = lines.findIndex((l) => l.startsWith('B_ESCHR_COLI\t'));
    lines[at] = lines[at]!.replace(/\t1\t([0-9,]*)$/, '\tcommon\t$1');
    const copy = await writeCopy(lines.join('\n'));
    const error = await rejection(readTaxonomy(copy));
    expect(error).toMatchObject({ file: MICROORGANISMS_FILE, line: at + 1, column: 'prevalence' });
    expect(error.message).toContain('"common"');
  });

  it('rejects a codes file pointing at a removed taxon', async () => {
    const without = original
      .split('\n')
      .filter((l) => !l.startsWith('B_KLBSL_PNMN\t'))
      .join('\n');
    const copy = await writeCopy(without);
    const error = await rejection(readTaxonomy(copy));
    expect(error.file).toBe(TAXON_CODES_FILE);
    expect(error.column).toBe('mo');
    expect(error.message).toContain('B_KLBSL_PNMN');
  });
});
