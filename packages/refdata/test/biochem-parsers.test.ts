import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIOCHEM_PANELS, biochemTest } from '@mdc/core/identify/biochem';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  API_PANELS_DIR,
  BERGEYS_CODE_BANDS,
  BERGEYS_DIR,
  BERGEYS_FILE,
  BiochemFileError,
  IJSEM_DIR,
  IJSEM_FILE,
  MATRIX_FILES,
  apiPanelMetaFile,
  parseApiPanelMeta,
  parseBergeysCodes,
  parseCsv,
  parseIjsemPhenotypes,
  parseMatrix,
  summariseGenus,
} from '@mdc/refdata/biochem';

const dataDir = findRefdataDir();
const haveData = !!dataDir && existsSync(path.join(dataDir, BERGEYS_DIR, BERGEYS_FILE));
const read = (...parts: string[]) => readFileSync(path.join(dataDir!, ...parts), 'utf8');

function fileError(fn: () => unknown): BiochemFileError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BiochemFileError);
    return error as BiochemFileError;
  }
  throw new Error('no error was thrown');
}

describe('CSV records', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const rows = parseCsv('\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n1,,3\n', 't.csv');
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('refuses an unterminated quote and text after a closing quote', () => {
    expect(fileError(() => parseCsv('a,b\n"open,1\n', 't.csv')).line).toBe(2);
    expect(fileError(() => parseCsv('a,b\n"x"y,1\n', 't.csv')).message).toContain('after a closing quote');
    expect(fileError(() => parseCsv('a,b\nx"y,1\n', 't.csv')).message).toContain('quote inside');
  });

  it('reads stray quotes inside quoted cells only when asked to, the way the kit tables need', () => {
    const line = 'a,b,c\n24,"Morphology coccus="+" rod="-"",NULL\n';
    expect(() => parseCsv(line, 't.csv')).toThrow(BiochemFileError);
    expect(parseCsv(line, 't.csv', { lenientQuotes: true })[1]!.cells).toEqual(['24', 'Morphology coccus="+" rod="-"', 'NULL']);
    // Well-formed quoting reads the same either way.
    const good = 'a,b\n"x, ""y""","z"\n';
    expect(parseCsv(good, 't.csv', { lenientQuotes: true })).toEqual(parseCsv(good, 't.csv'));
    expect(fileError(() => parseCsv('a\n"never closed\n', 't.csv', { lenientQuotes: true })).message).toContain('not closed');
  });
});

describe("Bergey's-style Enterobacteriaceae code table", () => {
  it.skipIf(!haveData)('reads the shared file: 66 taxa × 43 tests, every cell a code 1–5', () => {
    const table = parseBergeysCodes(read(BERGEYS_DIR, BERGEYS_FILE));
    expect(table.taxa).toHaveLength(66);
    expect(table.tests).toHaveLength(43);
    expect(new Set(table.tests).size).toBe(43);
    for (const code of table.tests) expect(biochemTest(code)?.code).toBe(code);
    const coli = table.taxa.find((t) => t.name === 'Escherichia coli')!;
    expect(coli.codes.IND).toBe(1);
    expect(coli.codes.H2S).toBe(5);
    expect(table.taxa.find((t) => t.name === 'Escherichia coli, inactive')).toBeDefined();
    // The conventional panel lists exactly the table's tests.
    expect([...BIOCHEM_PANELS.conventional.tests].sort()).toEqual([...table.tests].sort());
  });

  it('has bands that meet without gaps (code 4 is 11–25 %, not the source comment\'s 11–15 %)', () => {
    const bands = [5, 4, 3, 2, 1].map((c) => BERGEYS_CODE_BANDS[c as 1 | 2 | 3 | 4 | 5]);
    for (let i = 1; i < bands.length; i++) expect(bands[i]![0]).toBe(bands[i - 1]![1] + 1);
  });

  it('refuses broken tables with the line and column at fault', () => {
    const header = 'taxon,indole,methyl_red';
    expect(fileError(() => parseBergeysCodes(`${header}\nA,1,6\n`)).column).toBe('methyl_red');
    expect(fileError(() => parseBergeysCodes(`${header}\nA,1,\n`)).line).toBe(2);
    expect(fileError(() => parseBergeysCodes(`${header}\nA,1\n`)).message).toContain('2 cells');
    expect(fileError(() => parseBergeysCodes(`${header}\nA,1,2\nA,2,2\n`)).message).toContain('twice');
    expect(fileError(() => parseBergeysCodes('taxon,indole,colour\nA,1,2\n')).column).toBe('colour');
    expect(fileError(() => parseBergeysCodes('name,indole\nA,1\n')).message).toContain('taxon');
    expect(fileError(() => parseBergeysCodes(`${header}\n`)).message).toContain('no taxa');
    expect(fileError(() => parseBergeysCodes('')).message).toContain('empty');
    expect(fileError(() => parseBergeysCodes(`${header}\n,1,2\n`)).column).toBe('taxon');
  });
});

