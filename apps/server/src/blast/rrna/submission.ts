import {
  DEFAULT_ERROR_LIMIT,
  DEFAULT_MIN_LENGTH,
  IDENTIFY_MESSAGES,
  encodeNucleotides,
  looksLikeProtein,
  qualityTrim,
  refusalDetail,
  refusalMessageKey,
  thresholdsFor,
  type LocalizedText,
  type Marker,
  type QualityTrim,
  type RefusalFacts,
  type RefusalReason,
} from '@mdc/core/identify/rrna';
import { Ab1FileError, isAb1, readAb1 } from '@mdc/refdata/ab1';
import { parseFastaText } from '@mdc/refdata/fasta';

export type { Marker };
export const MARKERS = ['16S', '18S'] as const satisfies readonly Marker[];

/** Sequences per submission: enough for a plate of isolates, small enough for one job. */
export const MAX_SEQUENCES = 100;
/** A whole rRNA operon is about 5 kb; anything much longer is not a marker gene sequence. */
export const MAX_SEQUENCE_LENGTH = 10_000;
/**
 * Longest FASTA header line: it names the sequence in the history, the page and the report (where
 * runs beyond 240 characters are cut). Real headers (SILVA, NCBI) stay under a few hundred.
 */
export const MAX_HEADER_LENGTH = 10_000;
/** One uploaded file: a FASTA of a plate, or one trace (real .ab1 files are 100–500 KB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Where an uploaded trace's sequence came from, kept with the sequence. */
export interface ReadOrigin {
  source: 'ab1';
  fileName: string;
  sampleName: string | null;
  baseTag: string;
  qualityTag: string | null;
  calledLength: number;
  qualityTrim: QualityTrim | null;
}

export interface SubmittedSequence {
  queryId: string;
  description: string;
  /** Residues without whitespace, as the user wrote them (a trace's calls after quality trimming). */
  sequence: string;
  length: number;
  read?: ReadOrigin;
}

export type ProblemReason = RefusalReason | 'unreadable-file' | 'name-too-long';

/** Why a submission is refused before any record is written. */
export interface SubmissionProblem {
  reason: ProblemReason;
  /** The headline the user sees (the seed's wording for empty and unsupported sequences). */
  message: LocalizedText;
  /** The specific reason, naming the sequence or file when there are several. */
  detail: LocalizedText;
  /** 1-based position of the sequence at fault. */
  position?: number;
  queryId?: string;
}

export type SubmissionCheck = { ok: true; sequences: SubmittedSequence[] } | { ok: false; problem: SubmissionProblem };

function factsFor(marker: Marker): RefusalFacts {
  return { minLength: DEFAULT_MIN_LENGTH, minSimilarity: thresholdsFor(marker).minSimilarity, maxLength: MAX_SEQUENCE_LENGTH, maxSequences: MAX_SEQUENCES, marker };
}

function headline(marker: Marker, reason: RefusalReason): LocalizedText {
  return IDENTIFY_MESSAGES[refusalMessageKey(marker, reason)];
}

function which(position: number, queryId: string, count: number, detail: LocalizedText): LocalizedText {
  if (count === 1) return detail;
  return { zh: `第 ${position} 条序列（${queryId}）：${detail.zh}`, en: `Sequence ${position} (${queryId}): ${detail.en}` };
}

/** The checks the engine would make, at once: empty, not nucleotides (or a protein), too short or long. */
function checkOne(marker: Marker, sequence: string, raw: string): RefusalReason | null {
  const facts = factsFor(marker);
  if (sequence.length === 0) return 'empty';
  const { codes, invalidAt } = encodeNucleotides(sequence);
  if (invalidAt >= 0) return looksLikeProtein(raw) ? 'protein' : 'non-nucleotide';
  if (codes.length < facts.minLength) return 'too-short';
  if (codes.length > MAX_SEQUENCE_LENGTH) return 'too-long';
  return null;
}

function tooMany(marker: Marker, count: number): SubmissionCheck {
  return { ok: false, problem: { reason: 'too-many', message: headline(marker, 'too-many'), detail: refusalDetail('too-many', { ...factsFor(marker), count }) } };
}

/**
 * Reads pasted or uploaded text (FASTA with one or more records, or a bare sequence) and checks
 * every sequence the way the engine would refuse it — empty, not nucleotides, a protein, too short
 * — so that such input is answered at once instead of becoming a task. Whether a sequence
 * resembles any reference is only known after the search.
 */
