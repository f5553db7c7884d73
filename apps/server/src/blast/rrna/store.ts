import { refusalText, sequenceCall, type IdentificationResult, type LocalizedText } from '@mdc/core/identify/rrna';
import type { Queryable } from '../../db';
import type { Outcome } from '../method';
import type { EngineAnswer } from './engine';
import type { ReadOrigin, SubmittedSequence } from './submission';

/** A hit as stored: the engine's hit and the taxon id of its species when the taxonomy knows it. */
export type StoredResult = IdentificationResult & { taxonIds?: Record<string, string> };

export interface SequenceRow {
  position: number;
  query_id: string;
  description: string;
  sequence: string;
  length: number;
  read: ReadOrigin | null;
  result: StoredResult | null;
}

/** The submitted sequences, written in the task's transaction. */
export async function storeSequences(tx: Queryable, taskId: string, sequences: SubmittedSequence[]): Promise<void> {
  // One statement for all sequences; unnest keeps the parameter count fixed.
  await tx.query(
    `INSERT INTO blast_sequence (task_id, position, query_id, description, sequence, length, read)
     SELECT $1, p, q, d, s, l, r::jsonb FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[]) AS t(p, q, d, s, l, r)`,
    [
      taskId,
      sequences.map((_, i) => i + 1),
      sequences.map((s) => s.queryId),
      sequences.map((s) => s.description),
      sequences.map((s) => s.sequence),
      sequences.map((s) => s.length),
      sequences.map((s) => (s.read ? JSON.stringify(s.read) : null)),
    ],
  );
}

export async function taskSequences(db: Queryable, id: string): Promise<SequenceRow[]> {
  return db.query<SequenceRow>('SELECT position, query_id, description, sequence, length, read, result FROM blast_sequence WHERE task_id = $1 ORDER BY position', [id]);
}

/** What the history shows of a 16S/18S task beside (or instead of) its call. */
export interface RrnaSummary {
  /** The species of a species group, best first (the call names them too). */
  members?: string[];
  /** Sequences with no reference above the minimum similarity, and the best similarity among them. */
  noSimilarReference?: number;
  bestSimilarity?: number;
  /** Why every sequence was refused: the seed's headline and the specific reason. */
  refusal?: { message: LocalizedText; detail: LocalizedText };
}

/**
 * The task's outcome from every sequence's result. Done when at least one sequence was
 * identified or found no similar reference — that is an answer, not a failure; failed only when
 * every sequence was refused for a reason of its own (another marker's gene …), with the headline
 * and that reason. The call of the history names a species group's members. Also the write of
 * the results, for the transaction that closes the task.
 */
export function sequenceOutcome(taskId: string, answer: EngineAnswer): { outcome: Outcome; store(tx: Queryable): Promise<void> } {
  const identified = answer.results.filter((r) => r.ok);
  const best = identified[0];
  const noMatch = answer.results.filter((r) => !r.ok && r.reason === 'no-similar-reference');
  const refusal = answer.results.find((r) => !r.ok && r.reason !== 'no-similar-reference') ?? answer.results.find((r) => !r.ok);
  const status = identified.length > 0 || noMatch.length > 0 ? 'done' : 'failed';
  const summary: RrnaSummary = {};
  let call: Outcome['call'] = null;
  if (best?.ok) {
    const { complex } = best.confidence;
    const group = best.confidence.level === 'species-group' || complex ? best.confidence.names : [];
    if (group.length > 1) summary.members = group;
    call = sequenceCall(best);
  }
  if (noMatch.length > 0) {
    summary.noSimilarReference = noMatch.length;
    const similarities = noMatch.map((r) => (!r.ok ? (r.bestSimilarity ?? 0) : 0));
    summary.bestSimilarity = Math.max(...similarities);
  }
  if (status === 'failed' && refusal && !refusal.ok) summary.refusal = { message: refusal.message, detail: refusal.detail };
  const outcome: Outcome = {
    status,
    error: status === 'failed' && refusal && !refusal.ok ? refusalText(refusal.message, refusal.detail) : null,
    call,
    identified: identified.length,
    reference: answer.reference,
    searchMs: answer.searchMs,
    ...(Object.keys(summary).length > 0 ? { summary } : {}),
  };
  return {
    outcome,
    async store(tx) {
      for (const [i, result] of answer.results.entries()) {
        const stored: StoredResult = result.ok ? { ...result, taxonIds: taxonIdsOf(result, answer.taxonIds) } : result;
        await tx.query('UPDATE blast_sequence SET result = $3 WHERE task_id = $1 AND position = $2', [taskId, i + 1, JSON.stringify(stored)]);
      }
    },
  };
}

function taxonIdsOf(result: IdentificationResult, all: Map<string, string>): Record<string, string> {
  const ids: Record<string, string> = {};
  if (result.ok) for (const hit of result.hits) {
    const taxon = all.get(hit.accession);
    if (taxon) ids[hit.accession] = taxon;
  }
  return ids;
}
