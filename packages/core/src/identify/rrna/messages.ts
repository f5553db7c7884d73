import { encodeNucleotides } from './alphabet';

export type Marker = '16S' | '18S';
export type Language = 'zh' | 'en';
export type LocalizedText = Readonly<Record<Language, string>>;

/**
 * How MDC computes similarity, for display next to results. Keep it in step with
 * `alignmentStats`, `bestLocalStretch` and `identifySequence`.
 */
export const SIMILARITY_DEFINITION: LocalizedText = Object.freeze({
  en:
    'Similarity = identical columns / alignment columns over the aligned stretch of the query, in percent (as BLAST and EzBioCloud report identity). ' +
    'Ends of the query outside its best local alignment with the top hit (vector, primer tails, the noisy end of a read) are trimmed and shown apart; ' +
    'the stretch that remains is aligned end to end against every candidate: reference bases overhanging it are not alignment columns; of its bases beyond an end of a reference, the first 20 (a primer\'s length, often missing from deposited references) are not columns either and the rest count as gap columns. ' +
    'Query coverage = the share of the submitted sequence facing reference bases. Each gap base is one column. A column where an ' +
    'ambiguity code (e.g. N, R, Y) faces a base it may stand for is neither identical nor a mismatch and is ' +
    'left out of both counts; an ambiguity code facing a base it cannot stand for is a mismatch. ' +
    'References tied with the top hit are all listed: those whose differing columns, scaled to the longer of the two alignments, differ from the top hit\'s by less than half a column, and those shown at the same two decimals.',
  zh:
    '相似度 = 查询序列比对区段内的相同位点数 / 比对位点数（百分比，与 BLAST、EzBioCloud 报告的一致性相同）。' +
    '查询序列两端位于与最佳匹配的最佳局部比对之外的部分（如载体、引物尾或读段末端的杂乱碱基）被修剪并单独列出；' +
    '其余区段与每条候选参考序列全长比对：参考序列超出该区段两端的部分不计入比对位点；该区段超出参考序列某一端的碱基中，前 20 个（约一条引物的长度，提交的参考序列常不含引物区）不计入比对位点，其余计为空位位点。' +
    '查询覆盖度 = 提交序列中与参考序列碱基相对的比例。每个空位碱基计为一个位点。简并碱基（如 N、R、Y）与其可代表的碱基相对时，' +
    '既不算相同也不算错配，不计入分子和分母；与其不能代表的碱基相对时计为错配。' +
    '与最佳匹配并列的参考序列全部列出：差异位点数按两者中较长的比对折算后与最佳匹配相差不到半个位点的，以及相似度在所显示的两位小数上相同的。',
});

/** Why a submitted sequence was refused. */
export type RefusalReason =
  | 'empty'
  | 'non-nucleotide'
  | 'protein'
  | 'too-short'
  | 'too-long'
  | 'too-many'
  | 'other-marker'
  | 'no-similar-reference';

export type IdentifyMessageKey =
  | 'identify.16s.empty'
  | 'identify.16s.unsupported'
  | 'identify.18s.empty'
  | 'identify.18s.unsupported';

export const IDENTIFY_MESSAGES: Readonly<Record<IdentifyMessageKey, LocalizedText>> = Object.freeze({
  'identify.16s.empty': { en: 'The 16s gene sequence can not be empty', zh: '16s 基因序列不能为空' },
  'identify.16s.unsupported': {
    en: 'Unsupported 16s gene sequence, Please confirm and re-enter',
    zh: '不支持的 16s 基因序列，请确认后重新输入',
  },
  'identify.18s.empty': { en: 'The 18s gene sequence can not be empty', zh: '18s 基因序列不能为空' },
  'identify.18s.unsupported': {
    en: 'Unsupported 18s gene sequence, Please confirm and re-enter',
    zh: '不支持的 18s 基因序列，请确认后重新输入',
  },
});

/** What a refusal's explanation may quote. */
export interface RefusalFacts {
  minLength: number;
  minSimilarity: number;
  maxLength?: number;
  maxSequences?: number;
  /** Sequences in a submission refused as too many. */
  count?: number;
  /** The marker submitted, and the other marker's best reference for `other-marker`. */
  marker?: Marker;
  otherMatch?: { species: string; accession: string; similarity: number };
  /** Best similarity found for `no-similar-reference`. */
  bestSimilarity?: number;
  /** For `non-nucleotide`: what in the text is not sequence (see `explainNotNucleotides`). */
  notNucleotides?: NotNucleotides;
}

