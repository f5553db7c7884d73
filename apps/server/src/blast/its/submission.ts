import { ITS_MAX_LENGTH, ITS_MESSAGES, ITS_MIN_LENGTH, ITS_THRESHOLDS } from '@mdc/core/identify/its';
import { encodeNucleotides, explainNotNucleotides, refusalDetail, textBeforeFirstHeader, type NotNucleotides, type LocalizedText, type RefusalFacts, type RefusalReason } from '@mdc/core/identify/rrna';
import { parseFastaText } from '@mdc/refdata/fasta';

/** Reads per submission: a plate of isolates, as for 16S/18S. */
export const MAX_ITS_SEQUENCES = 100;
/** One uploaded FASTA file. */
export const MAX_ITS_FILE_BYTES = 2 * 1024 * 1024;

export interface ItsQuery {
  queryId: string;
  description: string;
  sequence: string;
  length: number;
}

export interface ItsProblem {
  reason: RefusalReason | 'unreadable-file';
  message: LocalizedText;
  detail: LocalizedText;
  position?: number;
  queryId?: string;
}

export type ItsCheck = { ok: true; sequences: ItsQuery[] } | { ok: false; problem: ItsProblem };

const FACTS: RefusalFacts = { minLength: ITS_MIN_LENGTH, maxLength: ITS_MAX_LENGTH, minSimilarity: ITS_THRESHOLDS.minSimilarity, maxSequences: MAX_ITS_SEQUENCES };

const headline = (reason: ItsProblem['reason']) => (reason === 'empty' ? ITS_MESSAGES['identify.its.empty'] : ITS_MESSAGES['identify.its.unsupported']);

function problem(reason: RefusalReason, extra: Partial<ItsProblem> & { detail?: LocalizedText } = {}): ItsCheck {
  return { ok: false, problem: { reason, message: headline(reason), detail: refusalDetail(reason, FACTS), ...extra } };
}

/**
 * Pasted or uploaded FASTA (one or more reads, or a bare sequence), checked the way the engine would
 * refuse it — empty, not nucleotides, a protein, shorter than 50 or longer than 3,000 bases — so that
 * such input is answered at once instead of becoming a task.
 */
export function checkItsText(text: string): ItsCheck {
  if (text.trim().length === 0) return problem('empty');
  const records = parseFastaText(text);
  if (records.length === 0) return problem('empty');
  if (records.length > MAX_ITS_SEQUENCES) return { ok: false, problem: { reason: 'too-many', message: headline('too-many'), detail: refusalDetail('too-many', { ...FACTS, count: records.length }) } };
  const sequences: ItsQuery[] = [];
  for (const [i, record] of records.entries()) {
    const { codes, invalidAt } = encodeNucleotides(record.sequence);
    let reason: RefusalReason | null = null;
    let notNucleotides: NotNucleotides | undefined;
    if (record.sequence.length === 0) reason = 'empty';
    else if (invalidAt >= 0) ({ reason, notNucleotides } = explainNotNucleotides(record.line === 0 ? textBeforeFirstHeader(text) : record.sequence));
    else if (codes.length < ITS_MIN_LENGTH) reason = 'too-short';
    else if (codes.length > ITS_MAX_LENGTH) reason = 'too-long';
    if (reason) {
      const detail = refusalDetail(reason, notNucleotides ? { ...FACTS, notNucleotides } : FACTS);
      const named = records.length > 1 ? { zh: `第 ${i + 1} 条序列（${record.accession}）：${detail.zh}`, en: `Sequence ${i + 1} (${record.accession}): ${detail.en}` } : detail;
      return problem(reason, { detail: named, position: i + 1, queryId: record.accession });
    }
    sequences.push({ queryId: record.accession, description: record.description, sequence: record.sequence, length: codes.length });
  }
  return { ok: true, sequences };
}

/** Uploaded files: FASTA text each; every file is read before anything is accepted. */
export function checkItsFiles(files: readonly { fileName: string; bytes: Uint8Array }[]): ItsCheck {
  const sequences: ItsQuery[] = [];
  for (const file of files) {
    const label = file.fileName || 'upload';
    const unreadable = (detail: LocalizedText): ItsCheck => ({ ok: false, problem: { reason: 'unreadable-file', message: headline('non-nucleotide'), detail } });
    if (file.bytes.length > MAX_ITS_FILE_BYTES) return unreadable({ en: `${label}: the file is larger than ${MAX_ITS_FILE_BYTES / 1024 / 1024} MB.`, zh: `${label}：文件超过 ${MAX_ITS_FILE_BYTES / 1024 / 1024} MB。` });
    const text = new TextDecoder('utf-8', { fatal: false }).decode(file.bytes);
    if (text.includes('\u0000') || text.includes('\ufffd')) return unreadable({ en: `${label}: this is not a FASTA text file.`, zh: `${label}：不是 FASTA 文本文件。` });
    const check = checkItsText(text);
    if (!check.ok) {
      const { detail } = check.problem;
      return { ok: false, problem: { ...check.problem, detail: files.length > 1 ? { en: `${label}: ${detail.en}`, zh: `${label}：${detail.zh}` } : detail } };
    }
    sequences.push(...check.sequences);
  }
  if (sequences.length === 0) return problem('empty');
  if (sequences.length > MAX_ITS_SEQUENCES) return { ok: false, problem: { reason: 'too-many', message: headline('too-many'), detail: refusalDetail('too-many', { ...FACTS, count: sequences.length }) } };
  return { ok: true, sequences };
}
