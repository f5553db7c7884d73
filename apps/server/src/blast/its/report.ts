import { callLine, nextStep } from '@mdc/core/identify';
import { CONFIDENCE_LABELS, NO_SIMILAR_REFERENCE, sequenceCall, type Hit, type Language } from '@mdc/core/identify/rrna';
import { ITS_BASIS_LABELS, ITS_METHOD_NOTE, ITS_THRESHOLDS, ITS_THRESHOLD_SOURCES, type ItsResult } from '@mdc/core/identify/its';
import { csvDocument } from '../csv';
import type { ExportOptions } from '../method';
import { reportDocument } from '../../reports/pdf-document';
import { defaultTimeZone, formatTime } from '../../reports/time';
import type { TaskRow } from '../tasks';
import type { ItsItem } from './result';

export const ITS_REPORT_TEXT = {
  zh: {
    report: 'MDC 微生物数据云 · 真菌 ITS 鉴定报告',
    task: '任务',
    status: '状态',
    statuses: { running: '运行中', done: '完成', failed: '失败' },
    submitted: '提交时间',
    finished: '完成时间',
    references: '参与检索的 ITS1/ITS2 参考序列',
    read: '序列',
    call: '鉴定结果',
    basis: '依据',
    complex: (name: string, by: string) => `ITS 无法区分该复合群内的种：报告为 ${name}；需 ${by} 才能鉴定到种。`,
    regions: (its1: string, s58: string, its2: string) => `ITS1：${its1}；5.8S：${s58}；ITS2：${its2}`,
    none: '未找到',
    refused: '未能鉴定',
    noSimilar: NO_SIMILAR_REFERENCE.zh,
    thresholds: `种水平 ≥ ${ITS_THRESHOLDS.species}%（且领先其他种 ≥ ${ITS_THRESHOLDS.speciesMargin} 个百分点），属水平 ≥ ${ITS_THRESHOLDS.genus}%，科水平 ≥ ${ITS_THRESHOLDS.family}%；依据：Vu et al. 2019, Stud Mycol 92:135–154（约 9,600 株丝状真菌的 ITS 条形码），并在 439 条 ITS2 开发集序列上核对（bench/identify/its）`,
    noFiveEightS: '未找到 5.8S：按单独的间隔区读段检索',
    columns: { read: '序列', part: '区段', rank: '名次', accession: '参考序列编号', species: '菌种', similarity: '相似度(%)', length: '比对长度(bp)', mismatches: '错配(bp)', gaps: '空位(bp)', score: '得分', confidence: '置信水平', group: '复合群', message: '说明' },
  },
  en: {
    report: 'MDC · Microbe Data Cloud — fungal ITS identification report',
    task: 'Task',
    status: 'Status',
    statuses: { running: 'running', done: 'done', failed: 'failed' },
    submitted: 'Submitted',
    finished: 'Finished',
    references: 'ITS1/ITS2 references searched',
    read: 'Sequence',
    call: 'Identification',
    basis: 'Evidence',
    complex: (name: string, by: string) => `ITS cannot separate the species of this complex: reported as ${name}; ${by} tells them apart.`,
    regions: (its1: string, s58: string, its2: string) => `ITS1: ${its1}; 5.8S: ${s58}; ITS2: ${its2}`,
    none: 'not found',
    refused: 'Not identified',
    noSimilar: NO_SIMILAR_REFERENCE.en,
    thresholds: `Species ≥ ${ITS_THRESHOLDS.species}% (leading every other species by ≥ ${ITS_THRESHOLDS.speciesMargin} point), genus ≥ ${ITS_THRESHOLDS.genus}%, family ≥ ${ITS_THRESHOLDS.family}%; basis: ${ITS_THRESHOLD_SOURCES.species}`,
    noFiveEightS: 'No 5.8S found: searched as a spacer read alone',
    columns: { read: 'Sequence', part: 'Part', rank: 'Rank', accession: 'Reference record', species: 'Species', similarity: 'Similarity (%)', length: 'Aligned (bp)', mismatches: 'Mismatches (bp)', gaps: 'Gaps (bp)', score: 'Score', confidence: 'Confidence', group: 'Species complex', message: 'Note' },
  },
} as const;

const stretch = (s: { start: number; end: number } | null, none: string) => (s ? `${s.start + 1}–${s.end}` : none);

/** The call in words: complex, species group, species, genus … */
export function callText(result: ItsResult, lang: Language): string {
  if (!result.ok) return `${result.message[lang]} — ${result.detail[lang]}`;
  const level = CONFIDENCE_LABELS[result.confidence.level][lang];
  if (result.its.speciesGroup) return `${result.its.speciesGroup.name[lang]} (${level})`;
  // As for 16S/18S: a genus is "<Genus> sp.", the top hit's species only the closest.
  return `${callLine(sequenceCall(result), lang)} (${level})`;
}

/** What settles the species after a read's call above it (a genus, a family, a species group), or null. */
export function nextStepText(result: ItsResult, lang: Language): string | null {
  if (!result.ok || result.its.speciesGroup) return null;
  return nextStep('ITS', sequenceCall(result))?.[lang] ?? null;
}

