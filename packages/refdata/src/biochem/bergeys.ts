import { csvTable } from './csv';
import { BiochemFileError } from './errors';

export const BERGEYS_DIR = 'biochem/enterobacteriaceae-bergeys';
export const BERGEYS_FILE = 'enterobacteriaceae_bergeys_codes.csv';

/** Column of the shared Bergey's-style table → MDC test code. */
export const BERGEYS_COLUMN_CODES: Readonly<Record<string, string>> = Object.freeze({
  indole: 'IND',
  methyl_red: 'MR',
  voges_proskauer: 'VP',
  citrate_simmons: 'CIT',
  hydrogen_sulfide: 'H2S',
  urease: 'URE',
  phenylalanine_deaminase: 'PDA',
  lysine_decarboxylase: 'LDC',
  arginine_dihydrolase: 'ADH',
  ornithine_decarboxylase: 'ODC',
  motility: 'MOT',
  gelatin: 'GEL',
  kcn: 'KCN',
  malonate_utilization: 'MNT',
  acid_production: 'GLU',
  gas_production: 'GAS',
  lactose: 'LAC',
  sucrose: 'SAC',
  dmannitol: 'MAN',
  dulcitol: 'DUL',
  salicin: 'SAL',
  dadonitol: 'ADO',
  myo_inositol: 'INO',
  dsorbitol: 'SOR',
  larabinose: 'ARA',
  raffinose: 'RAF',
  lrhamnose: 'RHA',
  maltose: 'MAL',
  dxylose: 'XYL',
  trehalose: 'TRE',
  cellobiose: 'CEL',
  methyl_glucoside: 'MDG',
  esculing: 'ESC',
  melibiose: 'MEL',
  darabitol: 'DARL',
  mucate: 'MUC',
  lipase: 'LIP',
  drn: 'DNA',
  nitrate: 'NO3',
  oxidase: 'OX',
  onpg: 'ONPG',
  yellow: 'YEL',
  dmannose: 'MNE',
});

export type BergeysCode = 1 | 2 | 3 | 4 | 5;

/**
 * The bands of the table's codes (its CODES.txt): % of strains positive. The source comment gives
 * 11–15 % for code 4, a typo for 11–25 % (the bands must meet).
 */
export const BERGEYS_CODE_BANDS: Readonly<Record<BergeysCode, readonly [number, number]>> = Object.freeze({
  1: [90, 100],
  2: [76, 89],
  3: [26, 75],
  4: [11, 25],
  5: [0, 10],
});

export interface BergeysTaxonRow {
  /** Name exactly as in the table (Bergey's 9th-edition era, e.g. "Enterobacter aerogenes", "subsp. ozaenae"). */
  name: string;
  line: number;
  /** MDC test code → code 1–5. */
  codes: Readonly<Record<string, BergeysCode>>;
}

export interface BergeysTable {
  /** Test codes in the table's column order. */
  tests: string[];
  taxa: BergeysTaxonRow[];
}

/** Reads the Bergey's-style code table; every cell must hold a code 1–5, every taxon once. */
export function parseBergeysCodes(text: string, file = BERGEYS_FILE): BergeysTable {
  const { header, rows } = csvTable(text, file, ['taxon']);
  if (header[0] !== 'taxon') throw new BiochemFileError('the first column must be "taxon"', { file, line: 1 });
  const columns = header.slice(1);
  if (columns.length === 0) throw new BiochemFileError('no test columns', { file, line: 1 });
  const tests = columns.map((column) => {
    const code = BERGEYS_COLUMN_CODES[column];
    if (!code) throw new BiochemFileError(`unknown test column "${column}"`, { file, line: 1, column });
    return code;
  });
  if (new Set(tests).size !== tests.length) throw new BiochemFileError('a test column appears twice', { file, line: 1 });
  const seen = new Set<string>();
  const taxa = rows.map((row) => {
    const name = row.cells[0]!.trim();
    if (!name) throw new BiochemFileError('empty taxon name', { file, line: row.line, column: 'taxon' });
    if (seen.has(name)) throw new BiochemFileError(`taxon "${name}" appears twice`, { file, line: row.line, column: 'taxon' });
    seen.add(name);
    const codes: Record<string, BergeysCode> = {};
    columns.forEach((column, i) => {
      const cell = row.cells[i + 1]!.trim();
      if (!/^[1-5]$/.test(cell)) {
        throw new BiochemFileError(`"${cell}" is not a code 1–5`, { file, line: row.line, column });
      }
      codes[tests[i]!] = Number(cell) as BergeysCode;
    });
    return { name, line: row.line, codes };
  });
  if (taxa.length === 0) throw new BiochemFileError('no taxa', { file });
  return { tests, taxa };
}