describe('API kit well tables', () => {
  it.skipIf(!haveData)('reads API 20E in strip order and agrees with the panel and its profile', () => {
    const wells = parseApiPanelMeta(read(API_PANELS_DIR, apiPanelMetaFile('20E')), apiPanelMetaFile('20E'));
    expect(wells.map((w) => w.cupule)).toEqual(wells.map((_w, i) => i + 1));
    // Cupules 1–21 are the 20 wells and oxidase, the 21 tests of the 7-digit profile.
    expect(wells.slice(0, 21).map((w) => w.code)).toEqual([...BIOCHEM_PANELS.API20E.tests]);
    expect(BIOCHEM_PANELS.API20E.profile!.groups.flat()).toEqual(wells.slice(0, 21).map((w) => w.code));
    expect(wells.find((w) => w.code === 'LDC')!.label).toBe('LDC (Lys)');
    expect(wells.find((w) => w.code === 'ONPG')!.ec).toBe('3.2.1.23');
    expect(wells.find((w) => w.code === 'OX')!.ec).toBe('1.9.3.1');
    expect(wells.find((w) => w.code === 'CIT')!.chebi).toBe(30769);
    expect(wells.find((w) => w.code === 'H2S')!.substrate).toBeUndefined();
    // The supplementary tests that follow are known to MDC (MOB is MOT's alias).
    for (const w of wells.slice(21)) if (['MOB', 'MAC'].includes(w.code)) expect(biochemTest(w.code)).toBeDefined();
  });

  it.skipIf(!haveData)('reads all 15 shared strips', () => {
    const strips = ['20E', '20NE', 'STA', 'ID32STA', '20STR', 'rID32STR', 'coryne', 'NH', 'CAM', 'LIST', '20A', 'rID32A', 'ID32E', '50CHas'];
    for (const strip of strips) {
      const wells = parseApiPanelMeta(read(API_PANELS_DIR, apiPanelMetaFile(strip)), apiPanelMetaFile(strip));
      expect(wells.length).toBeGreaterThan(10);
    }
  });

  it('refuses broken well tables', () => {
    const header = 'cupule,cupule_Name_Kit,reaction_name,substrate,ID_CHEBI,EC_number';
    expect(fileError(() => parseApiPanelMeta(`${header}\nx,ONPG,b-gal,ONPG,90144,3.2.1.23\n`, 'k.csv')).column).toBe('cupule');
    expect(fileError(() => parseApiPanelMeta(`${header}\n1,ONPG,b,s,1,NULL\n1,ADH,a,s,2,NULL\n`, 'k.csv')).message).toContain('twice');
    expect(fileError(() => parseApiPanelMeta(`${header}\n1,ONPG,b,s,abc,NULL\n`, 'k.csv')).column).toBe('ID_CHEBI');
    expect(fileError(() => parseApiPanelMeta('cupule,code\n1,ONPG\n', 'k.csv')).message).toContain('cupule_Name_Kit');
    expect(fileError(() => parseApiPanelMeta(`${header}\n1,,b,s,1,NULL\n`, 'k.csv')).column).toBe('cupule_Name_Kit');
    expect(fileError(() => parseApiPanelMeta(`${header}\n`, 'k.csv')).message).toContain('no wells');
  });
});

