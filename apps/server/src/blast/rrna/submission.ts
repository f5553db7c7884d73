import {
  assembleReadPair,
  pairReadsByName,
  DEFAULT_ERROR_LIMIT,
  DEFAULT_MIN_LENGTH,
  IDENTIFY_MESSAGES,
  encodeNucleotides,
  explainNotNucleotides,
  textBeforeFirstHeader,
  type NotNucleotides,
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
import { Ab1FileError, Ab1TooManyBases, isAb1, readAb1 } from '@mdc/refdata/ab1';
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

/** One trace as read: its file, tags and what quality trimming kept. */
export interface TraceOrigin {
  fileName: string;
  sampleName: string | null;
  baseTag: string;
  qualityTag: string | null;
  calledLength: number;
  qualityTrim: QualityTrim | null;
}

/** The forward and reverse read of one isolate, assembled (see `assembleReadPair`). */
export interface PairOrigin {
  reverse: TraceOrigin;
  overlapLength: number;
  /** Identical ÷ overlap columns, percent. */
  identity: number;
  mismatches: number;
  gaps: number;
  resolved: number;
  consensusLength: number;
  meanQuality: number;
}

/** Where an uploaded trace's sequence came from, kept with the sequence. */
export interface ReadOrigin extends TraceOrigin {
  source: 'ab1';
  /** Present when the sequence is the consensus of this (forward) read and its reverse read. */
  pair?: PairOrigin;
  /** A read named as one of a pair whose reads did not overlap: identified alone. */
  unpaired?: { partner: string; overlapLength: number; identity: number };
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
function checkOne(marker: Marker, sequence: string, raw: string): { reason: RefusalReason; notNucleotides?: NotNucleotides } | null {
  const facts = factsFor(marker);
  if (sequence.length === 0) return { reason: 'empty' };
  const { codes, invalidAt } = encodeNucleotides(sequence);
  if (invalidAt >= 0) return explainNotNucleotides(raw);
  if (codes.length < facts.minLength) return { reason: 'too-short' };
  if (codes.length > MAX_SEQUENCE_LENGTH) return { reason: 'too-long' };
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
    // Bare text keeps its lines, so a name line without '>' or numbered lines can be named as such.
    const found = checkOne(marker, record.sequence, record.line === 0 ? textBeforeFirstHeader(text) : record.sequence);
    if (found) {
      const { reason, notNucleotides } = found;
      const detail = refusalDetail(reason, notNucleotides ? { ...facts, notNucleotides } : facts);
      return {
        ok: false,
        problem: { reason, message: headline(marker, reason), detail: which(i + 1, record.accession, records.length, detail), position: i + 1, queryId: record.accession },
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

/** How the reads of an upload are paired: by their names, as the user paired them, or not at all. */
export type Pairing = 'by-name' | 'none' | readonly (readonly [forward: string, reverse: string])[];

export interface TraceRead {
  label: string;
  origin: ReadOrigin;
  /** Quality-trimmed calls and their qualities. */
  bases: string;
  qualities: Uint8Array | null;
  queryId: string;
}

const percent = (x: number) => Math.round(x * 10_000) / 100;

/** A trace, or the sequences of a FASTA file, in upload order. */
export type UploadSlot = SubmittedSequence[] | TraceRead;

/**
 * Reads one Sanger chromatogram: its base calls trimmed by quality (Mott). Refuses a file that is
 * no readable ABIF, and one with more calls than a sequence may have (the limit of FASTA).
 */
export function readTrace(marker: Marker, label: string, bytes: Uint8Array, errorLimit = DEFAULT_ERROR_LIMIT): { ok: true; trace: TraceRead } | { ok: false; problem: SubmissionProblem } {
  let read;
  try {
    // The same limit as a FASTA sequence: a trace is refused for what it holds, not let through
    // because it is binary — and by the count its directory declares, before the calls are decoded.
    read = readAb1(bytes, label, { maxBases: MAX_SEQUENCE_LENGTH });
  } catch (error) {
    if (error instanceof Ab1TooManyBases) return { ok: false, problem: { reason: 'too-long', message: headline(marker, 'too-long'), detail: error.text, queryId: nameOf(label) } };
    if (error instanceof Ab1FileError) return { ok: false, problem: { reason: 'unreadable-file', message: headline(marker, 'non-nucleotide'), detail: error.text } };
    throw error;
  }
  const trim = read.qualities ? qualityTrim(read.qualities, errorLimit) : null;
  const bases = trim ? read.bases.slice(trim.start, trim.end) : read.bases;
  const origin: ReadOrigin = { source: 'ab1', fileName: label, sampleName: read.sampleName, baseTag: read.baseTag, qualityTag: read.qualityTag, calledLength: read.bases.length, qualityTrim: trim };
  return { ok: true, trace: { label, origin, bases, qualities: trim && read.qualities ? read.qualities.subarray(trim.start, trim.end) : null, queryId: read.sampleName ?? nameOf(label) } };
}

/**
 * Reads uploaded files: Sanger chromatograms (.ab1, recognised by their content) give their base
 * calls trimmed by quality (Mott, error limit 0.05); any other file must be FASTA text. A forward
 * and a reverse read of one isolate (paired by name or by the user) become one consensus. Every
 * file is read before anything is accepted: one unreadable file refuses the submission, naming it
 * (the frame then tries each file alone and submits the rest; see blast/batch.ts).
 */
export function checkFiles(
  marker: Marker,
  files: readonly { fileName: string; bytes: Uint8Array }[],
  errorLimit = DEFAULT_ERROR_LIMIT,
  pairing: Pairing = 'by-name',
): SubmissionCheck {
  const facts = factsFor(marker);
  const unreadable = (detail: LocalizedText): SubmissionCheck => ({ ok: false, problem: { reason: 'unreadable-file', message: headline(marker, 'non-nucleotide'), detail } });
  const slots: UploadSlot[] = [];
  for (const file of files) {
    const label = file.fileName || 'upload';
    if (file.bytes.length > MAX_FILE_BYTES) {
      return unreadable({ en: `${label}: the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`, zh: `${label}：文件超过 ${MAX_FILE_BYTES / 1024 / 1024} MB。` });
    }
    if (isAb1(file.bytes) || /\.(ab1|abi|abif)$/i.test(label)) {
      const read = readTrace(marker, label, file.bytes, errorLimit);
      if (!read.ok) return { ok: false, problem: read.problem };
      slots.push(read.trace);
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
    slots.push(check.sequences);
  }
  const { sequences, refused } = sequencesOf(marker, slots, pairing, errorLimit);
  if (refused[0]) return { ok: false, problem: refused[0].problem };
  if (sequences.length === 0) return { ok: false, problem: { reason: 'empty', message: headline(marker, 'empty'), detail: refusalDetail('empty', facts) } };
  if (sequences.length > MAX_SEQUENCES) return tooMany(marker, sequences.length);
  return { ok: true, sequences };
}

/**
 * The sequences of read uploads, in their order: FASTA records as they are, traces alone or — a
 * forward and a reverse read of one isolate, paired by name or by the user — as one consensus.
 * Traces too short once trimmed are refused, each named.
 */
export function sequencesOf(
  marker: Marker,
  slots: readonly UploadSlot[],
  pairing: Pairing = 'by-name',
  errorLimit = DEFAULT_ERROR_LIMIT,
): { sequences: SubmittedSequence[]; refused: { label: string; problem: SubmissionProblem }[] } {
  const facts = factsFor(marker);
  // Pairs of traces: by name, or as the user paired them (names of files in this upload).
  const traces = slots.flatMap((slot, at) => (Array.isArray(slot) ? [] : [{ at, read: slot }]));
  const pairs: { forward: number; reverse: number; isolate: string }[] = [];
  if (pairing === 'by-name') {
    for (const p of pairReadsByName(traces.map((t) => t.read.label)).pairs) pairs.push({ forward: traces[p.forward]!.at, reverse: traces[p.reverse]!.at, isolate: p.isolate });
  } else if (pairing !== 'none') {
    const used = new Set<number>();
    for (const [f, r] of pairing) {
      const forward = traces.find((t) => t.read.label === f && !used.has(t.at));
      const reverse = traces.find((t) => t.read.label === r && !used.has(t.at) && t !== forward);
      if (!forward || !reverse) continue;
      used.add(forward.at).add(reverse.at);
      const named = pairReadsByName([f, r]).pairs[0];
      pairs.push({ forward: forward.at, reverse: reverse.at, isolate: named?.isolate ?? nameOf(f) });
    }
  }
  const pairOf = new Map<number, (typeof pairs)[number]>();
  for (const p of pairs) pairOf.set(p.forward, p).set(p.reverse, p);

  const sequences: SubmittedSequence[] = [];
  const refused: { label: string; problem: SubmissionProblem }[] = [];
  const tooShort = (t: TraceRead) => {
    const trim = t.origin.qualityTrim;
    refused.push({
      label: t.label,
      problem: {
        reason: 'too-short',
        message: headline(marker, 'too-short'),
        detail: trim
          ? {
              en: `${t.label}: after trimming low-quality ends (error limit ${errorLimit}), ${t.bases.length} of ${t.origin.calledLength} base calls remain, fewer than ${facts.minLength}.`,
              zh: `${t.label}：按质量修剪两端低质量碱基（错误率上限 ${errorLimit}）后，${t.origin.calledLength} 个碱基中只剩 ${t.bases.length} 个，少于 ${facts.minLength} 个。`,
            }
          : { en: `${t.label}: ${refusalDetail('too-short', facts).en}`, zh: `${t.label}：${refusalDetail('too-short', facts).zh}` },
        queryId: nameOf(t.label),
      },
    });
  };
  const single = (t: TraceRead, unpaired?: ReadOrigin['unpaired']): SubmittedSequence => ({
    queryId: t.queryId,
    description: t.label,
    sequence: t.bases,
    length: t.bases.length,
    read: unpaired ? { ...t.origin, unpaired } : t.origin,
  });
  for (const [at, slot] of slots.entries()) {
    if (Array.isArray(slot)) {
      sequences.push(...slot);
      continue;
    }
    const pair = pairOf.get(at);
    if (pair && pair.reverse === at) continue; // taken with its forward read
    if (!pair) {
      if (slot.bases.length < facts.minLength) tooShort(slot);
      else sequences.push(single(slot));
      continue;
    }
    const forward = slot;
    const reverse = slots[pair.reverse] as TraceRead;
    const outcome = assembleReadPair(forward, reverse);
    if (!outcome.ok) {
      // Reads that do not overlap are not one amplicon's two strands: each is identified alone, and says so.
      const note = (partner: TraceRead) => ({ partner: partner.label, overlapLength: outcome.overlapLength, identity: percent(outcome.identity) });
      for (const t of [forward, reverse]) {
        if (t.bases.length < facts.minLength) tooShort(t);
        else sequences.push(single(t, note(t === forward ? reverse : forward)));
      }
      continue;
    }
    const a = outcome.assembly;
    if (a.sequence.length < facts.minLength) {
      tooShort(forward);
      continue;
    }
    const { source: _source, ...reverseOrigin } = reverse.origin;
    sequences.push({
      queryId: pair.isolate,
      description: `${forward.label} + ${reverse.label}`,
      sequence: a.sequence,
      length: a.sequence.length,
      read: {
        ...forward.origin,
        pair: {
          reverse: reverseOrigin,
          overlapLength: a.overlapLength,
          identity: percent(a.identity),
          mismatches: a.mismatches,
          gaps: a.gaps,
          resolved: a.resolved,
          consensusLength: a.sequence.length,
          meanQuality: Math.round((10 * a.qualities.reduce((n, q) => n + q, 0)) / Math.max(1, a.qualities.length)) / 10,
        },
      },
    });
  }
  return { sequences, refused };
}
