/**
 * CSV of identification results: quoted where needed, and a cell a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or CR — a FASTA header can be anything) is prefixed
 * with an apostrophe, so that it is shown as text. Numbers are written as numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a BOM (spreadsheets then read UTF-8), CRLF line ends. */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return '\ufeff' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