describe('IJSEM phenotype records', () => {
  const ijsemFile = dataDir ? path.join(dataDir, IJSEM_DIR, IJSEM_FILE) : '';

  it.skipIf(!haveData || !existsSync(ijsemFile))('reads all 5,128 Latin-1 strain descriptions', () => {
    const strains = parseIjsemPhenotypes(readFileSync(ijsemFile));
    expect(strains).toHaveLength(5128);
    expect(strains.filter((s) => s.gram === 'negative').length).toBe(2871);
    expect(strains.some((s) => /[À-ÿ]/.test(s.genus + s.species))).toBe(false);
    const bacillus = summariseGenus(strains, 'Bacillus');
    expect(bacillus.strains).toBe(strains.filter((s) => s.genus === 'Bacillus').length);
    expect(bacillus.strains).toBeGreaterThan(100);
    expect(bacillus.spores!.percent).toBeGreaterThan(90);
    expect(bacillus.gramPositive!.percent).toBeGreaterThan(80);
  });

  it('refuses unknown values with their line and column, and skips cells shifted into the wrong column', () => {
    const header = 'Genus,Species,Gram,Shape,Motility,Spore,Oxygen,Pigment,MetabAssays,Aggregation';
    const ok = parseIjsemPhenotypes(`${header}\nBacillus,x,positive,rod,flagella,yes,obligate aerobe,cocci,"catalase positive, oxidase positive",809\n`);
    expect(ok[0]).toMatchObject({ genus: 'Bacillus', gram: 'positive', shape: 'rod', motile: true, spores: true, oxygen: 'aerobe', assays: ['catalase positive', 'oxidase positive'] });
    expect(ok[0]!.pigment).toBeUndefined();
    const bad = fileError(() => parseIjsemPhenotypes(`${header}\nBacillus,x,purple,rod,NA,NA,NA,NA,NA,NA\n`));
    expect(bad.column).toBe('Gram');
    expect(bad.line).toBe(2);
    expect(fileError(() => parseIjsemPhenotypes(`${header}\nNA,x,NA,NA,NA,NA,NA,NA,NA,NA\n`)).column).toBe('Genus');
    expect(fileError(() => parseIjsemPhenotypes('Genus,Species\nA,b\n')).message).toContain('Gram');
    // Latin-1 bytes are read as Latin-1, not as broken UTF-8.
    const bytes = Buffer.from(`${header}\nCandida,s\xe3o,NA,NA,NA,NA,NA,NA,NA,NA\n`, 'latin1');
    expect(parseIjsemPhenotypes(bytes)[0]!.species).toBe('são');
  });
});

describe('matrix files', () => {
  const spec = MATRIX_FILES.find((m) => m.panel === 'conventional')!;
  const head = 'taxon\tzh\tsynonyms\tcomplex\tprimary\tIND\tVP\tsource';

  it('reads comments, synonyms, complexes and empty cells as "no data"', () => {
    const m = parseMatrix(`# comment\n${head}\nA a\t甲\tB b; C c\tAB\tA\t95\t\tsomewhere\n`, spec);
    expect(m.tests).toEqual(['IND', 'VP']);
    expect(m.taxa[0]).toEqual({ name: 'A a', zh: '甲', synonyms: ['B b', 'C c'], complex: 'AB', primary: 'A', percent: { IND: 95 }, source: 'somewhere' });
  });

  it('refuses values outside 1–99, unknown codes, missing sources and wrong shapes', () => {
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t0\t5\ts\n`, spec)).column).toBe('IND');
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t100\t5\ts\n`, spec)).column).toBe('IND');
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t5.5\t5\ts\n`, spec)).column).toBe('IND');
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t5\t5\t \n`, spec)).column).toBe('source');
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t5\t5\n`, spec)).line).toBe(2);
    expect(fileError(() => parseMatrix(`${head}\nA\t\t\t\t\t5\t5\ts\nA\t\t\t\t\t5\t5\ts\n`, spec)).message).toContain('twice');
    expect(fileError(() => parseMatrix(head.replace('VP', 'XX') + '\n', spec)).column).toBe('XX');
    expect(fileError(() => parseMatrix(head.replace('VP', 'IND') + '\n', spec)).message).toContain('twice');
    expect(fileError(() => parseMatrix(head.replace('\tsource', '') + '\n', spec)).message).toContain('source');
    expect(fileError(() => parseMatrix(head.replace('zh', 'chinese') + '\n', spec)).message).toContain('"zh"');
    expect(fileError(() => parseMatrix(`${head}\n`, spec)).message).toContain('no taxa');
    expect(fileError(() => parseMatrix('# only a comment\n', spec)).message).toContain('no header');
  });
});
