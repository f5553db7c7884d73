import {
  mapRows,
  oneOf,
  optionalNumber,
  readTable,
  requiredInteger,
  requiredText,
  type ParseOptions,
  type Table,
  type TableRow,
} from './table';

export const BREAKPOINTS_FILE = 'Breakpoints.txt';

/** How a breakpoint row names the organisms it covers, from most to least specific. */
export const ORGANISM_CODE_TYPES = [
  'WHONET_ORG_CODE',
  'SPECIES_GROUP',
  'SEROVAR_GROUP',
  'GENUS_CODE',
  'GENUS_GROUP',
  'FAMILY_CODE',
  'ANAEROBE+SUBKINGDOM_CODE',
  'ANAEROBE',
  'SUBKINGDOM_CODE',
  'ALL',
] as const;
export type OrganismCodeType = (typeof ORGANISM_CODE_TYPES)[number];

export const BREAKPOINT_TYPES = ['Human', 'Animal', 'ECOFF'] as const;
export type BreakpointType = (typeof BREAKPOINT_TYPES)[number];

export const TEST_METHODS = ['MIC', 'DISK'] as const;
export type TestMethod = (typeof TEST_METHODS)[number];

/**
 * One breakpoint row. MIC breakpoints are in mg/L, disk breakpoints in mm.
 *
 * What the numbers mean (checked against the file, for both CLSI and EUCAST):
 * for MIC, `s` is the highest susceptible value (S ≤ s) and `r` the lowest
 * resistant value (R ≥ r) — WHONET stores EUCAST's "R > 8" as r = 16, the next
 * two-fold dilution (EUCAST 2022 Enterobacterales ampicillin: r 16, s 8). For disks
 * `s` is the smallest susceptible zone (S ≥ s) and `r` the largest resistant zone
 * (R ≤ r): EUCAST "R < 14" is stored as r = 13.
 */
export interface BreakpointRecord {
  line: number;
  /** The file the row comes from, when not Breakpoints.txt (AMR 3.0.0 rows: amr/amr-3.0.0/clinical_breakpoints.tsv). */
  file?: string;
  /** The line in `file`, when `line` is only the row's unique number (AMR rows). */
  sourceLine?: number;
  guideline: string;
  year: number;
  method: TestMethod;
  /** Disk content as written ("10μg", "1.25μg/23.75μg", "10 units"); '' for MIC. */
  potency: string;
  organismCode: string;
  /**
   * '' in a handful of EUCAST PK/PD rows whose code is "Gen"; those rows are
   * the "ALL" (non-species-related) breakpoints of other years.
   */
  organismCodeType: OrganismCodeType | '';
  breakpointType: BreakpointType;
  /** "Human", an animal ("Dogs", "Cattle"…) or '' for ECOFF rows. */
  host: string;
  /** '' when the breakpoint is not site-specific ("Meningitis", "Urinary tract infection"…). */
  siteOfInfection: string;
  referenceTable: string;
  referenceSequence: number | null;
  /**
   * '' in five EUCAST M. tuberculosis rows (2015–2019) that name no drug and carry
   * no values: placeholders for a table, kept so that counts match the file.
   */
  antibioticCode: string;
  /** WHONET test column code (AMP_ND10, AMP_EM…): drug, guideline letter, method and disk content. */
  whonetTest: string;
  r: number | null;
  /** Intermediate range as written ("15-17"), "-" when the guideline has no I, '' when not given. */
  i: string;
  /** Susceptible-dose-dependent range as written, '' when not given. */
  sdd: string;
  s: number | null;
  /** Epidemiological cut-off (wild type ≤ ECOFF for MIC, ≥ ECOFF for disks). */
  ecoff: number | null;
  dateEntered: string;
  dateModified: string;
  comments: string;
}

const COLUMNS = [
  'GUIDELINES',
  'YEAR',
  'TEST_METHOD',
  'POTENCY',
  'ORGANISM_CODE',
  'ORGANISM_CODE_TYPE',
  'BREAKPOINT_TYPE',
  'HOST',
  'SITE_OF_INFECTION',
  'REFERENCE_TABLE',
  'REFERENCE_SEQUENCE',
  'WHONET_ABX_CODE',
  'WHONET_TEST',
  'R',
  'I',
  'SDD',
  'S',
  'ECV_ECOFF',
  'DATE_ENTERED',
  'DATE_MODIFIED',
  'COMMENTS',
] as const;

const RANGE = /^(\d+(\.\d+)?)?(-(\d+(\.\d+)?)?)?$/;

/**
 * The I and SDD columns hold a range ("15-17"), a single value, "-" (no such
 * category) or nothing. A leading apostrophe is the spreadsheet's "this is text"
 * marker that leaked into three rows of the 2023 release; the range after it is intact.
 */
function rangeCell(table: Table, row: TableRow, column: 'I' | 'SDD'): string {
  const raw = table.cell(row, column);
  const value = raw.startsWith("'") ? raw.slice(1) : raw;
  if (!RANGE.test(value)) throw table.fail(row, column, `"${raw}" is not a range like "15-17", "-" or a number`);
  return value;
}

export function parseBreakpoints(text: string, options: ParseOptions = {}): BreakpointRecord[] {
  const table = readTable(text, { file: BREAKPOINTS_FILE, delimiter: '\t', required: COLUMNS }, options);
  const c = (row: TableRow, column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => ({
    line: row.line,
    guideline: requiredText(table, row, 'GUIDELINES'),
    year: requiredInteger(table, row, 'YEAR'),
    method: oneOf(table, row, 'TEST_METHOD', TEST_METHODS),
    potency: c(row, 'POTENCY'),
    organismCode: requiredText(table, row, 'ORGANISM_CODE'),
    organismCodeType: oneOf(table, row, 'ORGANISM_CODE_TYPE', ['', ...ORGANISM_CODE_TYPES] as const),
    breakpointType: oneOf(table, row, 'BREAKPOINT_TYPE', BREAKPOINT_TYPES),
    host: c(row, 'HOST'),
    siteOfInfection: c(row, 'SITE_OF_INFECTION'),
    referenceTable: c(row, 'REFERENCE_TABLE'),
    referenceSequence: optionalNumber(table, row, 'REFERENCE_SEQUENCE'),
    antibioticCode: c(row, 'WHONET_ABX_CODE'),
    whonetTest: c(row, 'WHONET_TEST'),
    r: optionalNumber(table, row, 'R'),
    i: rangeCell(table, row, 'I'),
    sdd: rangeCell(table, row, 'SDD'),
    s: optionalNumber(table, row, 'S'),
    ecoff: optionalNumber(table, row, 'ECV_ECOFF'),
    dateEntered: c(row, 'DATE_ENTERED'),
    dateModified: c(row, 'DATE_MODIFIED'),
    comments: c(row, 'COMMENTS'),
  }));
}
