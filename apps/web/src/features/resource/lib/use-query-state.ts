import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { nextQuery, readQuery, type QueryPatch, type QueryValues } from './query-state';

/**
 * The list state of a page (filters, sort, page) read from and written to the address: a shared
 * link or a reload shows the same rows. Each change is a history entry, so Back undoes it.
 */
export function useQueryState<K extends string>(keys: readonly K[]): [QueryValues<K>, (patch: QueryPatch<K>) => void] {
  const [search, setSearch] = useSearchParams();
  const signature = keys.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readQuery(search, keys), [search, signature]);
  // From the address as it is now, not as the last render saw it: a change made before the page
  // re-rendered after the previous one (a class chosen, then a word entered at once) would
  // otherwise write the previous filters back.
  const update = useCallback((patch: QueryPatch<K>) => setSearch(() => nextQuery(new URLSearchParams(window.location.search), patch)), [setSearch]);
  return [values, update];
}