/** One row per listed hit of the answer (pooled over ITS1 and ITS2 for a whole ITS), a row per refused read. */
export function itsCsv(items: readonly ItsItem[], lang: Language): string {
  const t = ITS_REPORT_TEXT[lang];
  const c = t.columns;
  const rows: (string | number | null)[][] = [[c.read, c.part, c.rank, c.accession, c.species, c.similarity, c.length, c.mismatches, c.gaps, c.score, c.confidence, c.group, c.message]];
  for (const item of items) {
    const r = item.result;
    if (!r.ok) {
      rows.push([item.queryId, '', 0, '', '', null, null, null, null, null, CONFIDENCE_LABELS.none[lang], '', `${r.message[lang]} — ${r.detail[lang]}`]);
      continue;
    }
    const basis = r.its.basis ? ITS_BASIS_LABELS[r.its.basis][lang] : '';
    for (const h of r.hits) {
      rows.push([item.queryId, basis, h.rank, h.accession, h.species, Number(h.similarity.toFixed(2)), h.alignedLength, h.mismatches, h.gaps, h.score, CONFIDENCE_LABELS[r.confidence.level][lang], r.its.speciesGroup?.name[lang] ?? '', h.rank === 1 ? [callText(r, lang), nextStepText(r, lang)].filter(Boolean).join('; ') : '']);
    }
  }
  return csvDocument(rows);
}

const ITALIC = 12;

export async function itsPdf(task: TaskRow, items: readonly ItsItem[], lang: Language, options: ExportOptions = {}): Promise<Buffer> {
  const t = ITS_REPORT_TEXT[lang];
  const timeZone = options.timeZone ?? defaultTimeZone(lang);
  const report = reportDocument(`${t.report} ${task.id}`);
  const { doc, text, left, width, room } = report;
  doc.font(text).fontSize(15).fillColor('#0b3d5c').text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  doc.text(`${t.task}: ${task.id}    ${t.status}: ${t.statuses[task.status]}`);
  doc.text(`${t.submitted}: ${formatTime(task.created_at, timeZone)}    ${t.finished}: ${formatTime(task.finished_at, timeZone)}`);
  if (task.reference_count) doc.text(`${t.references}: ${task.reference_count}`);
  if (task.status === 'failed' && task.error_en) doc.fillColor('#a8071a').text(lang === 'zh' ? (task.error_zh ?? '') : task.error_en).fillColor('#333');
  const columns = [
    { label: '#', width: 22, cell: (h: Hit) => String(h.rank) },
    { label: t.columns.species, width: 150, cell: (h: Hit) => h.species, italic: true },
    { label: t.columns.accession, width: 130, cell: (h: Hit) => h.accession },
    { label: t.columns.similarity, width: 60, cell: (h: Hit) => h.similarity.toFixed(2) },
    { label: t.columns.length, width: 62, cell: (h: Hit) => String(h.alignedLength) },
    { label: t.columns.mismatches, width: 55, cell: (h: Hit) => String(h.mismatches) },
    { label: t.columns.gaps, width: 45, cell: (h: Hit) => String(h.gaps) },
  ];
  for (const item of items) {
    room(90);
    doc.moveDown(0.8).fontSize(11).fillColor('#0b3d5c').text(`${t.read} ${item.position}: ${item.queryId} (${item.length} bp)`, left, doc.y, { width });
    doc.fontSize(9).fillColor('#333');
    const r = item.result;
    const regions = r.its.regions;
    doc.text(regions.fiveEightS ? t.regions(stretch(regions.its1, t.none), stretch(regions.fiveEightS, t.none), stretch(regions.its2, t.none)) : t.noFiveEightS, { width });
    if (!r.ok) {
      doc.fillColor('#a8071a').text(`${t.refused}: ${callText(r, lang)}`, { width }).fillColor('#333');
      continue;
    }
    doc.font(text).fontSize(10).text(`${t.call}: ${callText(r, lang)}`, { width });
    doc.fontSize(9);
    const next = nextStepText(r, lang);
    if (next) doc.fillColor('#614700').text(next, { width }).fillColor('#333');
    if (r.its.basis) doc.text(`${t.basis}: ${ITS_BASIS_LABELS[r.its.basis][lang]}`, { width });
    if (r.its.speciesGroup) doc.fillColor('#ad6800').text(t.complex(r.its.speciesGroup.name[lang], r.its.speciesGroup.resolvedBy[lang]), { width }).fillColor('#333');
    doc.moveDown(0.3);
    let x = left;
    const headY = doc.y;
    let headHeight = 0;
    for (const col of columns) {
      doc.text(col.label, x, headY, { width: col.width - 4 });
      headHeight = Math.max(headHeight, doc.heightOfString(col.label, { width: col.width - 4 }));
      x += col.width;
    }
    // Labels that wrap (English "Mismatches (bp)") must not run into the first row.
    doc.y = headY + headHeight + 3;
    for (const hit of r.hits.slice(0, 15)) {
      room(14);
      const y = doc.y;
      x = left;
      for (const col of columns) {
        const value = col.cell(hit);
        if (col.italic) doc.save().transform(1, 0, -Math.tan((ITALIC * Math.PI) / 180), 1, y * Math.tan((ITALIC * Math.PI) / 180), 0);
        doc.text(value, x, y, { width: col.width - 4, lineBreak: false, ellipsis: true });
        if (col.italic) doc.restore();
        x += col.width;
      }
      doc.y = y + 12;
    }
  }
  room(80);
  doc.moveDown(1).fontSize(8).fillColor('#555').text(ITS_METHOD_NOTE[lang], left, doc.y, { width });
  doc.moveDown(0.4).text(t.thresholds, { width });
  return report.end();
}
