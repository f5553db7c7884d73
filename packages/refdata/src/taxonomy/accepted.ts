import type { TaxonomyTable } from './table';
import type { CurrentNameProblem, RenameAuthority, Taxon, TaxonStatus } from './types';

/** What a name or code stands for today: the answer to "accepted name of X". */
export interface AcceptedName {
  /** The record the query matched (by microorganism code, name or laboratory code). */
  queried: Taxon;
  /** How the query matched it. */
  matchedBy: 'mo' | 'name' | 'code';
  /** Status of the matched record in the table. */
  status: TaxonStatus;
  /** The current record; undefined when the renamed-to chain breaks (see `problem`). */
  accepted?: Taxon;
  /** Names passed on the way (the queried one first), and the link that led to each next one. */
  path: readonly Taxon[];
  via: readonly RenameAuthority[];
  /** True when the query is itself the current name. */
  isCurrent: boolean;
  problem?: CurrentNameProblem;
}

/**
 * The accepted taxon of a name, microorganism code (`B_ESCHR_COLI`) or laboratory code, as
 * the taxonomy table rules it today (LPSN for bacteria, MycoBank for fungi, GBIF otherwise;
 * retired codes of the 2022 table to their successor). Undefined when the table does not know
 * the query at all — "not in our reference", never a guess.
 */
export function resolveAcceptedName(taxonomy: TaxonomyTable, query: string): AcceptedName | undefined {
  const text = query.trim();
  if (text === '') return undefined;
  const byMo = taxonomy.byMo(text) ?? taxonomy.byMo(text.toUpperCase());
  const byName = byMo ? undefined : taxonomy.byName(text);
  const byCode = byMo || byName ? undefined : taxonomy.byCode(text);
  const queried = byMo ?? byName ?? byCode;
  if (!queried) return undefined;
  const current = taxonomy.currentName(queried);
  const answer: AcceptedName = {
    queried,
    matchedBy: byMo ? 'mo' : byName ? 'name' : 'code',
    status: queried.status,
    path: current.path,
    via: current.via ?? [],
    isCurrent: current.current === queried,
  };
  if (current.current) answer.accepted = current.current;
  if (current.problem) answer.problem = current.problem;
  return answer;
}
