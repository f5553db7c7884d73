import { breakpointLimit } from '@mdc/contracts';

/**
 * A limit as the history chart writes it beside its step: the published value (EUCAST "R > 8" is 8),
 * and EUCAST's off-scale S in its brackets, "(0.001)", as the tables and the Lab print it.
 */
export function historyLabel(guideline: string, method: string, which: 's' | 'r', stored: number): string {
  const limit = breakpointLimit(guideline, method, which, stored);
  if (limit.offScale && limit.text === '—') return '—';
  const value = String(Number(limit.value.toPrecision(4)));
  return limit.offScale ? `(${value})` : value;
}
