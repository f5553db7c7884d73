import type { Language } from '@mdc/core/identify';
import { GENOME_SPECIES_THRESHOLD_SOURCE } from '@mdc/contracts';
import { GENOME_THRESHOLD_SOURCES } from '@mdc/core/identify/genome';
import { reportDocument } from '../../reports/pdf-document';
import type { TaskRow } from '../tasks';
import { CLOSEST_LABEL, callHeadlineParts, nextStep } from '@mdc/core/identify';
import { aniText, genomeCallName, GENOME_REPORT_TEXT } from './report';
import type { GenomeTaskResult } from './schemas';

function date(value: Date | string | null): string {
  if (!value) return '—';
  return new Date(value).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

const BLUE = '#0b3d5c';
const LEVEL_COLOUR = { species: '#237804', genus: '#d48806', none: '#a8071a' } as const;

/**
 * The genome result as a PDF: the call with its level and notes, a picture of the closest
 * references' ANI against the 95 % species line, the table of references, the assembly QC and
 * the 16S copies. Species names in italics, as printed in the literature.
 */
export async function genomePdf(task: TaskRow, lang: Language): Promise<Buffer> {
  const t = GENOME_REPORT_TEXT[lang];
  const result = task.result as GenomeTaskResult | null;
  const report = reportDocument(`${t.report} ${task.id}`);
  const { doc, text, left, width, room } = report;
  const italic = 'Helvetica-Oblique';
  /** The text cut (with an ellipsis) to fit one line of `room` points in the current font, so that it never runs into the next column. */
  const fitted = (value: string, room: number): string => {
    if (doc.widthOfString(value) <= room) return value;
    let cut = value;
    while (cut.length > 1 && doc.widthOfString(cut + '…') > room) cut = cut.slice(0, -1);
    return cut + '…';
  };
  // Helvetica sits higher on its line than Noto CJK: italic names set in it beside CJK-font text
  // move down by the difference of the ascenders, to share their baseline (as the biochemistry PDF does).
  const ascender = (fontName: string) => (doc.font(fontName) as unknown as { _font: { ascender: number } })._font.ascender;
  const latinDrop = text !== 'Helvetica' ? (ascender(text) - ascender(italic)) / 1000 : 0;
  doc.font(text);
  /** One line of upright and italic runs at the current y, each run on the same baseline; moves below it. */
  const runs = (parts: readonly { text: string; italic?: boolean }[], size: number) => {
    const y = doc.y;
    let x = left;
    for (const part of parts) {
      doc.font(part.italic ? italic : text).fontSize(size);
      doc.text(part.text, x, y + (part.italic ? latinDrop * size : 0), { lineBreak: false });
      x += doc.widthOfString(part.text);
    }
    doc.font(text).fontSize(size);
    doc.x = left;
    doc.y = y + doc.currentLineHeight(true);
  };
  const heading = (label: string) => {
    room(60);
    doc.moveDown(0.8).font(text).fontSize(12).fillColor(BLUE).text(label, left, doc.y, { width });
    doc.moveDown(0.2).fontSize(9).fillColor('#222');
  };

  doc.font(text).fontSize(15).fillColor(BLUE).text(t.report, { width });
  doc.moveDown(0.4).fontSize(9).fillColor('#333');
  doc.text(`${lang === 'zh' ? '任务' : 'Task'}: ${task.id}    ${t.file}: ${task.file_name ?? ''}`);
  doc.text(`${lang === 'zh' ? '提交时间' : 'Submitted'}: ${date(task.created_at)}    ${lang === 'zh' ? '完成时间' : 'Finished'}: ${date(task.finished_at)}`);
  if (!result) {
    const error = lang === 'zh' ? task.error_zh : task.error_en;
    if (error) doc.fillColor('#a8071a').text(error);
    return report.end();
  }
  doc.text(`${t.sample}: ${result.query.sampleName}`);

  // The call.
  const call = result.call;
  heading(t.call);
  if (call.level === 'genus') {
    // "<Genus> sp." as every method heads a genus-level call; its closest species apart, then what settles it.
    const genusCall = { name: call.genus ?? '', level: 'genus', closest: call.species };
    doc.fillColor(LEVEL_COLOUR.genus);
    runs(callHeadlineParts(genusCall, lang), 14);
    doc.fillColor('#222');
    if (call.species) runs([{ text: `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}` }, { text: call.species, italic: true }], 9);
    doc.fillColor('#614700').fontSize(9).text(nextStep('genome', genusCall)![lang], { width }).fillColor('#222');
  } else {
    const name = call.level === 'none' ? t.level.none : genomeCallName(call, lang);
    // The Latin italic has no Chinese glyphs: a complex named in Chinese is set upright in the CJK font.
    doc.font(call.level === 'none' || /[\u4e00-\u9fff]/.test(name) ? text : italic).fontSize(14).fillColor(LEVEL_COLOUR[call.level]).text(name, { continued: false });
  }
  doc.font(text).fontSize(9).fillColor('#222');
  const figures: string[] = [t.level[call.level]];
  if (call.ani !== null) figures.push(`ANI ${aniText(call.ani, lang)}${call.ani >= result.thresholds.comparable! ? ' %' : ''}`);
  if (call.queryAf !== null) figures.push(`${t.columns.queryAf} ${(100 * call.queryAf).toFixed(1)}`);
  if (call.ambiguous) figures.push(t.ambiguous);
  doc.text(figures.join('  ·  '));
  if (call.runnerUp) {
    runs([{ text: `${t.runnerUp}: ` }, { text: call.runnerUp.species, italic: true }, { text: `  ANI ${call.runnerUp.ani.toFixed(2)} %` }], 9);
  }
  for (const note of call.notes) doc.moveDown(0.2).fillColor('#614700').text(note.text[lang], { width }).fillColor('#222');

  // The picture: ANI of the closest references against the species line.
  const hits = result.hits.slice(0, 10);
  if (hits.length) {
    heading(t.hits);
    const labelWidth = 190;
    const barLeft = left + labelWidth;
    const barWidth = width - labelWidth - 40;
    const comparable = result.thresholds.comparable ?? 78;
    const lo = 75;
    const x = (ani: number) => barLeft + (Math.max(lo, Math.min(100, ani)) - lo) / (100 - lo) * barWidth;
    const rowHeight = 14;
    room(hits.length * rowHeight + 30);
    const top = doc.y;
    hits.forEach((h, i) => {
      const y = top + i * rowHeight;
      doc.font(italic).fontSize(8).fillColor('#222').text(fitted(h.species, labelWidth - 64), left, y + 2 + latinDrop * 8, { lineBreak: false });
      doc.font(text).fontSize(7).fillColor('#666').text(fitted(h.strain, 56), left + labelWidth - 60, y + 3, { lineBreak: false });
      // Below the comparable level an ANI is no measure: no bar, the words instead.
      if (h.ani < comparable) {
        doc.font(text).fontSize(7).fillColor('#8c8c8c').text(t.notComparable, barLeft + 3, y + 3, { lineBreak: false });
        return;
      }
      const colour = h.ani >= result.thresholds.species! ? LEVEL_COLOUR.species : h.ani >= result.thresholds.genus! ? LEVEL_COLOUR.genus : '#8c8c8c';
      doc.rect(barLeft, y + 3, Math.max(1, x(h.ani) - barLeft), rowHeight - 6).fill(colour);
      doc.font(text).fontSize(7).fillColor('#222').text(h.ani.toFixed(2), x(h.ani) + 3, y + 3, { lineBreak: false });
    });
    const bottom = top + hits.length * rowHeight;
    for (const [value, dash] of [[result.thresholds.species!, true], [result.thresholds.genus!, true]] as const) {
      doc.save().moveTo(x(value), top - 2).lineTo(x(value), bottom + 2).lineWidth(0.8).dash(2, { space: 2 }).stroke(value === result.thresholds.species ? '#cf1322' : '#d48806').restore();
      if (dash) doc.font(text).fontSize(7).fillColor('#444').text(`${value} %`, x(value) - 10, bottom + 4, { lineBreak: false });
    }
    for (const tick of [75, 80, 85, 90, 95, 100]) doc.font(text).fontSize(6).fillColor('#888').text(String(tick), x(tick) - 5, bottom + 13, { lineBreak: false });
    doc.x = left;
    doc.y = bottom + 26;

    // The table.
    const columns = [
      { label: '#', width: 20 },
      { label: t.columns.species, width: 140 },
      { label: t.columns.strain, width: 120 },
      { label: t.columns.ani, width: 50 },
      { label: t.columns.queryAf, width: 60 },
      { label: t.columns.referenceAf, width: 60 },
      { label: t.columns.fragments, width: 60 },
    ];
    const row = (values: string[], header: boolean, italicSpecies = false) => {
      doc.fontSize(7.5).fillColor(header ? '#000' : '#222');
      const height = header ? Math.max(...values.map((v, i) => doc.font(text).heightOfString(v, { width: columns[i]!.width - 4 }))) + 3 : 12;
      room(height + 2);
      const y = doc.y;
      let cx = left;
      values.forEach((value, i) => {
        const slanted = italicSpecies && i === 1;
        doc.font(slanted ? italic : text);
        if (header) doc.text(value, cx, y, { width: columns[i]!.width - 4 });
        else doc.text(fitted(value, columns[i]!.width - 6), cx, y + (slanted ? latinDrop * 7.5 : 0), { lineBreak: false });
        cx += columns[i]!.width;
      });
      doc.x = left;
      doc.y = y + height;
    };
    row(columns.map((c) => c.label), true);
    for (const h of result.hits) {
      row([String(h.rank), h.species, h.strain, aniText(h.ani, lang), (100 * h.queryAf).toFixed(1), (100 * h.referenceAf).toFixed(1), `${h.mappedFragments}/${h.queryFragments}`], false, true);
    }
  }

  // QC.
  heading(t.qc);
  const s = result.qc.stats;
  doc.font(text).text(
    `${t.stats.length}: ${s.length.toLocaleString('en')}    ${t.stats.contigs}: ${s.contigs}    ${t.stats.n50}: ${s.n50.toLocaleString('en')}    ${t.stats.gc}: ${s.gcPercent.toFixed(2)}    ${t.stats.n}: ${s.nPercent.toFixed(2)}`,
    { width },
  );
  const range = result.qc.range;
  if (range) {
    doc.text(
      lang === 'zh'
        ? `${range.species} 参考基因组（${range.references} 个）：${(range.lengthMin / 1e6).toFixed(2)}–${(range.lengthMax / 1e6).toFixed(2)} Mbp，GC ${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)}%`
        : `${range.species} references (${range.references}): ${(range.lengthMin / 1e6).toFixed(2)}–${(range.lengthMax / 1e6).toFixed(2)} Mbp, GC ${range.gcMin.toFixed(1)}–${range.gcMax.toFixed(1)} %`,
      { width },
    );
  }
  if (result.qc.contamination) doc.text(`${t.stats.contamination}: ${(100 * result.qc.contamination.share).toFixed(1)}`, { width });
  for (const f of result.qc.findings) doc.fillColor('#614700').text(f.text[lang], { width }).fillColor('#222');

  // 16S copies.
  heading(t.rrna);
  const r = result.rrna;
  doc.font(text).text(
    lang === 'zh'
      ? `找到 ${r.found} 个拷贝${r.identityMin !== null ? `，拷贝间一致性 ${r.identityMin.toFixed(2)}–${r.identityMax!.toFixed(2)}%` : ''}`
      : `${r.found} ${r.found === 1 ? 'copy' : 'copies'} found${r.identityMin !== null ? `; identity between copies ${r.identityMin.toFixed(2)}–${r.identityMax!.toFixed(2)} %` : ''}`,
    { width },
  );
  r.copies.forEach((copy, i) => {
    room(14);
    const where = `${i + 1}. ${copy.contig}:${copy.start}–${copy.end} (${copy.strand}) ${copy.length} bp  `;
    runs(copy.species ? [{ text: where }, { text: copy.species, italic: true }, { text: `  ${copy.similarity?.toFixed(2)} %` }] : [{ text: where }], 8);
  });

  room(60);
  const comparableLine = result.thresholds.comparable ?? 78;
  doc.moveDown(1).font(text).fontSize(7.5).fillColor('#555').text(
    lang === 'zh'
      ? `ANI 按 fastANI 的方法估计（3 kb 片段，种 ≥ ${result.thresholds.species}% 且查询比对比例 ≥ ${100 * result.thresholds.speciesQueryAf!}%，属 ≥ ${result.thresholds.genus}%，低于 ${comparableLine}% 不可比）。依据：种界见 ${GENOME_SPECIES_THRESHOLD_SOURCE.zh}；属界为 MDC 在共享参考基因组上的实测：不同属之间 ANI 最高达 82.87%（弗氏柠檬酸杆菌对沙门菌为 83.66%），再加上 MDC 与 fastANI 的最大差值 1.45 个百分点。`
      : `ANI estimated as fastANI does (3-kb fragments; species ≥ ${result.thresholds.species} % with ≥ ${100 * result.thresholds.speciesQueryAf!} % of the query aligned, genus ≥ ${result.thresholds.genus} %, not comparable below ${comparableLine} %). Sources: ${GENOME_THRESHOLD_SOURCES.species}; ${GENOME_THRESHOLD_SOURCES.genus}.`,
    left,
    doc.y,
    { width },
  );
  return report.end();
}
