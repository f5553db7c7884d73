/** A curated Chinese-names file that cannot be loaded: the message says where and why. */
export class ChineseNamesFormatError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column?: string;

  constructor(problem: string, where: { file: string; line: number; column?: string }) {
    const column = where.column === undefined ? '' : `, column ${where.column}`;
    super(`${where.file}: line ${where.line}${column}: ${problem}`);
    this.name = 'ChineseNamesFormatError';
    this.file = where.file;
    this.line = where.line;
    if (where.column !== undefined) this.column = where.column;
  }
}
