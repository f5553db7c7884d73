/**
 * A reader for the delimited text tables WHONET and the AMR package publish:
 * one header row, then one record per line. It checks the shape of every row
 * and hands typed cells to the file-specific parsers, which decide what each
 * column may contain. Problems surface as {@link RefdataFormatError} with the
 * file, the 1-based line and the column, so a broken download is never read as
 * a shorter table.
 */

/** Where a problem was found, so that a person can open the file and look. */
export interface RefdataErrorLocation {
  file: string;
  /** 1-based line number in the file, when the problem is on a line. */
  line?: number;
  /** Header name of the column at fault, when one is. */
  column?: string;
}

export class RefdataFormatError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly column?: string;
  readonly problem: string;

  constructor(problem: string, where: RefdataErrorLocation) {
    const line = where.line === undefined ? '' : `: line ${where.line}`;
    const column = where.column === undefined ? '' : `, column ${where.column}`;
    super(`${where.file}${line}${column}: ${problem}`);
    this.name = 'RefdataFormatError';
    this.file = where.file;
    this.problem = problem;
    if (where.line !== undefined) this.line = where.line;
    if (where.column !== undefined) this.column = where.column;
  }
}

/**
 * Options every parser accepts. Without `onInvalidRow` a bad row throws; with it,
 * the row is left out and the error is handed to the caller, who decides (log it,
 * count it, show it). Header problems always throw: without a header nothing can be read.
 */
export interface ParseOptions {
  /** Name used in error messages (defaults to the standard file name). */
  file?: string;
  onInvalidRow?: (error: RefdataFormatError) => void;
}

export interface TableShape {
  file: string;
  delimiter: string;
  /** Columns the parser reads; any of them missing from the header is an error. */
  required: readonly string[];
  /**
   * How many columns at the end of a row may be missing (some exporters drop
   * trailing empty cells). Zero for the WHONET files, which always carry every tab.
   */
  optionalTrailing?: number;
  /** Lines starting with this prefix (before the header too) are comments. */
  commentPrefix?: string;
}

export interface TableRow {
  line: number;
  cells: string[];
}

export class Table {
  constructor(
    readonly shape: TableShape,
    readonly header: readonly string[],
    readonly rows: readonly TableRow[],
    private readonly columnIndex: ReadonlyMap<string, number>,
  ) {}

  has(column: string): boolean {
    return this.columnIndex.has(column);
  }

  /** The trimmed cell, '' when the column is absent from this row (trailing optional cells). */
  cell(row: TableRow, column: string): string {
    const at = this.columnIndex.get(column);
    if (at === undefined) return '';
    return (row.cells[at] ?? '').trim();
  }

  fail(row: TableRow, column: string | undefined, problem: string): RefdataFormatError {
    return new RefdataFormatError(problem, {
      file: this.shape.file,
      line: row.line,
      ...(column === undefined ? {} : { column }),
    });
  }
}

function splitLines(text: string): string[] {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.split(/\r?\n/);
}

/**
 * Reads the header and checks every row's cell count. Rows with a wrong count are
 * reported through `onInvalidRow` (or thrown) and left out.
 */
export function readTable(text: string, shape: TableShape, options: ParseOptions = {}): Table {
  const file = options.file ?? shape.file;
  const effective: TableShape = { ...shape, file };
  const lines = splitLines(text);
  let headerAt = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    if (shape.commentPrefix !== undefined && line.startsWith(shape.commentPrefix)) continue;
    headerAt = i;
    break;
  }
  if (headerAt < 0) {
    throw new RefdataFormatError('the file is empty: no header row', { file });
  }
  const header = (lines[headerAt] ?? '').split(shape.delimiter).map((name) => name.trim());
  const columnIndex = new Map<string, number>();
  header.forEach((name, i) => {
    if (name !== '' && !columnIndex.has(name)) columnIndex.set(name, i);
  });
  for (const column of shape.required) {
    if (!columnIndex.has(column)) {
      throw new RefdataFormatError(`required column "${column}" is missing from the header`, {
        file,
        line: headerAt + 1,
        column,
      });
    }
  }

  const minimum = header.length - (shape.optionalTrailing ?? 0);
  const rows: TableRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    if (shape.commentPrefix !== undefined && line.startsWith(shape.commentPrefix)) continue;
    const cells = line.split(shape.delimiter);
    if (cells.length < minimum || cells.length > header.length) {
      const error = new RefdataFormatError(
        `expected ${header.length} columns but found ${cells.length} (truncated or malformed row)`,
        { file, line: i + 1 },
      );
      if (!options.onInvalidRow) throw error;
      options.onInvalidRow(error);
      continue;
    }
    rows.push({ line: i + 1, cells });
  }
  return new Table(effective, header, rows, columnIndex);
}

/**
 * Runs `toRecord` on each row; a cell it rejects (by throwing RefdataFormatError)
 * either stops the parse or, with `onInvalidRow`, drops that one row.
 */
export function mapRows<T>(table: Table, options: ParseOptions, toRecord: (row: TableRow) => T): T[] {
  const records: T[] = [];
  for (const row of table.rows) {
    try {
      records.push(toRecord(row));
    } catch (error) {
      if (!(error instanceof RefdataFormatError) || !options.onInvalidRow) throw error;
      options.onInvalidRow(error);
    }
  }
  return records;
}

// ---- typed cells -------------------------------------------------------------------------

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A decimal number, or null for an empty cell; anything else is an error. */
export function optionalNumber(table: Table, row: TableRow, column: string): number | null {
  const raw = table.cell(row, column);
  if (raw === '') return null;
  if (!NUMBER.test(raw)) throw table.fail(row, column, `"${raw}" is not a number`);
  return Number(raw);
}

export function requiredNumber(table: Table, row: TableRow, column: string): number {
  const value = optionalNumber(table, row, column);
  if (value === null) throw table.fail(row, column, 'value is missing');
  return value;
}

export function requiredInteger(table: Table, row: TableRow, column: string): number {
  const value = requiredNumber(table, row, column);
  if (!Number.isInteger(value)) throw table.fail(row, column, `"${table.cell(row, column)}" is not a whole number`);
  return value;
}

export function requiredText(table: Table, row: TableRow, column: string): string {
  const raw = table.cell(row, column);
  if (raw === '') throw table.fail(row, column, 'value is missing');
  return raw;
}

export function oneOf<T extends string>(
  table: Table,
  row: TableRow,
  column: string,
  allowed: readonly T[],
): T {
  const raw = table.cell(row, column);
  if (!(allowed as readonly string[]).includes(raw)) {
    const shown = allowed.map((a) => (a === '' ? '(empty)' : a)).join(', ');
    throw table.fail(row, column, `"${raw}" is not one of ${shown}`);
  }
  return raw as T;
}

/** WHONET marks yes with "X" and no with an empty cell. */
export function flag(table: Table, row: TableRow, column: string): boolean {
  const raw = table.cell(row, column);
  if (raw === '') return false;
  if (raw === 'X' || raw === 'x') return true;
  throw table.fail(row, column, `"${raw}" is not a flag (expected "X" or empty)`);
}

/** A comma-separated list, trimmed, without empty items. */
export function list(table: Table, row: TableRow, column: string): string[] {
  const raw = table.cell(row, column);
  if (raw === '') return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