export function checkSubmission(marker: Marker, text: string): SubmissionCheck {
  const facts = factsFor(marker);
  if (text.trim().length === 0) return { ok: false, problem: { reason: 'empty', message: headline(marker, 'empty'), detail: refusalDetail('empty', facts) } };
  const records = parseFastaText(text);
  if (records.length === 0) return { ok: false, problem: { reason: 'empty', message: headline(marker, 'empty'), detail: refusalDetail('empty', facts) } };
  if (records.length > MAX_SEQUENCES) return tooMany(marker, records.length);
  const sequences: SubmittedSequence[] = [];
  for (const [i, record] of records.entries()) {
    if (record.header.length > MAX_HEADER_LENGTH) {
      const limit = MAX_HEADER_LENGTH.toLocaleString('en');
      const count = record.header.length.toLocaleString('en');
      const message = {
        zh: `第 ${i + 1} 条序列的名称（FASTA 标题行）有 ${count} 个字符，超过 ${limit} 个字符的上限`,
        en: `The name (FASTA header) of sequence ${i + 1} has ${count} characters, more than the limit of ${limit}`,
      };
      return { ok: false, problem: { reason: 'name-too-long', message, detail: message, position: i + 1, queryId: record.accession.slice(0, 60) } };
    }
    const reason = checkOne(marker, record.sequence, record.sequence);
    if (reason) {
      return {
        ok: false,
        problem: { reason, message: headline(marker, reason), detail: which(i + 1, record.accession, records.length, refusalDetail(reason, facts)), position: i + 1, queryId: record.accession },
      };
    }
    sequences.push({ queryId: record.accession, description: record.description, sequence: record.sequence, length: encodeNucleotides(record.sequence).codes.length });
  }
  return { ok: true, sequences };
}

/** A file's name as a sequence name: without its folder and extension. */
function nameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.(ab1|abi|abif|fasta|fas|fa|fna|ffn|txt|seq)$/i, '').trim().replace(/\s+/g, '_') || 'trace';
}

/**
 * Reads uploaded files: Sanger chromatograms (.ab1, recognised by their content) give their base
 * calls trimmed by quality (Mott, error limit 0.05); any other file must be FASTA text. Every file
 * is read before anything is accepted: one unreadable file refuses the submission, naming it.
 */
export function checkFiles(marker: Marker, files: readonly { fileName: string; bytes: Uint8Array }[], errorLimit = DEFAULT_ERROR_LIMIT): SubmissionCheck {
  const facts = factsFor(marker);
  const unreadable = (detail: LocalizedText): SubmissionCheck => ({ ok: false, problem: { reason: 'unreadable-file', message: headline(marker, 'non-nucleotide'), detail } });
  const sequences: SubmittedSequence[] = [];
  for (const file of files) {
    const label = file.fileName || 'upload';
    if (file.bytes.length > MAX_FILE_BYTES) {
      return unreadable({ en: `${label}: the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`, zh: `${label}：文件超过 ${MAX_FILE_BYTES / 1024 / 1024} MB。` });
    }
    if (isAb1(file.bytes) || /\.(ab1|abi|abif)$/i.test(label)) {
      let read;
      try {
        read = readAb1(file.bytes, label);
      } catch (error) {
        if (error instanceof Ab1FileError) return unreadable(error.text);
        throw error;
      }
      const trim = read.qualities ? qualityTrim(read.qualities, errorLimit) : null;
      const sequence = trim ? read.bases.slice(trim.start, trim.end) : read.bases;
      const origin: ReadOrigin = { source: 'ab1', fileName: label, sampleName: read.sampleName, baseTag: read.baseTag, qualityTag: read.qualityTag, calledLength: read.bases.length, qualityTrim: trim };
      if (sequence.length < facts.minLength) {
        const kept = trim ? trim.end - trim.start : sequence.length;
        return {
          ok: false,
          problem: {
            reason: 'too-short',
            message: headline(marker, 'too-short'),
            detail: trim
              ? {
                  en: `${label}: after trimming low-quality ends (error limit ${errorLimit}), ${kept} of ${read.bases.length} base calls remain, fewer than ${facts.minLength}.`,
                  zh: `${label}：按质量修剪两端低质量碱基（错误率上限 ${errorLimit}）后，${read.bases.length} 个碱基中只剩 ${kept} 个，少于 ${facts.minLength} 个。`,
                }
              : { en: `${label}: ${refusalDetail('too-short', facts).en}`, zh: `${label}：${refusalDetail('too-short', facts).zh}` },
            queryId: nameOf(label),
          },
        };
      }
      sequences.push({ queryId: read.sampleName ?? nameOf(label), description: label, sequence, length: sequence.length, read: origin });
      continue;
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(file.bytes);
    if (text.includes('\u0000') || text.includes('\ufffd')) {
      return unreadable({
        en: `${label}: this is neither a FASTA text file nor a Sanger chromatogram (.ab1).`,
        zh: `${label}：既不是 FASTA 文本文件，也不是 Sanger 测序峰图（.ab1）。`,
      });
    }
    const check = checkSubmission(marker, text);
    if (!check.ok) {
      const { detail } = check.problem;
      return { ok: false, problem: { ...check.problem, detail: files.length > 1 ? { en: `${label}: ${detail.en}`, zh: `${label}：${detail.zh}` } : detail } };
    }
    sequences.push(...check.sequences);
  }
  if (sequences.length === 0) return { ok: false, problem: { reason: 'empty', message: headline(marker, 'empty'), detail: refusalDetail('empty', facts) } };
  if (sequences.length > MAX_SEQUENCES) return tooMany(marker, sequences.length);
  return { ok: true, sequences };
}