/**
 * What makes text refused as not nucleotides so, in the terms a user can act on: a name line
 * without its '>', numbers between the bases (a GenBank flat file's positions, line numbers), or
 * the first character that is no nucleotide code. A protein is its own reason (`looksLikeProtein`).
 */
export type NotNucleotides =
  | { kind: 'name-line'; line: string }
  | { kind: 'numbers' }
  | { kind: 'character'; character: string; line: number; column: number };

/** Lines of a GenBank flat file's sequence part that are no sequence: ORIGIN and the closing //. */
const FLAT_FILE_FRAME = /^(ORIGIN\b.*|\/\/)$/i;
/** Shortest run of bases that makes the rest of the text recognisably a sequence. */
const MIN_RECOGNISABLE_BASES = 20;

function nucleotidesOnly(text: string): boolean {
  const { codes, invalidAt } = encodeNucleotides(text);
  return invalidAt < 0 && codes.length >= MIN_RECOGNISABLE_BASES;
}

/**
 * Why `text` (one submitted sequence, with its line breaks when the user gave them) is not
 * nucleotides: 'protein' when it reads as amino acids, otherwise 'non-nucleotide' with what to fix.
 */
export function explainNotNucleotides(text: string): { reason: 'protein' | 'non-nucleotide'; notNucleotides?: NotNucleotides } {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line.length > 0);
  const withoutNumbers = (parts: string[]) => parts.filter((line) => !FLAT_FILE_FRAME.test(line)).join('\n').replace(/[0-9]/g, '');
  // A FASTA pasted without its '>': a first line of words above lines of bases.
  if (lines.length >= 2 && encodeNucleotides(lines[0]!.replace(/[0-9]/g, '')).invalidAt >= 0 && !/^ORIGIN\b/i.test(lines[0]!) && nucleotidesOnly(withoutNumbers(lines.slice(1)))) {
    const line = lines[0]!;
    return { reason: 'non-nucleotide', notNucleotides: { kind: 'name-line', line: line.length > 80 ? `${line.slice(0, 79)}…` : line } };
  }
  if (/[0-9]/.test(text) && nucleotidesOnly(withoutNumbers(lines))) return { reason: 'non-nucleotide', notNucleotides: { kind: 'numbers' } };
  if (looksLikeProtein(text)) return { reason: 'protein' };
  const all = text.split(/\r\n|\r|\n/);
  for (const [i, line] of all.entries()) {
    const { invalidAt } = encodeNucleotides(line);
    if (invalidAt < 0) continue;
    // `invalidAt` counts bases before the bad character; find its column in the line as written.
    let column = 0;
    let bases = 0;
    for (; column < line.length; column++) {
      const c = line[column]!;
      if (/\s/.test(c)) continue;
      if (bases === invalidAt) break;
      bases++;
    }
    return { reason: 'non-nucleotide', notNucleotides: { kind: 'character', character: line[column] ?? '?', line: i + 1, column: column + 1 } };
  }
  return { reason: 'non-nucleotide' };
}

/**
 * The text before the first FASTA header line, as the user wrote it: the bare sequence a parser
 * names `query`, kept with its line breaks so that `explainNotNucleotides` can see its lines.
 */
export function textBeforeFirstHeader(text: string): string {
  const header = text.search(/^[ \t]*>/m);
  return header < 0 ? text : text.slice(0, header);
}

function notNucleotidesDetail(what: NotNucleotides | undefined): LocalizedText {
  switch (what?.kind) {
    case 'name-line':
      return {
        en: `The first line ("${what.line}") is a name, not sequence: in FASTA a name line starts with ">". Add the ">" or delete the line.`,
        zh: `第一行（“${what.line}”）是名称而不是序列：FASTA 的名称行须以“>”开头。请在行首加上“>”，或删去这一行。`,
      };
    case 'numbers':
      return {
        en: 'The bases are interleaved with numbers (positions or line numbers, as in a GenBank flat file): paste the bases alone, or as FASTA.',
        zh: '碱基之间夹有数字（如 GenBank 格式中的位置编号或行号）：请只粘贴碱基，或使用 FASTA 格式。',
      };
    case 'character': {
      const shown = what.character === '"' ? "'\"'" : `"${what.character}"`;
      return {
        en: `Line ${what.line}, column ${what.column} holds ${shown}, which is not a nucleotide (IUPAC) code.`,
        zh: `第 ${what.line} 行第 ${what.column} 列的字符 ${shown} 不是核苷酸（IUPAC）代码。`,
      };
    }
    default:
      return {
        en: 'The sequence contains characters that are not nucleotide (IUPAC) codes.',
        zh: '序列含有非核苷酸（IUPAC）字符。',
      };
  }
}

