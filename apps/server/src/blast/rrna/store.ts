import type { IdentificationResult } from '@mdc/core/identify/rrna';
import type { Queryable } from '../../db';
import type { Outcome } from '../method';
import type { EngineAnswer } from './engine';
import type { SubmittedSequence } from './submission';

/** A hit as stored: the engine's hit and the taxon id of its species when the taxonomy knows it. */
export type StoredResult = IdentificationResult & { taxonIds?: Record<string, string> };

export interface SequenceRow {
  position: number;
  query_id: string;
  description: string;
  sequence: string;
  length: number;
  result: StoredResult | null;
}

/** The submitted sequences, written in the task's transaction. */
export async function storeSequences(tx: Queryable, taskId: string, sequences: SubmittedSequence[]): Promise<void> {
  // One statement for all sequences; unnest keeps the parameter count fixed.
  await tx.query(
    `INSERT INTO blast_sequence (task_id, position, query_id, description, sequence, length)
     SELECT $1, p, q, d, s, l FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) AS t(p, q, d, s, l)`,
    [
      taskId,
      sequences.map((_, i) => i + 1),
      sequences.map((s) => s.queryId),
      sequences.map((s) => s.description),
      sequences.map((s) => s.sequence),
      sequences.map((s) => s.length),
    ],
  );
}

export async function taskSequences(db: Queryable, id: string): Promise<SequenceRow[]> {
  return db.query<SequenceRow>('SELECT position, query_id, description, sequence, length, result FROM blast_sequence WHERE task_id = $1 ORDER BY position', [id]);
}

/**
 * The task's outcome from every sequence's result: done when at least one sequence was
 * identified, failed (with the refusal's own sentence) when all were refused; and the write of
 * the results, for the transaction that closes the task.
 */
export function sequenceOutcome(taskId: string, answer: EngineAnswer): { outcome: Outcome; store(tx: Queryable): Promise<void> } {
  const identified = answer.results.filter((r) => r.ok);
  const best = identified[0];
  const refusal = answer.results.find((r) => !r.ok);
  const status = identified.length > 0 ? 'done' : 'failed';
  const outcome: Outcome = {
    status,
    error: status === 'failed' && refusal && !refusal.ok ? refusal.message : null,
    call: best?.ok ? { name: best.topHit.species, value: best.topHit.similarity, measure: 'similarity', level: best.confidence.level } : null,
    identified: identified.length,
    reference: answer.reference,
    searchMs: answer.searchMs,
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
