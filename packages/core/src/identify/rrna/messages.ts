export type Marker = '16S' | '18S';
export type Language = 'zh' | 'en';
export type LocalizedText = Readonly<Record<Language, string>>;

/**
 * How MDC computes similarity, for display next to results. Keep it in step with
 * `alignmentStats` and `similarityOf`.
 */
export const SIMILARITY_DEFINITION: LocalizedText = Object.freeze({
  en:
    'Similarity = identical columns / alignment columns, in percent. The query is aligned end to end; ' +
    'reference bases overhanging either end of the query are not alignment columns, while query bases ' +
    'beyond the ends of the reference count as gap columns. Each gap base is one column. A column where an ' +
    'ambiguity code (e.g. N, R, Y) faces a base it may stand for is neither identical nor a mismatch and is ' +
    'left out of both counts; an ambiguity code facing a base it cannot stand for is a mismatch.',
  zh:
    '相似度 = 相同位点数 / 比对位点数（百分比）。查询序列全长参与比对；参考序列超出查询序列两端的部分不计入比对位点，' +
    '而查询序列超出参考序列两端的碱基计为空位位点。每个空位碱基计为一个位点。简并碱基（如 N、R、Y）与其可代表的碱基相对时，' +
    '既不算相同也不算错配，不计入分子和分母；与其不能代表的碱基相对时计为错配。',
});

/** Why a submitted sequence was refused. */
export type RefusalReason = 'empty' | 'non-nucleotide' | 'too-short' | 'no-similar-reference';

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

/** Finer explanation of a refusal, shown under the main message. */
export function refusalDetail(reason: RefusalReason, limits: { minLength: number; minSimilarity: number }): LocalizedText {
  switch (reason) {
    case 'empty':
      return { en: 'No sequence was given.', zh: '未提供序列。' };
    case 'non-nucleotide':
      return {
        en: 'The sequence contains characters that are not nucleotide (IUPAC) codes.',
        zh: '序列含有非核苷酸（IUPAC）字符。',
      };
    case 'too-short':
      return { en: `The sequence is shorter than ${limits.minLength} bp.`, zh: `序列短于 ${limits.minLength} bp。` };
    case 'no-similar-reference':
      return {
        en: `No reference sequence is at least ${limits.minSimilarity}% similar.`,
        zh: `没有相似度不低于 ${limits.minSimilarity}% 的参考序列。`,
      };
  }
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
