import type { Queryable } from '../db';

/** Column types the importer writes. Arrays and JSON travel as text and are cast by the server. */
export type ColumnType = 'text' | 'int' | 'float' | 'bool' | 'text[]' | 'jsonb';

export interface Column {
  name: string;
  type: ColumnType;
}

export interface TablePlan {
  table: string;
  columns: readonly Column[];
  rows: readonly (readonly unknown[])[];
}

const SQL_TYPE: Record<ColumnType, { param: string; cast: string }> = {
  text: { param: 'text[]', cast: '' },
  int: { param: 'int[]', cast: '' },
  float: { param: 'float8[]', cast: '' },
  bool: { param: 'bool[]', cast: '' },
  // A text[] per row cannot ride inside unnest (it would become one 2-D array), so each row's
  // array is sent as its literal and cast back.
  'text[]': { param: 'text[]', cast: '::text[]' },
  jsonb: { param: 'text[]', cast: '::jsonb' },
};

/** PostgreSQL array literal of strings, every element quoted so that commas, quotes and braces survive. */
export function arrayLiteral(values: readonly string[]): string {
  return '{' + values.map((v) => '"' + v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `"${name}"`;
}

function cell(type: ColumnType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'text[]':
      return arrayLiteral(value as string[]);
    case 'jsonb':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/**
 * Inserts rows in batches with one `unnest` per column: a handful of parameters per statement
 * whatever the batch size, which both PGlite and PostgreSQL parse and plan once per batch.
 */
export async function insertBatches(
  tx: Queryable,
  plan: TablePlan,
  options: { batchSize?: number; onBatch?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const { columns } = plan;
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`);
  const params = columns.map((c, i) => `$${i + 1}::${SQL_TYPE[c.type].param}`).join(', ');
  const select = columns.map((c, i) => `${aliases[i]}${SQL_TYPE[c.type].cast}`).join(', ');
  const sql = `INSERT INTO ${quoteIdent(plan.table)} (${names}) SELECT ${select} FROM unnest(${params}) AS u(${aliases.join(', ')})`;
  const size = options.batchSize ?? 2000;
  let done = 0;
  for (let start = 0; start < plan.rows.length; start += size) {
    options.signal?.throwIfAborted();
    const batch = plan.rows.slice(start, start + size);
    const values = columns.map((column, i) => batch.map((row) => cell(column.type, row[i])));
    await tx.query(sql, values);
    done += batch.length;
    options.onBatch?.(done);
  }
  return done;
}
