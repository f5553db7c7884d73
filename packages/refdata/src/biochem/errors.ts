/** A biochemistry reference or project file that cannot be read: the message says where and why. */
export class BiochemFileError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly column?: string;

  constructor(problem: string, where: { file: string; line?: number; column?: string }) {
    const line = where.line === undefined ? '' : `: line ${where.line}`;
    const column = where.column === undefined ? '' : `, column ${where.column}`;
    super(`${where.file}${line}${column}: ${problem}`);
    this.name = 'BiochemFileError';
    this.file = where.file;
    if (where.line !== undefined) this.line = where.line;
    if (where.column !== undefined) this.column = where.column;
  }
}
