/** Filters, sorting and paging of a list page live in the address, so a link shares the view. */
export type QueryValues<K extends string> = Partial<Record<K, string>>;
export type QueryPatch<K extends string> = Partial<Record<K, string | number | null | undefined>>;

/** Reads the keys a page knows from a query string; blank values count as absent. */
export function readQuery<K extends string>(search: URLSearchParams, keys: readonly K[]): QueryValues<K> {
  const values: QueryValues<K> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (value) values[key] = value;
  }
  return values;
}

/**
 * The next query string after a change: empty values are dropped, unknown keys kept, and any
 * change other than paging sends the reader back to the first page (page 7 of another filter
 * would usually be empty).
 */
export function nextQuery<K extends string>(search: URLSearchParams, patch: QueryPatch<K>): URLSearchParams {
  const next = new URLSearchParams(search);
  const keys = Object.keys(patch) as K[];
  for (const key of keys) {
    const value = patch[key];
    if (value === undefined || value === null || String(value).trim() === '') next.delete(key);
    else next.set(key, String(value).trim());
  }
  if (!keys.includes('page' as K) && keys.some((k) => k !== 'pageSize')) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** Page number from the address: a positive integer, else 1. */
export function pageNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const PAGE_SIZES = [20, 50, 100] as const;

export function pageSizeOf(value: string | undefined, fallback = 20): number {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
}

/** antd's sorter ⇄ the API's `sort` ("name" ascending, "-name" descending). */
export function sortParam(field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (!field || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}

export function sortOrderOf(sort: string | undefined, field: string): 'ascend' | 'descend' | null {
  if (!sort) return null;
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}
