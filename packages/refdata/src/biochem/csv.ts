import { BiochemFileError } from './errors';

export interface CsvRow {
  /** 1-based line where the record starts. */
  line: number;
  cells: string[];
}

/**
 * Comma-separated records as RFC 4180 writes them: quoted cells may hold commas, doubled quotes
 * and line breaks. An unterminated quote or text glued to a closing quote is an error, never a
 * silently shorter table.
 */
export interface CsvOptions {
  /**
   * Read quotes the way sloppy exporters write them: inside a quoted cell a quote ends the cell
   * only when a comma or the end of the line follows it, and any other quote is text ("" still
   * reads as one quote). The BacDive kit tables need this: one cell there is
   * `"Morphology coccus="+" rod="-""`.
   */
  lenientQuotes?: boolean;
}

export function parseCsv(text: string, file: string, options: CsvOptions = {}): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let inQuotes = false;
  let quotedCell = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    quotedCell = false;
  };
  const endRow = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"' && options.lenientQuotes) {
        const next = text[i + 1];
        if (next === undefined || next === ',' || next === '\n' || next === '\r') inQuotes = false;
        else if (next === '"' && (text[i + 2] === '"' || text[i + 2] === undefined || ![',', '\n', '\r'].includes(text[i + 2]!))) {
          cell += '"';
          i++;
        } else cell += '"';
      } else if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"') {
      if (cell !== '' || quotedCell) throw new BiochemFileError('a quote inside an unquoted cell', { file, line });
      inQuotes = true;
      quotedCell = true;
    } else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      if (quotedCell) throw new BiochemFileError('text after a closing quote', { file, line });
      cell += c;
    }
  }
  if (inQuotes) throw new BiochemFileError('a quoted cell is not closed before the end of the file', { file, line: rowLine });
  if (cell !== '' || cells.length > 0 || quotedCell) endRow();
  return rows;
}

/** Maps header names to indexes and checks that every record has as many cells as the header. */
export function csvTable(
  text: string,
  file: string,
  required: readonly string[],
  options: CsvOptions = {},
): { header: string[]; index: Map<string, number>; rows: CsvRow[] } {
  const all = parseCsv(text, file, options);
  const head = all[0];
  if (!head) throw new BiochemFileError('the file is empty', { file });
  const header = head.cells.map((h) => h.trim());
  const index = new Map(header.map((h, i) => [h, i]));
  for (const column of required) {
    if (!index.has(column)) throw new BiochemFileError(`column "${column}" is missing from the header`, { file, line: head.line });
  }
  const rows = all.slice(1);
  for (const row of rows) {
    if (row.cells.length !== header.length) {
      throw new BiochemFileError(`${row.cells.length} cells where the header has ${header.length}`, { file, line: row.line });
    }
  }
  return { header, index, rows };
}
