import type { Queryable } from '../db';
import { sharedReferenceGeneration } from '../resource/reference-version';

/**
 * Rows read per statement when a reference table is counted. One statement over the whole ITS
 * table (101,000 rows, 47 MB) held the embedded database, and with it the event loop, 0.3–2.8 s
 * (PGlite, load 20–30, 2026-11-29); by key, pages of 2,000 rows held it 70–110 ms each
 * (p50) there, 1,000-row pages cost more in all for little less each.
 */
const PAGE_ROWS = 2_000;

/**
 * Reads a reference table page by page in the order of its two-column key, with a turn of the
 * event loop between pages, handing each page's rows to `take`. `columns` must name both key
 * columns; `where` narrows the rows (plain SQL, no parameters).
 */
export async function scanByKey<Row extends Record<string, unknown>>(
  db: Queryable,
  table: string,
  key: readonly [string, string],
  columns: string,
  take: (rows: Row[]) => void,
  where = 'TRUE',
): Promise<void> {
  let after: [unknown, unknown] | null = null;
  for (;;) {
    const rows: Row[] = after
      ? await db.query<Row>(
          `SELECT ${columns} FROM ${table} WHERE (${where}) AND (${key[0]}, ${key[1]}) > ($1, $2) ORDER BY ${key[0]}, ${key[1]} LIMIT ${PAGE_ROWS}`,
          after,
        )
      : await db.query<Row>(`SELECT ${columns} FROM ${table} WHERE (${where}) ORDER BY ${key[0]}, ${key[1]} LIMIT ${PAGE_ROWS}`);
    take(rows);
    if (rows.length < PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = [last[key[0]], last[key[1]]];
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Per database (a test process holds several portals): figure name → the version it was worked out for. */
const kept = new WeakMap<Queryable, Map<string, { version: string; value: Promise<unknown> }>>();

/**
 * A figure derived from the imported references (sequence and species counts), worked out once per
 * import — and per change of the references made in this process (tests that file references
 * directly) — rather than on every request: the references change only then. Callers that come
 * while it is worked out share it; a failure is not kept.
 */
export async function perImport<T>(db: Queryable, name: string, compute: () => Promise<T>): Promise<T> {
  const latest = await db.query<{ id: number }>('SELECT id FROM refdata_import ORDER BY id DESC LIMIT 1');
  const version = `${latest[0]?.id ?? 0}|${sharedReferenceGeneration()}`;
  let figures = kept.get(db);
  if (!figures) kept.set(db, (figures = new Map()));
  const entry = figures.get(name);
  if (entry && entry.version === version) return entry.value as Promise<T>;
  const value = compute();
  const fresh = { version, value };
  figures.set(name, fresh);
  value.catch(() => {
    if (figures.get(name) === fresh) figures.delete(name);
  });
  return value;
}
