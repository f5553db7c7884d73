import { list, mapRows, oneOf, readTable, requiredText, type ParseOptions, type TableRow } from './table';

export const EXPECTED_RESISTANCE_FILE = 'ExpectedResistancePhenotypes.txt';

/** Code types used by the expected-resistance table to name organisms. */
export const EXPECTED_RESISTANCE_ORGANISM_TYPES = [
  'WHONET_ORG_CODE',
  'SPECIES_GROUP',
  'SEROVAR_GROUP',
  'GENUS_CODE',
  'GENUS_GROUP',
  'FAMILY_CODE',
  'SUBKINGDOM_CODE',
  'ANAEROBE',
  'ANAEROBE+SUBKINGDOM_CODE',
  'ALL',
] as const;

/**
 * One intrinsic ("expected") resistance: organisms of `organismCode` (minus the
 * exceptions) are resistant to the antibiotic whatever the measured value.
 */
export interface ExpectedResistanceRecord {
  line: number;
  guideline: string;
  /** Table of the guideline's expected-resistance appendix ("Enterobacterales"…). */
  referenceTable: string;
  organismCode: string;
  organismCodeType: (typeof EXPECTED_RESISTANCE_ORGANISM_TYPES)[number];
  exceptionOrganismCodes: string[];
  exceptionOrganismCodeType: (typeof EXPECTED_RESISTANCE_ORGANISM_TYPES)[number] | '';
  /** A WHONET drug code, or an ATC prefix (J01G = all aminoglycosides) when the type is ATC_CODE. */
  antibioticCode: string;
  antibioticCodeType: 'WHONET_ABX_CODE' | 'ATC_CODE';
  /** Drug codes excluded from an ATC group (high-level aminoglycoside tests…). */
  antibioticExceptions: string[];
  dateEntered: string;
  dateModified: string;
  comments: string;
}

const COLUMNS = [
  'GUIDELINE',
  'REFERENCE_TABLE',
  'ORGANISM_CODE',
  'ORGANISM_CODE_TYPE',
  'EXCEPTION_ORGANISM_CODE',
  'EXCEPTION_ORGANISM_CODE_TYPE',
  'ABX_CODE',
  'ABX_CODE_TYPE',
  'ANTIBIOTIC_EXCEPTIONS',
  'DATE_ENTERED',
  'DATE_MODIFIED',
  'COMMENTS',
] as const;

export function parseExpectedResistance(text: string, options: ParseOptions = {}): ExpectedResistanceRecord[] {
  const table = readTable(text, { file: EXPECTED_RESISTANCE_FILE, delimiter: '\t', required: COLUMNS }, options);
  const c = (row: TableRow, column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => {
    const exceptions = list(table, row, 'EXCEPTION_ORGANISM_CODE');
    const exceptionType = oneOf(table, row, 'EXCEPTION_ORGANISM_CODE_TYPE', ['', ...EXPECTED_RESISTANCE_ORGANISM_TYPES] as const);
    if (exceptions.length > 0 && exceptionType === '') {
      throw table.fail(row, 'EXCEPTION_ORGANISM_CODE_TYPE', 'exception organisms are given without their code type');
    }
    return {
      line: row.line,
      guideline: requiredText(table, row, 'GUIDELINE'),
      referenceTable: c(row, 'REFERENCE_TABLE'),
      organismCode: requiredText(table, row, 'ORGANISM_CODE'),
      organismCodeType: oneOf(table, row, 'ORGANISM_CODE_TYPE', EXPECTED_RESISTANCE_ORGANISM_TYPES),
      exceptionOrganismCodes: exceptions,
      exceptionOrganismCodeType: exceptionType,
      antibioticCode: requiredText(table, row, 'ABX_CODE'),
      antibioticCodeType: oneOf(table, row, 'ABX_CODE_TYPE', ['WHONET_ABX_CODE', 'ATC_CODE'] as const),
      antibioticExceptions: list(table, row, 'ANTIBIOTIC_EXCEPTIONS'),
      dateEntered: c(row, 'DATE_ENTERED'),
      dateModified: c(row, 'DATE_MODIFIED'),
      comments: c(row, 'COMMENTS'),
    };
  });
}
