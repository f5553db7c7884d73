export interface TaxonomyErrorLocation {
  /** File name (or a label for in-memory text). */
  file: string;
  /** 1-based line number. */
  line: number;
  /** Header name of the column at fault, when one is. */
  column?: string;
}

/** A taxonomy file that cannot be trusted: the message says where and why. */
export class TaxonomyFormatError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column?: string;

  constructor(problem: string, where: TaxonomyErrorLocation) {
    const column = where.column === undefined ? '' : `, column ${where.column}`;
    super(`${where.file}: line ${where.line}${column}: ${problem}`);
    this.name = 'TaxonomyFormatError';
    this.file = where.file;
    this.line = where.line;
    if (where.column !== undefined) this.column = where.column;
  }
}
