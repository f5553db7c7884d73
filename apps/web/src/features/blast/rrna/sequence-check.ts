import {
  DEFAULT_MIN_LENGTH,
  DEFAULT_THRESHOLDS,
  IDENTIFY_MESSAGES,
  encodeNucleotides,
  explainNotNucleotides,
  textBeforeFirstHeader,
  refusalDetail,
  refusalMessageKey,
  type LocalizedText,
} from '@mdc/core/identify/rrna';
import type { Marker } from '../api';

export interface Limits {
  minLength: number;
  maxLength: number;
  maxSequences: number;
}

/** The server's limits (`/api/blast/info` says the same). */
export const DEFAULT_LIMITS: Limits = { minLength: DEFAULT_MIN_LENGTH, maxLength: 10_000, maxSequences: 100 };

export interface ParsedSequence {
  id: string;
  /** Residues without whitespace. */
  sequence: string;
}

/**
 * FASTA with one or more records, or a bare sequence — the way the server reads a submission:
 * bare text before the first header is a sequence named `query`, a header without residues an
 * empty sequence.
 */
export function parseSequences(text: string): ParsedSequence[] {
  const out: ParsedSequence[] = [];
  let bare = '';
  let current: ParsedSequence | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('>')) {
      if (current) out.push(current);
      const name = line.slice(1).trim().split(/\s+/)[0] ?? '';
      current = { id: name || `query_${out.length + 1}`, sequence: '' };
      continue;
    }
    const residues = line.replace(/\s+/g, '');
    if (!residues) continue;
    if (current) current.sequence += residues;
    else bare += residues;
  }
  if (current) out.push(current);
  if (bare) out.unshift({ id: 'query', sequence: bare });
  return out;
}

export interface CheckProblem {
  message: LocalizedText;
  detail: LocalizedText;
}

export type SequenceCheck = { ok: true; sequences: ParsedSequence[]; bases: number } | { ok: false; problem: CheckProblem };

/**
 * The checks the server makes at submission, made before sending so the user hears at once:
 * the same sentences (empty; unsupported for non-nucleotide characters, too short or too long),
 * naming the sequence at fault when there are several.
 */
export function checkSequences(marker: Marker, text: string, limits: Limits = DEFAULT_LIMITS): SequenceCheck {
  const engineLimits = { minLength: limits.minLength, minSimilarity: DEFAULT_THRESHOLDS.minSimilarity, maxLength: limits.maxLength, maxSequences: limits.maxSequences };
  const empty = IDENTIFY_MESSAGES[refusalMessageKey(marker, 'empty')];
  const unsupported = IDENTIFY_MESSAGES[refusalMessageKey(marker, 'non-nucleotide')];
  const sequences = parseSequences(text);
  if (sequences.length === 0) return { ok: false, problem: { message: empty, detail: refusalDetail('empty', engineLimits) } };
  if (sequences.length > limits.maxSequences) {
    return {
      ok: false,
      problem: {
        message: unsupported,
        detail: refusalDetail('too-many', { ...engineLimits, count: sequences.length }),
      },
    };
  }
  let bases = 0;
  for (const [i, s] of sequences.entries()) {
    const named = (detail: LocalizedText): LocalizedText =>
      sequences.length === 1 ? detail : { zh: `第 ${i + 1} 条序列（${s.id}）：${detail.zh}`, en: `Sequence ${i + 1} (${s.id}): ${detail.en}` };
    if (!s.sequence) return { ok: false, problem: { message: empty, detail: named(refusalDetail('empty', engineLimits)) } };
    const { codes, invalidAt } = encodeNucleotides(s.sequence);
    if (invalidAt >= 0) {
      // Bare text (named `query`, before any '>') keeps its lines, as the server reads it.
      const bare = s.id === 'query' && i === 0 && !/^\s*>/.test(text);
      const { reason, notNucleotides } = explainNotNucleotides(bare ? textBeforeFirstHeader(text) : s.sequence);
      return { ok: false, problem: { message: unsupported, detail: named(refusalDetail(reason, notNucleotides ? { ...engineLimits, notNucleotides } : engineLimits)) } };
    }
    if (codes.length < limits.minLength) return { ok: false, problem: { message: unsupported, detail: named(refusalDetail('too-short', engineLimits)) } };
    if (codes.length > limits.maxLength) {
      return {
        ok: false,
        problem: {
          message: unsupported,
          detail: named(refusalDetail('too-long', engineLimits)),
        },
      };
    }
    bases += codes.length;
  }
  return { ok: true, sequences, bases };
}
