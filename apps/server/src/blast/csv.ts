import { csvField } from '@mdc/contracts';

/**
 * CSV of identification results: quoted where needed, and a cell a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or CR — a FASTA header can be anything) is prefixed
 * with an apostrophe, so that it is shown as text; bidirectional controls are dropped. The
 * contracts' csvField does it for every CSV of the portal. Numbers are written as numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  return csvField(value);
}

/** A CSV document: a BOM (spreadsheets then read UTF-8), CRLF line ends. */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return '\ufeff' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
