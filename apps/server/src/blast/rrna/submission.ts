import {
  DEFAULT_MIN_LENGTH,
  DEFAULT_THRESHOLDS,
  IDENTIFY_MESSAGES,
  encodeNucleotides,
  refusalDetail,
  refusalMessageKey,
  type LocalizedText,
  type Marker,
  type RefusalReason,
} from '@mdc/core/identify/rrna';
import { parseFastaText } from '@mdc/refdata/fasta';

export type { Marker };
export const MARKERS = ['16S', '18S'] as const satisfies readonly Marker[];

/** Sequences per submission: enough for a plate of isolates, small enough for one job. */
export const MAX_SEQUENCES = 100;
/** A whole rRNA operon is about 5 kb; anything much longer is not a marker gene sequence. */
export const MAX_SEQUENCE_LENGTH = 10_000;

export interface SubmittedSequence {
  queryId: string;
  description: string;
  /** Residues without whitespace, as the user wrote them. */
  sequence: string;
  length: number;
}

export type ProblemReason = RefusalReason | 'too-long' | 'too-many';

/** Why a submission is refused before any record is written. */
export interface SubmissionProblem {
  reason: ProblemReason;
  /** The sentence the user sees (the wording for empty and unsupported sequences). */
  message: LocalizedText;
  /** What exactly is wrong, naming the sequence when there are several. */
  detail: LocalizedText;
  /** 1-based position of the sequence at fault. */
  position?: number;
  queryId?: string;
}

export type SubmissionCheck = { ok: true; sequences: SubmittedSequence[] } | { ok: false; problem: SubmissionProblem };

const limits = { minLength: DEFAULT_MIN_LENGTH, minSimilarity: DEFAULT_THRESHOLDS.minSimilarity };

function unsupported(marker: Marker): LocalizedText {
  return IDENTIFY_MESSAGES[refusalMessageKey(marker, 'non-nucleotide')];
}

function which(position: number, queryId: string, count: number, detail: LocalizedText): LocalizedText {
  if (count === 1) return detail;
  return { zh: `第 ${position} 条序列（${queryId}）：${detail.zh}`, en: `Sequence ${position} (${queryId}): ${detail.en}` };
}

/**
 * Reads pasted or uploaded text (FASTA with one or more records, or a bare sequence) and checks
 * every sequence the way the engine would refuse it — empty, not nucleotides, too short — so that
 * such input is answered at once instead of becoming a task. Whether a sequence resembles any
 * reference is only known after the search.
 */
export function checkSubmission(marker: Marker, text: string): SubmissionCheck {
  const empty = IDENTIFY_MESSAGES[refusalMessageKey(marker, 'empty')];
  if (text.trim().length === 0) return { ok: false, problem: { reason: 'empty', message: empty, detail: refusalDetail('empty', limits) } };
  const records = parseFastaText(text);
  if (records.length === 0) return { ok: false, problem: { reason: 'empty', message: empty, detail: refusalDetail('empty', limits) } };
  if (records.length > MAX_SEQUENCES) {
    return {
      ok: false,
      problem: {
        reason: 'too-many',
        message: unsupported(marker),
        detail: {
          zh: `一次最多提交 ${MAX_SEQUENCES} 条序列，本次为 ${records.length} 条。`,
          en: `At most ${MAX_SEQUENCES} sequences per submission; this one has ${records.length}.`,
        },
      },
    };
  }
  const sequences: SubmittedSequence[] = [];
  for (const [i, record] of records.entries()) {
    const position = i + 1;
    const at = { position, queryId: record.accession };
    const refuse = (reason: ProblemReason, detail: LocalizedText): SubmissionCheck => ({
      ok: false,
      problem: { reason, message: reason === 'empty' ? empty : unsupported(marker), detail: which(position, record.accession, records.length, detail), ...at },
    });
    if (record.sequence.length === 0) return refuse('empty', refusalDetail('empty', limits));
    const { codes, invalidAt } = encodeNucleotides(record.sequence);
    if (invalidAt >= 0) return refuse('non-nucleotide', refusalDetail('non-nucleotide', limits));
    if (codes.length < limits.minLength) return refuse('too-short', refusalDetail('too-short', limits));
    if (codes.length > MAX_SEQUENCE_LENGTH) {
      return refuse('too-long', {
        zh: `序列长于 ${MAX_SEQUENCE_LENGTH} bp，不是单个标记基因序列。`,
        en: `The sequence is longer than ${MAX_SEQUENCE_LENGTH} bp, more than one marker gene.`,
      });
    }
    sequences.push({ queryId: record.accession, description: record.description, sequence: record.sequence, length: codes.length });
  }
  return { ok: true, sequences };
}
