import { mapRows, oneOf, optionalNumber, readTable, requiredInteger, requiredNumber, requiredText, type ParseOptions, type TableRow } from './table';

export const QC_RANGES_FILE = 'QC_Ranges.txt';

/**
 * Acceptable result range for a quality-control reference strain (ATCC…): MIC in
 * mg/L or zone in mm. `maximum` is null when only a lower limit is published.
 */
export interface QcRangeRecord {
  line: number;
  guideline: string;
  year: number;
  /** Reference strain ("atcc25922"). */
  strain: string;
  referenceTable: string;
  organismCode: string;
  antibioticName: string;
  /** WHONET test code (TCC_NM…). */
  antibioticTest: string;
  antibioticCode: string;
  method: 'MIC' | 'Disk';
  medium: string;
  minimum: number;
  maximum: number | null;
  dateEntered: string;
  dateModified: string;
  comments: string;
}

const COLUMNS = [
  'GUIDELINE',
  'YEAR',
  'STRAIN',
  'REFERENCE_TABLE',
  'WHONET_ORG_CODE',
  'ANTIBIOTIC',
  'ABX_TEST',
  'WHONET_ABX_CODE',
  'METHOD',
  'MEDIUM',
  'MINIMUM',
  'MAXIMUM',
  'DATE_ENTERED',
  'DATE_MODIFIED',
  'COMMENTS',
] as const;

export function parseQcRanges(text: string, options: ParseOptions = {}): QcRangeRecord[] {
  const table = readTable(text, { file: QC_RANGES_FILE, delimiter: '\t', required: COLUMNS }, options);
  const c = (row: TableRow, column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => {
    // 14 EUCAST disk rows of the 2023 release have minimum > maximum (swapped in
    // the source); they are kept as published, readers should not assume order.
    const minimum = requiredNumber(table, row, 'MINIMUM');
    const maximum = optionalNumber(table, row, 'MAXIMUM');
    return {
      line: row.line,
      guideline: requiredText(table, row, 'GUIDELINE'),
      year: requiredInteger(table, row, 'YEAR'),
      strain: requiredText(table, row, 'STRAIN'),
      referenceTable: c(row, 'REFERENCE_TABLE'),
      organismCode: c(row, 'WHONET_ORG_CODE'),
      antibioticName: c(row, 'ANTIBIOTIC'),
      antibioticTest: c(row, 'ABX_TEST'),
      antibioticCode: requiredText(table, row, 'WHONET_ABX_CODE'),
      method: oneOf(table, row, 'METHOD', ['MIC', 'Disk'] as const),
      medium: c(row, 'MEDIUM'),
      minimum,
      maximum,
      dateEntered: c(row, 'DATE_ENTERED'),
      dateModified: c(row, 'DATE_MODIFIED'),
      comments: c(row, 'COMMENTS'),
    };
  });
}