const otherOf = (marker: Marker | undefined): Marker => (marker === '18S' ? '16S' : '18S');

/** The specific reason of a refusal, shown under (and after) the headline. */
export function refusalDetail(reason: RefusalReason, facts: RefusalFacts): LocalizedText {
  switch (reason) {
    case 'empty':
      return { en: 'No sequence was given.', zh: '未提供序列。' };
    case 'non-nucleotide':
      return notNucleotidesDetail(facts.notNucleotides);
    case 'protein':
      return {
        en: 'This looks like a protein (amino-acid) sequence; submit the nucleotide sequence of the gene.',
        zh: '这看起来是蛋白质（氨基酸）序列，请提交该基因的核苷酸序列。',
      };
    case 'too-short':
      return { en: `The sequence is shorter than ${facts.minLength} bp.`, zh: `序列短于 ${facts.minLength} bp。` };
    case 'too-long': {
      const max = facts.maxLength ?? 10_000;
      return { en: `The sequence is longer than ${max} bp, more than one marker gene.`, zh: `序列长于 ${max} bp，不是单个标记基因序列。` };
    }
    case 'too-many':
      return {
        en: `At most ${facts.maxSequences ?? 100} sequences per submission; this one has ${facts.count ?? '?'}.`,
        zh: `一次最多提交 ${facts.maxSequences ?? 100} 条序列，本次为 ${facts.count ?? '?'} 条。`,
      };
    case 'other-marker': {
      const other = otherOf(facts.marker);
      const match = facts.otherMatch;
      const sim = match ? match.similarity.toFixed(2) : '';
      return {
        en: `This looks like an ${other} rRNA gene${match ? ` (${sim}% similar to ${match.species}, ${match.accession}, among the ${other} references)` : ''}: use the ${other} identification.`,
        zh: `这看起来是 ${other} rRNA 基因${match ? `（与 ${other} 参考序列 ${match.species}（${match.accession}）的相似度为 ${sim}%）` : ''}，请使用 ${other} 鉴定。`,
      };
    }
    case 'no-similar-reference': {
      const best = facts.bestSimilarity !== undefined && facts.bestSimilarity > 0 ? facts.bestSimilarity.toFixed(2) : null;
      return {
        en: `No reference sequence is at least ${facts.minSimilarity}% similar${best ? ` (the closest is ${best}%)` : ''}.`,
        zh: `没有相似度不低于 ${facts.minSimilarity}% 的参考序列${best ? `（最接近的为 ${best}%）` : ''}。`,
      };
    }
  }
}

/** The headline and the specific reason in one line, for places that show a single text (history, task error). */
export function refusalText(message: LocalizedText, detail: LocalizedText): LocalizedText {
  return { en: `${message.en} — ${detail.en}`, zh: `${message.zh}：${detail.zh}` };
}

/**
 * Whether text refused as not nucleotides is a protein: mostly letters, and many of them amino
 * acids that are no nucleotide code (E, F, I, L, P, Q …). A typo or a stray digit in a DNA sequence
 * is not.
 */
export function looksLikeProtein(text: string): boolean {
  const letters = text.replace(/[^A-Za-z*]/g, '');
  if (letters.length < 20) return false;
  let aminoOnly = 0;
  let nucleotide = 0;
  for (const c of letters.toUpperCase()) {
    if ('EFIJLOPQZX*'.includes(c)) aminoOnly++;
    else if ('ACGTUN'.includes(c)) nucleotide++;
  }
  // DNA is ≥ 90 % A/C/G/T/U/N; a protein has ~20 % of E, F, I, L, P, Q alone.
  return aminoOnly / letters.length >= 0.1 && nucleotide / letters.length < 0.7;
}

export function refusalMessageKey(marker: Marker, reason: RefusalReason): IdentifyMessageKey {
  const m = marker === '18S' ? '18s' : '16s';
  return reason === 'empty' ? `identify.${m}.empty` : `identify.${m}.unsupported`;
}

export const CONFIDENCE_LABELS: Readonly<Record<'species' | 'species-group' | 'genus' | 'family' | 'none', LocalizedText>> = Object.freeze({
  species: { en: 'Species level', zh: '种水平' },
  'species-group': { en: 'Species group', zh: '种群（多个种无法区分）' },
  genus: { en: 'Genus level', zh: '属水平' },
  family: { en: 'Family level', zh: '科水平' },
  none: { en: 'No reliable identification', zh: '无法可靠鉴定' },
});

/** A finished result without an identification: no reference reaches the minimum similarity. */
export const NO_SIMILAR_REFERENCE: LocalizedText = Object.freeze({ en: 'No similar reference', zh: '无相似参考序列' });
