import { callLine, nextStep } from '@mdc/core/identify';
import { CONFIDENCE_LABELS, NO_SIMILAR_REFERENCE, NOTABLE_TRIM, sequenceCall, thresholdsFor, type ComplexCall, type ConfidenceThresholds, type Language, type Marker } from '@mdc/core/identify/rrna';
import { csvDocument } from '../csv';
import type { SequenceRow } from './store';

/** Labels of the exported reports, in both languages. */
export const REPORT_TEXT = {
  zh: {
    report: 'MDC 微生物数据云 · 序列鉴定报告',
    task: '任务',
    marker: '类型',
    status: '状态',
    submitted: '提交时间',
    finished: '完成时间',
    references: '参考序列',
    statuses: { running: '运行中', done: '完成', failed: '失败' },
    strands: { '+': '正向', '-': '反向互补' },
    sequence: '序列',
    length: '长度',
    topHit: '最佳匹配',
    call: '鉴定结果',
    closest: '最接近的种',
    confidence: '置信水平',
    tied: '并列最高相似度的菌种',
    hits: '全部匹配（= 与最佳匹配并列）',
    alignment: '最佳匹配的比对',
    refused: '未能鉴定',
    noSimilar: NO_SIMILAR_REFERENCE.zh,
    region: (start: number, end: number, length: number) => `鉴定区段：第 ${start}–${end} 位（共 ${length} bp）`,
    trimmedEnds: (before: number, after: number) => `两端无法比对、已修剪：前 ${before} bp，后 ${after} bp`,
    trace: (file: string, kept: number, called: number, before: number, after: number, limit: number, q: string) =>
      `峰图 ${file}：${called} 个碱基判读，按质量修剪（Mott 法，错误率上限 ${limit}）去掉前 ${before}、后 ${after} 个，保留 ${kept} 个（平均质量 Q${q}）`,
    traceUntrimmed: (file: string, called: number) => `峰图 ${file}：${called} 个碱基判读，文件无质量值，未按质量修剪`,
    pair: (file: string, overlap: number, identity: string, length: number, q: string) => `与反向峰图 ${file} 拼接：重叠 ${overlap} bp，一致性 ${identity}%，共有序列 ${length} bp（平均质量 Q${q}）`,
    unpaired: (partner: string, overlap: number) => `与 ${partner} 不重叠（${overlap} bp），未拼接，单独鉴定`,
    limitedCoverage: (coverage: string, min: number) => `仅 ${coverage}% 的序列与最佳匹配比对（种水平需 ≥ ${min}%），最多鉴定到属`,
    timeZone: '时区',
    definition: '相似度的定义',
    thresholds: '置信水平的界值',
    columns: {
      sequence: '序列',
      query: '查询序列',
      rank: '名次',
      accession: '登录号',
      species: '菌种',
      similarity: '相似度(%)',
      length: '比对长度(bp)',
      identical: '相同(bp)',
      mismatches: '错配(bp)',
      gaps: '空位(bp)',
      score: '得分',
      coverage: '覆盖度(%)',
      strand: '链',
      confidence: '置信水平',
      call: '鉴定结果',
      message: '说明',
    },
    thresholdText: (t: ConfidenceThresholds) =>
      `种水平 ≥ ${t.species}%（且领先其他菌种 ≥ ${t.speciesMargin}%，否则为种群），属水平 ≥ ${t.genus}%，科水平 ≥ ${t.family}%；与最佳匹配比对的部分少于序列的 ${t.minCoverage}% 时最多鉴定到属；低于 ${t.minSimilarity}% 视为无相似参考序列。`,
  },
  en: {
    report: 'MDC · Microbe Data Cloud — sequence identification report',
    task: 'Task',
    marker: 'Type',
    status: 'Status',
    submitted: 'Submitted',
    finished: 'Finished',
    references: 'Reference sequences',
    statuses: { running: 'running', done: 'done', failed: 'failed' },
    strands: { '+': 'plus', '-': 'minus' },
    sequence: 'Sequence',
    length: 'Length',
    topHit: 'Top hit',
    call: 'Identification',
    closest: 'Closest species',
    confidence: 'Confidence',
    tied: 'Species tied at the top similarity',
    hits: 'All hits (= tied with the top hit)',
    alignment: 'Alignment of the top hit',
    refused: 'Not identified',
    noSimilar: NO_SIMILAR_REFERENCE.en,
    region: (start: number, end: number, length: number) => `Identified stretch: ${start}–${end} of ${length} bp`,
    trimmedEnds: (before: number, after: number) => `Unalignable ends trimmed: ${before} bp before, ${after} bp after`,
    trace: (file: string, kept: number, called: number, before: number, after: number, limit: number, q: string) =>
      `Trace ${file}: ${called} base calls; quality trimming (Mott, error limit ${limit}) cut ${before} before and ${after} after, ${kept} kept (mean Q${q})`,
    traceUntrimmed: (file: string, called: number) => `Trace ${file}: ${called} base calls; no quality values in the file, not trimmed by quality`,
    pair: (file: string, overlap: number, identity: string, length: number, q: string) => `assembled with the reverse trace ${file}: overlap ${overlap} bp at ${identity}% identity, consensus ${length} bp (mean Q${q})`,
    unpaired: (partner: string, overlap: number) => `does not overlap ${partner} (${overlap} bp): not assembled, identified alone`,
    limitedCoverage: (coverage: string, min: number) => `only ${coverage}% of the sequence aligns with the top hit (${min}% needed for a species): at most the genus`,
    timeZone: 'time zone',
    definition: 'Similarity',
    thresholds: 'Confidence thresholds',
    columns: {
      sequence: 'sequence',
      query: 'query',
      rank: 'rank',
      accession: 'accession',
      species: 'species',
      similarity: 'similarity (%)',
      length: 'aligned length (bp)',
      identical: 'identical (bp)',
      mismatches: 'mismatches (bp)',
      gaps: 'gaps (bp)',
      score: 'score',
      coverage: 'query coverage (%)',
      strand: 'strand',
      confidence: 'confidence',
      call: 'identification',
      message: 'note',
    },
    thresholdText: (t: ConfidenceThresholds) =>
      `species ≥ ${t.species}% (leading every other species by ≥ ${t.speciesMargin}%, otherwise a species group), genus ≥ ${t.genus}%, family ≥ ${t.family}%; when less than ${t.minCoverage}% of the sequence aligns with the top hit, at most the genus; below ${t.minSimilarity}% no similar reference.`,
  },
} as const;

