/**
 * Cells for CSV, TSV and Excel exports that a spreadsheet cannot run as formulas, nor show reversed.
 *
 * Excel, LibreOffice and Google Sheets evaluate a cell that starts with `=`, `+`, `-` or `@`
 * (and, after a tab or a line break, whatever follows): a FASTA header or an isolate id such as
 * `=HYPERLINK("http://…")` or `-2+3+cmd|' /C calc'!A0` would run when the file is opened. Such
 * text gets a leading apostrophe, which spreadsheets show as text (OWASP's advice).
 *
 * A cell that is a plain number ("-1", "+2", "-0.5", "1e-3") is left as it is, whatever column it
 * is in: it cannot call anything, and a negative MIC difference or a coordinate must stay readable
 * and sortable as a number. "-1+1" is not a plain number and is neutralised.
 */

const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the
 * marks U+200E, U+200F, U+061C): a right-to-left override shows "txt.exe" as "exe.txt" and turns
 * a cell's text around. Arabic or Hebrew text needs none of them to read right; they are dropped.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Text as a spreadsheet must show it: a leading `'` when it would otherwise start a formula. */
export function spreadsheetText(value: string): string {
  const text = value.replace(BIDI_CONTROLS, '');
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One cell of an Excel sheet (ExcelJS `addRow` values): text is neutralised, numbers, dates,
 * booleans and empty cells pass unchanged (they are stored as values, never as formulas).
 */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' ? spreadsheetText(value) : value;
}

/** One CSV field (RFC 4180): neutralised, and quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (without the line break). */
export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells.map(csvField).join(',');
}

/**
 * One line of tab-separated text (without the line break): neutralised like CSV, and tabs or
 * line breaks inside a cell become spaces (they would shift the columns).
 */
export function tsvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells
    .map((value) => {
      if (value === null || value === undefined) return '';
      const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
      return /[\t\r\n]/.test(text) ? text.replace(/[\t\r\n]+/g, ' ') : text;
    })
    .join('\t');
}
