import { mapRows, readTable, requiredText, type ParseOptions } from './table';

export const SAMPLE_INPUT_FILE = 'SampleInputFile.txt';

/** Letter after the underscore of a WHONET test column: which guideline the lab followed. */
export const WHONET_GUIDELINE_LETTERS: Readonly<Record<string, string>> = {
  N: 'CLSI', // NCCLS, CLSI's former name
  E: 'EUCAST',
  B: 'BSAC',
  F: 'SFM',
  S: 'SRGA',
  D: 'DIN',
  A: 'AFA',
  T: 'NEO',
};

/** Test method letter: D disk diffusion, M MIC (dilution), E gradient strip (an MIC too). */
export type WhonetTestMethod = 'DISK' | 'MIC' | 'ETEST';

export interface WhonetTestCode {
  /** The column name itself ("SXT_ND1_2"). */
  column: string;
  antibioticCode: string;
  guidelineLetter: string;
  /** Guideline the letter stands for, '' for an unknown letter. */
  guideline: string;
  method: WhonetTestMethod;
  /** Disk content token after the method letter ("10", "1_2" for 1.25 µg), '' for MICs. */
  potencyToken: string;
}

const TEST_COLUMN = /^([A-Z0-9]{2,4})_([A-Z])([DME])(\d[0-9A-Za-z_.]*)?$/;

/** Reads a WHONET test column name (AMP_ND10, CIP_NM, PEN_NE); null for other columns. */
export function parseWhonetTestCode(column: string): WhonetTestCode | null {
  const match = TEST_COLUMN.exec(column);
  if (!match) return null;
  const [, antibioticCode = '', letter = '', methodLetter = '', potencyToken = ''] = match;
  const method: WhonetTestMethod = methodLetter === 'D' ? 'DISK' : methodLetter === 'M' ? 'MIC' : 'ETEST';
  if (method !== 'DISK' && potencyToken !== '') return null;
  return {
    column,
    antibioticCode,
    guidelineLetter: letter,
    guideline: WHONET_GUIDELINE_LETTERS[letter] ?? '',
    method,
    potencyToken,
  };
}

/**
 * Isolate-level test columns that expert rules read (β-lactamase, mecA PCR,
 * inducible clindamycin resistance, ESBL…), as WHONET names them.
 */
export const WHONET_TEST_FIELDS = [
  'BETA_LACT',
  'ESBL',
  'MECA_PCR',
  'INDUC_CLI',
  'MRSA',
  'MRSA_SCRN',
  'OXA_SCREEN',
  'PBP2A_AGGL',
  'MLS_DTEST',
  'X_BLEE',
  'X_MLS',
  'X_MLS_IND',
  'CARBAPENEM',
  'MBL',
  'KPC',
] as const;

export interface SampleResult extends WhonetTestCode {
  /** Value as the lab wrote it ("19", "<=0.25"). */
  value: string;
}

export interface SampleIsolate {
  line: number;
  rowIndex: string;
  /** WHONET organism code of the isolate. */
  organismCode: string;
  specimenType: string;
  specimenDate: string;
  /** Non-empty isolate tests (BETA_LACT "+", ESBL "-"…). */
  tests: Record<string, string>;
  /** Every non-empty test column, in file order. */
  results: SampleResult[];
  /** All other non-empty columns (patient, ward, dates…), by column name. */
  fields: Record<string, string>;
}

/** WHONET's pipe-separated export: one isolate per row, one column per test. */
export function parseSampleInput(text: string, options: ParseOptions = {}): SampleIsolate[] {
  const table = readTable(
    text,
    { file: SAMPLE_INPUT_FILE, delimiter: '|', required: ['ROW_IDX', 'ORGANISM'] },
    options,
  );
  const testColumns = new Map<string, WhonetTestCode>();
  for (const column of table.header) {
    const code = parseWhonetTestCode(column);
    if (code) testColumns.set(column, code);
  }
  const testFields = new Set<string>(WHONET_TEST_FIELDS);
  return mapRows(table, options, (row) => {
    const results: SampleResult[] = [];
    const tests: Record<string, string> = {};
    const fields: Record<string, string> = {};
    for (const column of table.header) {
      const value = table.cell(row, column);
      if (value === '') continue;
      const test = testColumns.get(column);
      if (test) results.push({ ...test, value });
      else if (testFields.has(column)) tests[column] = value;
      else fields[column] = value;
    }
    return {
      line: row.line,
      rowIndex: table.cell(row, 'ROW_IDX'),
      organismCode: requiredText(table, row, 'ORGANISM'),
      specimenType: table.cell(row, 'SPEC_TYPE'),
      specimenDate: table.cell(row, 'SPEC_DATE'),
      tests,
      results,
      fields,
    };
  });
}
