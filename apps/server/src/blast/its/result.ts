import { itsCall as coreItsCall, type ItsItem, type ItsResult } from '@mdc/core/identify/its';
import type { IdentificationCall, LocalizedText } from '@mdc/core/identify';
import { refusalText } from '@mdc/core/identify/rrna';
import type { Outcome } from '../method';
import type { ItsReferenceVersion } from './engine';
import type { ItsQuery } from './submission';

export type { ItsItem };

export interface ItsTaskResult {
  items: ItsItem[];
}

/** Printable alignments are kept for the first hits of each part only (the page shows those). */
const ALIGNMENTS_KEPT = 5;

function lean(result: ItsResult): ItsResult {
  const parts = result.its.parts.map((part) =>
    part.result.ok ? { ...part, result: { ...part.result, hits: part.result.hits.map((h, i) => (i < ALIGNMENTS_KEPT ? h : { ...h, alignment: undefined })) } } : part,
  );
  if (!result.ok) return { ...result, its: { ...result.its, parts } };
  return { ...result, hits: result.hits.map(({ alignment: _a, ...h }) => h), its: { ...result.its, parts } };
}

export interface ItsSummary {
  members?: string[];
  group?: LocalizedText;
  noSimilarReference?: number;
  refusal?: { message: LocalizedText; detail: LocalizedText };
}

/** The call a history row shows: the species complex, the species group, the species, or the genus ("<Genus> sp.") with its closest species. */
export function itsCall(result: ItsResult): IdentificationCall | null {
  return result.ok ? coreItsCall(result) : null;
}

/** Done when a read was identified or found no similar reference; failed when every read was refused. */
export function itsOutcome(queries: readonly ItsQuery[], results: readonly ItsResult[], reference: ItsReferenceVersion, searchMs: number): Outcome {
  const identified = results.filter((r) => r.ok);
  const noMatch = results.filter((r) => !r.ok && r.reason === 'no-similar-reference');
  const refusal = results.find((r) => !r.ok && r.reason !== 'no-similar-reference') ?? results.find((r) => !r.ok);
  const status = identified.length > 0 || noMatch.length > 0 ? 'done' : 'failed';
  const best = identified[0];
  const summary: ItsSummary = {};
  if (best?.ok && best.confidence.level === 'species-group') {
    summary.members = best.its.speciesGroup ? [...new Set(best.hits.filter((h) => h.tiedWithTop).map((h) => h.species))] : best.confidence.names;
    if (best.its.speciesGroup) summary.group = best.its.speciesGroup.name;
  }
  if (noMatch.length > 0) summary.noSimilarReference = noMatch.length;
  if (status === 'failed' && refusal && !refusal.ok) summary.refusal = { message: refusal.message, detail: refusal.detail };
  const items: ItsItem[] = queries.map((q, i) => ({ position: i + 1, queryId: q.queryId, description: q.description, length: q.length, result: lean(results[i]!) }));
  return {
    status,
    error: status === 'failed' && refusal && !refusal.ok ? refusalText(refusal.message, refusal.detail) : null,
    call: best ? itsCall(best) : null,
    identified: identified.length,
    reference,
    searchMs,
    result: { items } satisfies ItsTaskResult,
    summary,
  };
}
