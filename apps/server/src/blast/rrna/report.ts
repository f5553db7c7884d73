import { CONFIDENCE_LABELS, DEFAULT_THRESHOLDS, type Language } from '@mdc/core/identify/rrna';
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
    sequence: '序列',
    length: '长度',
    topHit: '最佳匹配',
    confidence: '置信水平',
    tied: '并列最高相似度的菌种',
    hits: '全部匹配（= 与最佳匹配并列）',
    alignment: '最佳匹配的比对',
    refused: '未能鉴定',
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
      message: '说明',
    },
    thresholdText: (t: typeof DEFAULT_THRESHOLDS) =>
      `种水平 ≥ ${t.species}%（且领先其他菌种 ≥ ${t.speciesMargin}%，否则为种群），属水平 ≥ ${t.genus}%，科水平 ≥ ${t.family}%；低于 ${t.minSimilarity}% 视为不支持的序列。`,
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
    sequence: 'Sequence',
    length: 'Length',
    topHit: 'Top hit',
    confidence: 'Confidence',
    tied: 'Species tied at the top similarity',
    hits: 'All hits (= tied with the top hit)',
    alignment: 'Alignment of the top hit',
    refused: 'Not identified',
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
      message: 'note',
    },
    thresholdText: (t: typeof DEFAULT_THRESHOLDS) =>
      `species ≥ ${t.species}% (leading every other species by ≥ ${t.speciesMargin}%, otherwise a species group), genus ≥ ${t.genus}%, family ≥ ${t.family}%; below ${t.minSimilarity}% the sequence is not supported.`,
  },
} as const;

export function confidenceText(level: keyof typeof CONFIDENCE_LABELS, names: string[], lang: Language): string {
  const label = CONFIDENCE_LABELS[level][lang];
  return names.length ? `${label}: ${names.join(', ')}` : label;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row per hit (one per refused sequence), headed in the reader's language; a BOM so spreadsheet programs read UTF-8. */
export function resultCsv(sequences: SequenceRow[], lang: Language): string {
  const c = REPORT_TEXT[lang].columns;
  const header = [c.sequence, c.query, c.rank, c.accession, c.species, c.similarity, c.length, c.identical, c.mismatches, c.gaps, c.score, c.coverage, c.strand, c.confidence, c.message];
  const lines = [header.map(csvCell).join(',')];
  for (const s of sequences) {
    const result = s.result;
    if (!result) {
      lines.push([s.position, s.query_id, '', '', '', '', '', '', '', '', '', '', '', '', REPORT_TEXT[lang].statuses.running].map(csvCell).join(','));
      continue;
    }
    if (!result.ok) {
      lines.push([s.position, s.query_id, '', '', '', '', '', '', '', '', '', '', '', '', `${result.message[lang]} — ${result.detail[lang]}`].map(csvCell).join(','));
      continue;
    }
    const confidence = confidenceText(result.confidence.level, result.confidence.names, lang);
    for (const hit of result.hits) {
      lines.push(
        [
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
          hit.strand,
          hit.rank === 1 ? confidence : '',
          hit.tiedWithTop && hit.rank > 1 ? (lang === 'zh' ? '与最佳匹配并列' : 'tied with the top hit') : '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}
