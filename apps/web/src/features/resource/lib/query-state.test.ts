import { describe, expect, it } from 'vitest';
import { nextQuery, pageNumber, pageSizeOf, readQuery, sortOrderOf, sortParam } from './query-state';

describe('list state in the address', () => {
  it('reads only known, non-blank keys', () => {
    const values = readQuery(new URLSearchParams('guideline=EUCAST&year=%20&x=1&method=MIC'), ['guideline', 'year', 'method'] as const);
    expect(values).toEqual({ guideline: 'EUCAST', method: 'MIC' });
  });

  it('goes back to page 1 when a filter changes, keeps the page when only paging', () => {
    const search = new URLSearchParams('guideline=CLSI&page=4&sort=-s');
    expect(nextQuery(search, { method: 'DISK' }).toString()).toBe('guideline=CLSI&sort=-s&method=DISK');
    expect(nextQuery(search, { page: 5 }).get('page')).toBe('5');
    expect(nextQuery(search, { page: 1 }).has('page')).toBe(false);
    expect(nextQuery(search, { guideline: null }).toString()).toBe('sort=-s');
    expect(nextQuery(search, { pageSize: 50 }).get('page')).toBe('4');
  });

  it('parses page numbers and sizes defensively', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('abc')).toBe(1);
    expect(pageSizeOf('50')).toBe(50);
    expect(pageSizeOf('5000')).toBe(20);
  });

  it('maps table sorters to the API sort and back', () => {
    expect(sortParam('name', 'descend')).toBe('-name');
    expect(sortParam('name', 'ascend')).toBe('name');
    expect(sortParam('name', null)).toBeUndefined();
    expect(sortOrderOf('-s', 's')).toBe('descend');
    expect(sortOrderOf('s', 's')).toBe('ascend');
    expect(sortOrderOf('s', 'r')).toBeNull();
  });
});