export function confidenceText(level: keyof typeof CONFIDENCE_LABELS, names: string[], lang: Language, complex?: ComplexCall): string {
  const label = CONFIDENCE_LABELS[level][lang];
  // A complex is the call; the members found follow it.
  if (complex) return `${label}: ${lang === 'zh' ? `${complex.zh}（${complex.name}）` : complex.name} — ${names.join(', ')}`;
  return names.length ? `${label}: ${names.join(', ')}` : label;
}

/** What was cut from a sequence before it was identified (quality trimming of a trace, unalignable ends), in one line. */
export function trimNotes(s: SequenceRow, lang: Language): string[] {
  const t = REPORT_TEXT[lang];
  const notes: string[] = [];
  const read = s.read;
  if (read) {
    const q = read.qualityTrim;
    notes.push(q ? t.trace(read.fileName, q.end - q.start, read.calledLength, q.trimmedStart, q.trimmedEnd, q.errorLimit, q.meanQuality.toFixed(0)) : t.traceUntrimmed(read.fileName, read.calledLength));
    if (read.pair) notes.push(t.pair(read.pair.reverse.fileName, read.pair.overlapLength, read.pair.identity.toFixed(1), read.pair.consensusLength, read.pair.meanQuality.toFixed(0)));
    else if (read.unpaired) notes.push(t.unpaired(read.unpaired.partner, read.unpaired.overlapLength));
  }
  const result = s.result;
  if (result?.ok && result.region) {
    const { start, end, trimmedStart, trimmedEnd } = result.region;
    if (trimmedStart + trimmedEnd > 0) {
      notes.push(t.region(start, end, result.queryLength));
      if (trimmedStart >= NOTABLE_TRIM || trimmedEnd >= NOTABLE_TRIM) notes.push(t.trimmedEnds(trimmedStart, trimmedEnd));
    }
  }
  return notes;
}

/**
 * One row per hit (one per refused sequence), headed in the reader's language, through the
 * frame's CSV writer: a cell a spreadsheet would run as a formula (a FASTA header can be anything)
 * is written as text.
 */
export function resultCsv(sequences: SequenceRow[], lang: Language, marker: Marker = '16S'): string {
  const t = REPORT_TEXT[lang];
  const c = t.columns;
  const rows: (string | number)[][] = [[c.sequence, c.query, c.rank, c.accession, c.species, c.similarity, c.length, c.identical, c.mismatches, c.gaps, c.score, c.coverage, c.strand, c.confidence, c.call, c.message]];
  const empty = (count: number) => new Array<string>(count).fill('');
  for (const s of sequences) {
    const result = s.result;
    if (!result) {
      rows.push([s.position, s.query_id, ...empty(13), t.statuses.running]);
      continue;
    }
    if (!result.ok) {
      const label = result.reason === 'no-similar-reference' ? t.noSimilar : result.message[lang];
      rows.push([s.position, s.query_id, ...empty(11), result.reason === 'no-similar-reference' ? t.noSimilar : '', '', [label, result.detail[lang], ...trimNotes(s, lang)].join(' — ')]);
      continue;
    }
    const confidence = confidenceText(result.confidence.level, result.confidence.names, lang, result.confidence.complex);
    const limited = result.confidence.limitedBy === 'coverage' ? t.limitedCoverage((result.confidence.coverage ?? 0).toFixed(1), thresholdsFor(marker).minCoverage) : '';
    // The call as the page heads it ("Weissella sp. (closest: Weissella cibaria)"), and above the species what settles it.
    const call = sequenceCall(result);
    const named = callLine(call, lang);
    const notes = [limited, ...trimNotes(s, lang), nextStep(marker, call)?.[lang] ?? ''].filter(Boolean).join('; ');
    for (const hit of result.hits) {
      rows.push([
        s.position,
        s.query_id,
        hit.rank,
        hit.accession,
        hit.species,
        hit.similarity.toFixed(2),
        hit.alignedLength,
        hit.identical,
        hit.mismatches,
        hit.gaps,
        hit.score,
        hit.queryCoverage.toFixed(1),
        t.strands[hit.strand],
        hit.rank === 1 ? confidence : '',
        hit.rank === 1 ? named : '',
        hit.rank === 1 ? notes : hit.tiedWithTop ? (lang === 'zh' ? '与最佳匹配并列' : 'tied with the top hit') : '',
      ]);
    }
  }
  return csvDocument(rows);
}
